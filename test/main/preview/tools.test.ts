// The preview and screenshot tools against a real dev server child (SPEC §6, §9).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, chromiumPath, createChromiumCapture } from '../../../src/main/preview/chromiumCapture';
import { startPreviewServer, type PreviewServer } from '../../../src/main/preview/server';
import { createPreviewTool } from '../../../src/main/tools/preview';
import { createScreenshotTool } from '../../../src/main/tools/screenshot';
import type { CapturePage } from '../../../src/main/preview/types';
import type { ToolCallContext } from '../../../src/shared/domain';
import { FakeLookup, startFixture, type Fixture } from './helpers';

let app: Fixture;
let liar: Fixture;
let preview: PreviewServer;
let dataDir: string;
const lookup = new FakeLookup();

function ctx(agentId = 'agent-1'): ToolCallContext {
  return {
    agent: {
      id: agentId,
      name: 'Dev',
      handle: 'dev',
      provider: 'anthropic',
      model: 'm',
      baseUrl: null,
      scopes: ['preview'],
      mode: 'run',
      acceptancePolicy: 'apply',
      maxOutputTokens: 8192,
      createdAt: '2025-01-01',
    },
    workspace: null,
    home: os.tmpdir(),
    dataDir,
    callId: 'c1',
    conversationId: 'v1',
    signal: new AbortController().signal,
  };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-preview-'));
  app = await startFixture();
  liar = await startFixture(['--lie', String(app.port)]);
  lookup.set('web', { pid: app.pid, port: app.port });
  lookup.set('theirs', { pid: app.pid, agentId: 'agent-2' });
  lookup.set('liar', { pid: liar.pid, port: app.port });
  preview = await startPreviewServer({ lookup, ownPorts: () => [] });
});

afterAll(async () => {
  await preview?.close();
  app?.stop();
  liar?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('preview', () => {
  const tool = () => createPreviewTool({ lookup, preview });

  it('names the process for the pane, gives no URL, and warns about absolute assets', async () => {
    expect(await tool().tierFor({ name: 'web' }, ctx())).toMatchObject({ tier: 'auto' });
    const result = await tool().run({ name: 'web' }, ctx());
    expect(result).toMatchObject({ ok: true, data: { process: 'web', absoluteAssets: true } });
    const text = result.ok ? result.text : '';
    expect(text).toContain('"web"');
    expect(text).toContain('root-absolute assets');
    expect(text).not.toMatch(/https?:|ticket|127\.0\.0\.1/);
  });

  it('refuses another agent’s process, a missing one, and one that only prints its port', async () => {
    expect(await tool().run({ name: 'theirs' }, ctx())).toMatchObject({
      ok: false,
      error: expect.stringContaining('not a running process of yours'),
    });
    expect(await tool().run({ name: 'nothing' }, ctx())).toMatchObject({ ok: false });
    expect(await tool().run({ name: 'liar' }, ctx())).toMatchObject({
      ok: false,
      error: expect.stringContaining('not listening'),
    });
  });
});

describe('screenshot', () => {
  const calls: string[] = [];
  const fakeCapture: CapturePage = async (url) => {
    calls.push(url);
    return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
  };
  const tool = (capture: CapturePage = fakeCapture) =>
    createScreenshotTool({ lookup, resolve: preview.resolve, capture });

  it('refuses paths that leave the process’s own server, without opening a browser', async () => {
    for (const p of ['//evil.example/', 'http://evil.example/', 'relative', '/\\evil.example', '/a b', '/x\n']) {
      const result = await tool().run({ name: 'web', path: p }, ctx());
      expect(result, p).toMatchObject({ ok: false, error: expect.stringContaining('must start with "/"') });
    }
    expect(calls).toEqual([]);
  });

  it('refuses a port the process does not listen on, and another agent’s process', async () => {
    expect(await tool().run({ name: 'web', port: app.port + 1 }, ctx())).toMatchObject({
      ok: false,
      error: expect.stringContaining('not listening'),
    });
    expect(await tool().run({ name: 'web', port: 5432 }, ctx())).toMatchObject({
      ok: false,
      error: expect.stringContaining('5432'),
    });
    expect(await tool().run({ name: 'liar' }, ctx())).toMatchObject({ ok: false });
    expect(await tool().run({ name: 'theirs' }, ctx())).toMatchObject({
      ok: false,
      error: expect.stringContaining('not a running process of yours'),
    });
    expect(calls).toEqual([]);
  });

  it('loads the process’s own origin and saves the PNG under <data>/files', async () => {
    const result = await tool().run({ name: 'web', path: '/relative?x=1', width: 'phone' }, ctx());
    expect(calls).toEqual([`http://127.0.0.1:${app.port}/relative?x=1`]);
    expect(result).toMatchObject({ ok: true, data: { file: expect.stringMatching(/files[/\\].+-web\.png$/) } });
    const file = result.ok ? (result.data as { file: string }).file : '';
    expect(path.dirname(file)).toBe(path.join(dataDir, 'files'));
    expect(fs.existsSync(file)).toBe(true);
  });

  const haveChromium = chromiumAvailable();
  if (!haveChromium)
    console.warn(`skipping the Chromium screenshot tests: ${chromiumPath()} is not an executable here`);

  it.skipIf(!haveChromium)(
    'takes a real PNG with the system Chromium, reaching nothing but the page’s origin',
    async () => {
      const hits: string[] = [];
      const other = http.createServer((req, res) => {
        hits.push(req.url ?? '');
        res.end('x');
      });
      await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
      const otherPort = (other.address() as AddressInfo).port;
      try {
        const shot = tool(createChromiumCapture({ timeoutMs: 60_000 }));
        const result = await shot.run({ name: 'web', path: `/beacon?to=${otherPort}` }, ctx());
        expect(result).toMatchObject({ ok: true });
        const file = result.ok ? (result.data as { file: string }).file : '';
        const png = fs.readFileSync(file);
        expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        expect(png.length).toBeGreaterThan(2_000);
        expect(hits).toEqual([]);

        const home = await shot.run({ name: 'web' }, ctx());
        expect(home).toMatchObject({ ok: true });
      } finally {
        other.close();
      }
    },
    120_000,
  );
});
