// The owner's Tailscale route end to end (seed 003 §12): a fake `tailscale` on PATH answers `serve`
// and `status --json`; a request that arrives with the tailnet Host reaches that route's process at
// the root without a ticket, while the local listener still demands its own Host and cookie.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPreviewServer, type PreviewServer } from '../../../src/main/preview/server';
import { createTailscaleRoutes, type TailscaleRoutes } from '../../../src/main/preview/tailscale';
import { FakeLookup, request, startFixture, type Fixture } from './helpers';

let dir: string;
let app: Fixture;
let preview: PreviewServer;
let routes: TailscaleRoutes;
const lookup = new FakeLookup();
const TAILNET = 'box.tail1234.ts.net';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-tailnet-'));
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(
    path.join(bin, 'tailscale'),
    `#!/bin/sh\nif [ "$1" = status ]; then echo '{"Self":{"DNSName":"${TAILNET}."}}'; fi\n`,
    { mode: 0o755 },
  );
  app = await startFixture();
  lookup.set('web', { pid: app.pid, port: app.port });
  let current: TailscaleRoutes | null = null;
  preview = await startPreviewServer({
    lookup,
    ownPorts: () => [],
    tailnetRoute: (host) => current?.routeFor(host) ?? null,
  });
  routes = createTailscaleRoutes({
    enabled: () => true,
    previewPort: (agentId, name) => preview.portFor(agentId, name),
    env: { PATH: bin },
  });
  current = routes;
});

afterAll(async () => {
  await preview?.close();
  app?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('serves the route’s own process at the root to requests that came through the tailnet, and nothing else', async () => {
  const port = await preview.portFor('agent-1', 'web');
  expect((await request(port, '/', { host: `${TAILNET}:8443` })).status).toBe(421);
  await routes.onProcessStarted('agent-1', 'web', 8443);
  expect(routes.routeFor(`${TAILNET}:8443`)).toBe('web');
  const page = await request(port, '/', { host: `${TAILNET}:8443` });
  expect(page.status).toBe(200);
  expect(page.body).toContain('Hello from the fixture');
  // Another port on the tailnet name, or another name, is not a route of ours.
  expect((await request(port, '/', { host: `${TAILNET}:9999` })).status).toBe(421);
  expect((await request(port, '/', { host: `evil.example:8443` })).status).toBe(421);
  // The local listener is unchanged: its own Host and the ticket cookie.
  expect((await request(port, '/preview/developer/web/')).status).toBe(401);
  // Another preview's listener does not answer for this route.
  const other = await preview.portFor('agent-1', 'api');
  expect((await request(other, '/', { host: `${TAILNET}:8443` })).status).toBe(421);
  await routes.onProcessStopped('web');
  expect((await request(port, '/', { host: `${TAILNET}:8443` })).status).toBe(421);
});
