// Property tests (issue 3): random paths over a real tree with inward, outward, dangling and looping
// links. Whatever the string, an accepted path is inside the workspace by the kernel's own realpath,
// never in a denied place, and reading it never yields outside content.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInsideWorkspace } from '../../../src/main/workspace/resolve';
import { readInside } from '../../../src/main/workspace/files';
import type { PathContext, PathPurpose } from '../../../src/main/workspace/types';
import { link, makeTree, type Tree } from './fixture';

let t: Tree;
const SECRETS = ['OUTSIDE-SECRET', 'PRIVATE KEY'];

beforeAll(() => {
  t = makeTree();
  // The workspace holds a copy of home's shape, so the deny list matters when the workspace is home.
  link('src', path.join(t.ws, 'in-dir'));
  link('src/lib/a.ts', path.join(t.ws, 'in-file'));
  link('..', path.join(t.ws, 'src', 'parent'));
  link(t.outside, path.join(t.ws, 'out-abs'));
  link('../outside', path.join(t.ws, 'out-rel'));
  link('../.ssh', path.join(t.ws, 'keys'));
  link('nothing-here', path.join(t.ws, 'dangle'));
  link('loop2', path.join(t.ws, 'loop1'));
  link('loop1', path.join(t.ws, 'loop2'));
  link('.', path.join(t.ws, 'dot'));
});
afterAll(() => t.cleanup());

const segment = fc.constantFrom(
  '..',
  '.',
  '',
  'src',
  'lib',
  'a.ts',
  'README.md',
  'in-dir',
  'in-file',
  'parent',
  'out-abs',
  'out-rel',
  'keys',
  'dangle',
  'loop1',
  'dot',
  'secret.txt',
  'id_rsa',
  '.ssh',
  'ws',
  'outside',
  'data',
  'paddock.db',
  '~',
  'a\0b',
  '.git',
  'new',
);
const pathString = fc
  .tuple(fc.boolean(), fc.array(segment, { minLength: 1, maxLength: 8 }))
  .map(([abs, parts]) => (abs ? '/' : '') + parts.join('/'));

function deepestRealAncestor(p: string): string {
  let current = p;
  for (;;) {
    try {
      return fs.realpathSync(current);
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

function assertContained(
  ctx: PathContext,
  p: string,
  purpose: PathPurpose,
  secrets: readonly string[] = SECRETS,
): void {
  const d = resolveInsideWorkspace(ctx, { path: p, for: purpose });
  if (!d.ok) {
    expect(d.status).toBe(403);
    return;
  }
  const real = deepestRealAncestor(d.path);
  expect(real === ctx.workspace || real.startsWith(`${ctx.workspace}/`), `${p} → ${d.path} (${real})`).toBe(true);
  expect(real.startsWith(path.join(t.top, '.ssh')), `${p} reached ~/.ssh`).toBe(false);
  expect(real === path.join(t.dataDir, 'paddock.db'), `${p} reached the data dir`).toBe(false);
  if (purpose === 'run') expect(p.startsWith('/') || p.split('/').includes('..')).toBe(false);
  const read = readInside(ctx, p, 1 << 16);
  if (read.ok) for (const s of secrets) expect(read.data.toString('utf8')).not.toContain(s);
}

describe('resolver properties over a real tree', () => {
  it.each<PathPurpose>(['read', 'write', 'run'])('never leaves the workspace (%s)', (purpose) => {
    fc.assert(
      fc.property(pathString, (p) => assertContained(t.ctx, p.startsWith('/') ? t.ws + p : p, purpose)),
      { numRuns: 1500 },
    );
  });

  it('never leaves the workspace or enters the deny list when the workspace is home', () => {
    const home: PathContext = { workspace: t.top, home: t.top, dataDir: t.dataDir };
    // With home as the workspace, home's `outside/` is inside it: only the deny-listed key must stay unread.
    fc.assert(
      fc.property(pathString, fc.constantFrom<PathPurpose>('read', 'write', 'run'), (p, purpose) =>
        assertContained(home, p, purpose, ['PRIVATE KEY']),
      ),
      { numRuns: 1500 },
    );
  });

  it('refuses arbitrary absolute strings outside the workspace', () => {
    fc.assert(
      fc.property(pathString, (p) => {
        const abs = p.startsWith('/') ? p : `/${p}`;
        const d = resolveInsideWorkspace(t.ctx, { path: abs, for: 'read' });
        if (d.ok) expect(d.path.startsWith(t.ws)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
