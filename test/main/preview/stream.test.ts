// A 100 MB response flows through the preview without being held (SPEC §9: large bodies streamed).
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPreviewServer, type PreviewServer } from '../../../src/main/preview/server';
import { FakeLookup, redeem, startFixture, type Fixture } from './helpers';

let app: Fixture;
let preview: PreviewServer;

beforeAll(async () => {
  app = await startFixture();
  const lookup = new FakeLookup();
  lookup.set('app', { pid: app.pid });
  preview = await startPreviewServer({ lookup, ownPorts: () => [] });
});

afterAll(async () => {
  await preview?.close();
  app?.stop();
});

it('streams 100 MB with memory growth well under the body size', async () => {
  const { cookie } = await redeem(await preview.issueTicket('agent-1', 'app'));
  const port = await preview.portFor('agent-1', 'app');
  const size = 100 * 1024 * 1024;
  // Garbage is not retention: collect before each sample so what is measured is what is held.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const live = (): number => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = live();
  const rssBefore = process.memoryUsage().rss;
  let peak = before;
  let rssPeak = rssBefore;
  const received = await new Promise<number>((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/preview/developer/app/big?mb=100',
        headers: { cookie, host: `127.0.0.1:${port}` },
      },
      (res) => {
        expect(res.statusCode).toBe(200);
        let bytes = 0;
        let chunks = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (++chunks % 256 === 0) {
            peak = Math.max(peak, live());
            rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
          }
        });
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
  expect(received).toBe(size);
  // Loose on purpose: the point is that the body is not held (that would be ≥ 100 MB).
  expect(peak - before).toBeLessThan(48 * 1024 * 1024);
  expect(rssPeak - rssBefore).toBeLessThan(90 * 1024 * 1024);
}, 120_000);
