// Issue 15 item 2: a handler reaches the core only through CoreApi's methods, so no rule can live in
// it. The core's api is methods and nothing else (no repository, service or database to reach
// around them), and a handler file imports only the contract, the router and its own folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core';

const root = path.resolve(__dirname, '../../..');
const handlersDir = path.join(root, 'src/main/api/handlers');
let cleanup: (() => Promise<void>) | null = null;

afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe('the handlers’ view of the core', () => {
  it('is one function per owner action: no service object is reachable through it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-coreapi-'));
    const core = await createCore({ dataDir, home: dataDir, env: { PATH: process.env.PATH }, host: 'test' });
    cleanup = async () => {
      await core.shutdown();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    const entries = Object.entries(core.api);
    expect(entries.length).toBeGreaterThan(50);
    for (const [name, value] of entries) expect(typeof value, `core.api.${name}`).toBe('function');
    for (const service of ['agents', 'workspaces', 'settings', 'secrets', 'dispatcher', 'runner', 'supervisor', 'services', 'sandbox', 'db', 'lock', 'cards']) {
      expect(Object.keys(core.api), service).not.toContain(service);
    }
  });

  it('is all a handler file imports of src/main: the contract, the router and its own folder', () => {
    const allowed = (spec: string) => spec === '../coreApi' || spec === '../router' || spec.startsWith('./') || spec.startsWith('../../../shared/');
    expect(allowed('../../store/agents')).toBe(false);
    expect(allowed('../../ownerApi')).toBe(false);
    const files = fs.readdirSync(handlersDir).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const name of files) {
      const source = fs.readFileSync(path.join(handlersDir, name), 'utf8');
      const specs = [...source.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1]);
      for (const spec of specs) expect(allowed(spec), `${name} imports ${spec}`).toBe(true);
    }
  });
});
