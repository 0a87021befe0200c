// The screenshot browser starts through the one exec seam (issue 13 §1): Chromium is spawned by
// spawn.ts and playwright only connects over DevTools, so a capture leaves no browser behind.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, createChromiumCapture, devtoolsEndpoint } from '../../../src/main/preview/chromiumCapture';
import { runSync } from '../../../src/main/processes/spawn';

describe('the DevTools endpoint Chromium prints', () => {
  it('is read from its stderr, loopback only', () => {
    const said =
      '[1201/010203.1:ERROR:x.cc] noise\n\nDevTools listening on ws://127.0.0.1:40123/devtools/browser/6f1d-44ab-9c\nmore\n';
    expect(devtoolsEndpoint(said)).toBe('ws://127.0.0.1:40123/devtools/browser/6f1d-44ab-9c');
  });

  it('is nothing until the line is complete, and never another host', () => {
    expect(devtoolsEndpoint('DevTools listening on ')).toBeNull();
    expect(devtoolsEndpoint('DevTools listening on ws://10.0.0.2:9222/devtools/browser/x')).toBeNull();
  });
});

describe.skipIf(!chromiumAvailable())('a real capture', () => {
  it('takes the picture and leaves no Chromium and no profile behind', async () => {
    const server = http.createServer((_request, response) =>
      response.end('<html><body style="background:#0a0">shot</body></html>'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // Its own temporary directory: other captures running at the same time (other test files, another
    // Paddock) make and remove profiles of their own in the shared one.
    const savedTmp = process.env.TMPDIR;
    process.env.TMPDIR = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-shot-test-'));
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('paddock-shot-')));
    // The capture's profile appears here (so that its absence afterwards means it was removed).
    const appeared: string[] = [];
    const watcher = fs.watch(os.tmpdir(), (_event, name) => {
      if (name?.startsWith('paddock-shot-')) appeared.push(name);
    });
    try {
      const png = await createChromiumCapture()(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
        width: 320,
        height: 200,
      });
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      const ours = () =>
        fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith('paddock-shot-') && !before.has(name));
      const browsers = () =>
        runSync({ program: '/bin/ps', args: ['-eo', 'args'], cwd: '/', env: { PATH: '/usr/bin:/bin' } }, 'probe', 5_000)
          .stdout.split('\n')
          .filter((line) => ours().some((dir) => line.includes(dir)));
      for (let i = 0; i < 50 && (ours().length > 0 || browsers().length > 0); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(browsers()).toEqual([]);
      expect(ours()).toEqual([]);
      expect(appeared.length).toBeGreaterThan(0);
    } finally {
      watcher.close();
      server.close();
      fs.rmSync(os.tmpdir(), { recursive: true, force: true });
      if (savedTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = savedTmp;
    }
  }, 60_000);
});
