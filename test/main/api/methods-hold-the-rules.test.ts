// The window reaches the core only through the methods of the core's api, one per call, so no rule
// can live between the router and them: the api is domain objects of methods and nothing else (no
// repository, service or database to reach around them); the router and the api's types import only
// the contract; and the implementations (src/main/ownerApi/) reach the core only through its
// services, never the composition root or the database itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/main/core';
import { requestSchemas } from '../../../src/shared/ipc';

const root = path.resolve(__dirname, '../../..');
const apiDir = path.join(root, 'src/main/api');
const ownerApiDir = path.join(root, 'src/main/ownerApi');
let cleanup: (() => Promise<void>) | null = null;

afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

const importsOf = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map((match) => match[1] as string);
const tsFiles = (dir: string) => fs.readdirSync(dir).filter((name) => name.endsWith('.ts'));

describe('the router’s view of the core', () => {
  it('is one object per contract domain holding one function per call: no service object is reachable through it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-coreapi-'));
    const core = await createCore({ dataDir, home: dataDir, env: { PATH: process.env.PATH }, host: 'test' });
    cleanup = async () => {
      await core.shutdown();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
    const names = Object.keys(requestSchemas);
    expect(names.length).toBeGreaterThan(50);
    const domains = new Set(names.map((name) => name.split('.')[0]));
    expect(new Set(Object.keys(core.api))).toEqual(domains);
    const methods: string[] = [];
    for (const [domain, object] of Object.entries(core.api)) {
      for (const [verb, value] of Object.entries(object as object)) {
        expect(typeof value, `core.api.${domain}.${verb}`).toBe('function');
        methods.push(`${domain}.${verb}`);
      }
    }
    expect(methods.sort()).toEqual([...names].sort());
    for (const service of [
      'agents',
      'workspaces',
      'settings',
      'secrets',
      'dispatcher',
      'runner',
      'supervisor',
      'services',
      'sandbox',
      'db',
      'lock',
      'cards',
    ]) {
      for (const object of Object.values(core.api))
        expect(Object.keys(object as object), service).not.toContain(service);
    }
  });

  it('is all the router and the api’s types import of src/main: the contract only', () => {
    const allowed = (spec: string) => spec.startsWith('./') || spec.startsWith('../../shared/') || spec === 'zod';
    expect(allowed('../store/agents')).toBe(false);
    expect(allowed('../ownerApi')).toBe(false);
    const files = tsFiles(apiDir);
    expect(files.sort()).toEqual(['coreApi.ts', 'router.ts']);
    for (const name of files)
      for (const spec of importsOf(path.join(apiDir, name)))
        expect(allowed(spec), `${name} imports ${spec}`).toBe(true);
  });

  it('is built from the core’s services: an implementation imports neither the composition root nor the database', () => {
    const refused = (spec: string) =>
      /^\.\.\/(core|services|index)$/.test(spec) ||
      spec === '../store/database' ||
      spec.startsWith('../host/') ||
      spec === 'better-sqlite3';
    expect(refused('../core')).toBe(true);
    expect(refused('../store/database')).toBe(true);
    const files = tsFiles(ownerApiDir);
    expect(files.length).toBeGreaterThan(20);
    for (const name of files)
      for (const spec of importsOf(path.join(ownerApiDir, name)))
        expect(refused(spec), `${name} imports ${spec}`).toBe(false);
  });
});
