// The Tailscale route with a fake `tailscale` on PATH that records its argv (SPEC §9).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTailscaleRoutes, findOnPath } from '../../../src/main/preview/tailscale';

let dir: string;
let log: string;
let env: NodeJS.ProcessEnv;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-tailscale-'));
  log = path.join(dir, 'calls.log');
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, 'tailscale'), `#!/bin/sh\necho "$*" >> '${log}'\n`, { mode: 0o755 });
  env = { PATH: `relative-dir${path.delimiter}${bin}` };
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const calls = (): string[] => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n') : []);

it('adds a route to the process’s own preview port when it starts and removes it when it stops', async () => {
  const asked: string[] = [];
  const previewPort = async (agentId: string, name: string): Promise<number> => {
    asked.push(`${agentId}/${name}`);
    return 41_234;
  };
  const routes = createTailscaleRoutes({ enabled: () => true, previewPort, env });
  await routes.onProcessStarted('agent-1', 'web', 5173);
  // After adding the route, Paddock asks for this machine's tailnet name (to recognise requests through it).
  expect(calls()).toEqual(['serve --bg --https=5173 http://127.0.0.1:41234', 'status --json']);
  await routes.onProcessStopped('web');
  expect(calls()).toEqual([
    'serve --bg --https=5173 http://127.0.0.1:41234',
    'status --json',
    'serve --https=5173 off',
  ]);
  await routes.onProcessStopped('web');
  expect(calls()).toHaveLength(3);
  expect(asked).toEqual(['agent-1/web']);
  expect(routes.exposure()).toContain("that process's own preview listener");
});

it('does nothing when off, without a port, or without tailscale on PATH', async () => {
  let on = false;
  const errors: string[] = [];
  const routes = createTailscaleRoutes({
    enabled: () => on,
    previewPort: async () => 41_234,
    env,
    onError: (m) => errors.push(m),
  });
  await routes.onProcessStarted('agent-1', 'web', 5173);
  on = true;
  await routes.onProcessStarted('agent-1', 'worker', null);
  await routes.onProcessStopped('web');
  expect(calls()).toEqual([]);
  const missing = createTailscaleRoutes({
    enabled: () => true,
    previewPort: async () => 41_234,
    env: { PATH: '/nonexistent' },
    onError: (m) => errors.push(m),
  });
  await missing.onProcessStarted('agent-1', 'web', 5173);
  expect(errors).toEqual(['Tailscale route not added: `tailscale` is not on PATH.']);
});

it('removes a route it added even after the switch went off', async () => {
  let on = true;
  const routes = createTailscaleRoutes({ enabled: () => on, previewPort: async () => 41_234, env });
  await routes.onProcessStarted('agent-1', 'web', 3000);
  on = false;
  await routes.onProcessStopped('web');
  expect(calls()).toEqual([
    'serve --bg --https=3000 http://127.0.0.1:41234',
    'status --json',
    'serve --https=3000 off',
  ]);
});

it('finds executables on absolute PATH entries only', () => {
  expect(findOnPath('tailscale', env)).toBe(path.join(dir, 'bin', 'tailscale'));
  expect(findOnPath('tailscale', { PATH: 'bin' })).toBeNull();
});
