// search and list never show what the deny list protects (SPEC §4), even when the workspace is the
// home directory and the denied place is not hidden (macOS keeps Paddock's data and the keychains
// under ~/Library), and ripgrep searches the directory that was validated, not whatever the path
// names a moment later (seed 003 §9).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSearchTool, findRipgrep } from '../../../src/main/tools/search';
import { listTool } from '../../../src/main/tools/list';
import { makeTree, toolContext, type Tree } from '../workspace/fixture';

let t: Tree;
beforeAll(() => {
  t = makeTree();
  fs.mkdirSync(path.join(t.dataDir, 'credentials'), { recursive: true });
  fs.writeFileSync(path.join(t.dataDir, 'credentials', 'anthropic.key'), 'needle-credential\n');
  fs.mkdirSync(path.join(t.dataDir, 'repositories', 'p1', 'agent'), { recursive: true });
  fs.writeFileSync(path.join(t.dataDir, 'repositories', 'p1', 'agent', 'code.ts'), 'needle-worktree\n');
  fs.mkdirSync(path.join(t.top, 'Library', 'Keychains'), { recursive: true });
  fs.writeFileSync(path.join(t.top, 'Library', 'Keychains', 'login.txt'), 'needle-keychain\n');
  fs.writeFileSync(path.join(t.top, '.ssh', 'config'), 'needle-ssh\n');
  fs.writeFileSync(path.join(t.ws, 'code.ts'), 'needle-project\n');
});
afterAll(() => t.cleanup());

/** The workspace is the owner's home directory itself (allowed; the deny list still holds). */
const homeContext = () => toolContext({ ws: t.top, top: t.top, dataDir: t.dataDir });

const engines: Array<[string, string | null]> = [['fallback', null]];
const rg = findRipgrep();
if (rg) engines.unshift(['ripgrep', rg]);

describe.each(engines)('search from the home directory (%s)', (_name, ripgrep) => {
  const tool = createSearchTool({ ripgrep });
  it('finds the project but nothing in a denied place', async () => {
    for (const glob of [undefined, '**/*', '*.key']) {
      const r = await tool.run({ query: 'needle', glob }, homeContext());
      if (!r.ok) throw new Error(r.error);
      expect(r.text).not.toMatch(/needle-(credential|keychain|ssh)/);
      if (glob === undefined) expect(r.text).toContain('ws/code.ts:1: needle-project');
    }
  });
  it('refuses a denied place named directly', async () => {
    for (const p of ['data', 'data/credentials', 'Library/Keychains', '.ssh']) {
      expect(await tool.run({ query: 'needle', path: p }, homeContext()), p).toMatchObject({ ok: false, status: 403 });
    }
  });
});

describe('list from the home directory', () => {
  it('steps over denied places and says so', async () => {
    const r = await listTool.run({ depth: 6 }, homeContext());
    if (!r.ok) throw new Error(r.error);
    expect(r.text).toContain('code.ts');
    for (const name of ['anthropic.key', 'credentials', 'login.txt', 'Keychains', 'id_rsa', 'paddock.db'])
      expect(r.text).not.toContain(name);
    expect(r.text).toMatch(/denied place/);
  });
});

describe('search while the searched directory is swapped for a link', () => {
  let swapper: ChildProcess;
  beforeAll(async () => {
    fs.mkdirSync(path.join(t.ws, 'd'));
    fs.writeFileSync(path.join(t.ws, 'd', 'inside.txt'), 'needle INSIDE\n');
    fs.writeFileSync(path.join(t.outside, 'outside-only.txt'), 'needle OUTSIDE-SECRET\n');
    const script = path.join(__dirname, '..', 'workspace', 'children', 'swapper.mjs');
    swapper = spawn(process.execPath, [script, t.ws, t.outside], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      swapper.stdout?.once('data', () => resolve());
      swapper.once('exit', (code) => reject(new Error(`swapper exited early (${code})`)));
    });
  });
  afterAll(async () => {
    if (swapper.exitCode === null) {
      const exited = new Promise((r) => swapper.once('exit', r));
      swapper.kill('SIGKILL');
      await exited;
    }
  });

  it.each(engines)(
    'never reports outside content (%s)',
    async (_name, ripgrep) => {
      const tool = createSearchTool({ ripgrep });
      const ctx = toolContext(t);
      let outside = 0;
      for (let i = 0; i < 300; i++) {
        for (const p of ['d', 'd/inside.txt', 'd/outside-only.txt']) {
          const r = await tool.run({ query: 'needle', path: p }, ctx);
          if (r.ok && r.text.includes('OUTSIDE-SECRET')) outside++;
        }
      }
      expect(outside).toBe(0);
      expect(swapper.exitCode).toBeNull();
    },
    120_000,
  );
});
