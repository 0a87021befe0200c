// The list tool (SPEC §6, seed 003 §2).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTool } from '../../../src/main/tools/list';
import { link, makeTree, toolContext, type Tree } from '../workspace/fixture';

let t: Tree;
beforeAll(() => {
  t = makeTree();
  fs.writeFileSync(path.join(t.ws, '.gitignore'), 'dist/\n*.log\n!keep.log\n');
  fs.mkdirSync(path.join(t.ws, 'dist'));
  fs.writeFileSync(path.join(t.ws, 'dist', 'bundle.js'), '');
  fs.writeFileSync(path.join(t.ws, 'debug.log'), '');
  fs.writeFileSync(path.join(t.ws, 'keep.log'), '');
  fs.mkdirSync(path.join(t.ws, 'src', 'nested'), { recursive: true });
  fs.writeFileSync(path.join(t.ws, 'src', '.gitignore'), 'generated.ts\n');
  fs.writeFileSync(path.join(t.ws, 'src', 'generated.ts'), '');
  fs.writeFileSync(path.join(t.ws, 'src', 'nested', 'deep.ts'), '');
  fs.mkdirSync(path.join(t.ws, 'node_modules', 'pkg'), { recursive: true });
  fs.writeFileSync(path.join(t.ws, 'node_modules', 'pkg', 'index.js'), '');
  fs.writeFileSync(path.join(t.ws, '.paddock-tmp-abc123'), 'half a write');
  link('src', path.join(t.ws, 'src-link'));
  link(t.outside, path.join(t.ws, 'out-link'));
});
afterAll(() => t.cleanup());

const run = (args: Parameters<typeof listTool.run>[0]) => listTool.run(args, toolContext(t));

describe('list', () => {
  it('shows a tree honouring .gitignore at every level, skipping node_modules and temp files', async () => {
    const r = await run({});
    if (!r.ok) throw new Error(r.error);
    expect(r.text).toContain('src/');
    expect(r.text).toContain('  lib/');
    expect(r.text).toContain('    a.ts');
    expect(r.text).toContain('keep.log');
    expect(r.text).toContain('README.md');
    for (const hidden of ['dist', 'debug.log', 'generated.ts', 'node_modules', 'paddock-tmp', 'secret.txt'])
      expect(r.text).not.toContain(hidden);
  });

  it('steps over links and counts them', async () => {
    const r = await run({});
    if (!r.ok) throw new Error(r.error);
    expect(r.text).toMatch(/2 symbolic links skipped/);
    expect(r.text).not.toContain('src-link');
    expect(r.data).toMatchObject({ linksSkipped: 2 });
  });

  it('honours depth', async () => {
    const r = await run({ path: 'src', depth: 1 });
    if (!r.ok) throw new Error(r.error);
    expect(r.text).toContain('lib/');
    expect(r.text).not.toContain('a.ts');
  });

  it('refuses a link as the requested path, and paths outside', async () => {
    expect(await run({ path: 'src-link' })).toMatchObject({
      ok: false,
      status: 403,
      error: expect.stringMatching(/symbolic link/),
    });
    expect(await run({ path: 'out-link' })).toMatchObject({ ok: false, status: 403 });
    expect(await run({ path: '..' })).toMatchObject({ ok: false, status: 403 });
    expect(await run({ path: t.outside })).toMatchObject({ ok: false, status: 403 });
  });

  it('refuses when the agent has no workspace', async () => {
    expect(await listTool.run({}, toolContext(null))).toMatchObject({ ok: false, status: 403 });
  });
});
