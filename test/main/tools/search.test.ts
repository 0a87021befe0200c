// The search tool (SPEC §6): ripgrep and the TypeScript fallback answer the same way.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchTool, findRipgrep } from '../../../src/main/tools/search';
import { link, makeTree, toolContext, type Tree } from '../workspace/fixture';

let t: Tree;
beforeAll(() => {
  t = makeTree();
  fs.writeFileSync(path.join(t.ws, '.gitignore'), 'ignored/\n');
  fs.mkdirSync(path.join(t.ws, 'ignored'));
  fs.writeFileSync(path.join(t.ws, 'ignored', 'x.ts'), 'needle in ignored\n');
  fs.mkdirSync(path.join(t.ws, 'node_modules', 'p'), { recursive: true });
  fs.writeFileSync(path.join(t.ws, 'node_modules', 'p', 'i.js'), 'needle in node_modules\n');
  fs.writeFileSync(path.join(t.ws, 'src', 'one.ts'), 'first\nthe needle here\n-e flag-like\n');
  fs.writeFileSync(path.join(t.ws, 'src', 'two.md'), 'a needle in markdown\nneedle.*\n');
  fs.writeFileSync(path.join(t.ws, 'bin.dat'), Buffer.concat([Buffer.from('needle'), Buffer.from([0, 1, 2])]));
  fs.writeFileSync(path.join(t.ws, 'many.txt'), Array.from({ length: 300 }, () => 'needle').join('\n'));
  fs.writeFileSync(path.join(t.outside, 'o.txt'), 'needle outside\n');
  link(t.outside, path.join(t.ws, 'out-link'));
  link('src', path.join(t.ws, 'in-link'));
});
afterAll(() => t.cleanup());

const engines: Array<[string, string | null]> = [['fallback', null]];
const rg = findRipgrep();
if (rg) engines.unshift(['ripgrep', rg]);

describe.each(engines)('search (%s)', (_name, ripgrep) => {
  const tool = createSearchTool({ ripgrep });
  const run = (args: Parameters<typeof tool.run>[0]) => tool.run(args, toolContext(t));

  it('finds fixed strings as path:line: text, skipping ignored, node_modules, binary and links', async () => {
    const r = await run({ query: 'needle', path: 'src' });
    if (!r.ok) throw new Error(r.error);
    expect(r.text).toContain('src/one.ts:2: the needle here');
    expect(r.text).toContain('src/two.md:1: a needle in markdown');
    const all = await run({ query: 'needle in' });
    if (!all.ok) throw new Error(all.error);
    expect(all.text).not.toMatch(/ignored|node_modules|outside|bin\.dat/);
  });

  it('treats the query as text unless regex, and never as a flag', async () => {
    const fixed = await run({ query: 'needle.*', path: 'src' });
    if (!fixed.ok) throw new Error(fixed.error);
    expect(fixed.text).toContain('src/two.md:2: needle.*');
    expect(fixed.text).not.toContain('one.ts');
    const flag = await run({ query: '-e flag', path: 'src' });
    if (!flag.ok) throw new Error(flag.error);
    expect(flag.text).toContain('src/one.ts:3: -e flag-like');
    const re = await run({ query: 'the ne+dle', regex: true, path: 'src' });
    if (!re.ok) throw new Error(re.error);
    expect(re.text).toContain('src/one.ts:2');
  });

  it('filters by glob', async () => {
    const r = await run({ query: 'needle', glob: '*.md' });
    if (!r.ok) throw new Error(r.error);
    expect(r.text).toContain('src/two.md');
    expect(r.text).not.toContain('one.ts');
  });

  it('stops at 200 results and says so', async () => {
    const r = await run({ query: 'needle', path: 'many.txt' });
    if (!r.ok) throw new Error(r.error);
    expect(r.text).toMatch(/^200 matches/);
    expect(r.text).toMatch(/stopped at 200/);
  });

  it('refuses paths outside and through outward links', async () => {
    expect(await run({ query: 'needle', path: '..' })).toMatchObject({ ok: false, status: 403 });
    expect(await run({ query: 'needle', path: 'out-link' })).toMatchObject({ ok: false, status: 403 });
    expect(await tool.run({ query: 'x' }, toolContext(null))).toMatchObject({ ok: false, status: 403 });
  });
});
