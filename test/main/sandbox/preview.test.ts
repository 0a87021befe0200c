// Previews across the sandbox's network namespace (issue 13 §3): a dev server started contained
// listens on the sandbox's own loopback; the host cannot reach that port directly, the preview's
// resolution reaches it through the bridge (socat inside the namespace, a unix socket, a host
// listener), and a screenshot of it is taken through the same path. Stopping it ends the bridge.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chromiumAvailable, createChromiumCapture } from '../../../src/main/preview/chromiumCapture';
import { startPreviewServer } from '../../../src/main/preview/server';
import { Supervisor } from '../../../src/main/processes/supervisor';
import { readLogChunk } from '../../../src/main/processes/logs';
import { findBridgeTools, PreviewBridges } from '../../../src/main/sandbox/bridge';
import { sandboxStatus, testSandbox } from '../../support/sandbox';
import { databaseWithAgents, removeTempDirs, tempDir, waitFor } from '../processes/helpers';

const FIXTURES = path.resolve(__dirname, '../../fixtures/sandbox');
const status = sandboxStatus();
const tools = findBridgeTools();
afterEach(removeTempDirs);

function get(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/hello', agent: false }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.skipIf(!status.available || !tools)('previews of a contained dev server', () => {
  it('reaches the server only through the bridge, screenshots it, and closes the bridge at stop', async () => {
    const workspace = tempDir('paddock-prev-ws-');
    const home = tempDir('paddock-prev-home-');
    const dataDir = tempDir('paddock-prev-data-');
    fs.copyFileSync(path.join(FIXTURES, 'daemon.cjs'), path.join(workspace, 'daemon.cjs'));
    const db = databaseWithAgents(dataDir, ['alice']);
    const supervisor = new Supervisor({ db, dataDir, killGraceMs: 500 });
    const bridges = new PreviewBridges({ dataDir, tools });
    supervisor.onEvent((event) => {
      if (event.type !== 'started') void bridges.closeFor(event.pid);
    });
    const preview = await startPreviewServer({
      lookup: supervisor,
      ownPorts: () => [],
      bridge: (owner, holder, port) => bridges.reach(owner, holder, port),
    });
    const sandbox = testSandbox({ home, dataDir });
    try {
      const row = supervisor.start('alice', {
        name: 'web',
        program: process.execPath,
        args: [path.join(workspace, 'daemon.cjs'), 'preview-token', '--serve'],
        cwd: workspace,
        env: { PATH: '/usr/bin:/bin', HOME: home },
        wrap: sandbox.wrapperFor({ agentId: 'alice', workspace, allowedDomains: [] }),
      });
      let inner = 0;
      await waitFor(
        () => {
          inner = Number(/listening (\d+)/.exec(readLogChunk(row.logPath, 0).text)?.[1] ?? 0);
          return inner > 0;
        },
        20_000,
        'the dev server to listen',
      );
      // The server's port is in the sandbox's namespace: on the host it is not there.
      expect(await connects(inner)).toBe(false);

      const resolved = await preview.resolve('web');
      if (!resolved.ok) throw new Error(resolved.reason);
      expect(resolved.port).not.toBe(inner);
      expect(await get(resolved.port)).toContain('served from the sandbox /hello');
      // The same bridge is reused for the next request.
      const again = await preview.resolve('web', inner);
      expect(again).toMatchObject({ ok: true, port: resolved.port });

      if (chromiumAvailable()) {
        const png = await createChromiumCapture()(`http://127.0.0.1:${resolved.port}/shot`, {
          width: 640,
          height: 400,
        });
        expect(png.subarray(1, 4).toString()).toBe('PNG');
        fs.writeFileSync(path.join(dataDir, 'contained-preview.png'), png);
        if (process.env.PADDOCK_KEEP_SHOTS)
          fs.copyFileSync(path.join(dataDir, 'contained-preview.png'), process.env.PADDOCK_KEEP_SHOTS);
      }

      await supervisor.stop('alice', 'web');
      await waitFor(
        () => fs.readdirSync(path.join(dataDir, 'sandbox', 'bridge')).length === 0,
        10_000,
        'the bridge socket to be removed',
      );
      expect(await connects(resolved.port)).toBe(false);
      expect((await preview.resolve('web')).ok).toBe(false);
    } finally {
      await supervisor.stopAll();
      await bridges.closeAll();
      await preview.close();
      db.close();
    }
  }, 90_000);
});
