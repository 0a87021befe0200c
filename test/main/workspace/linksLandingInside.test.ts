// The rule: a link is followed when its target resolves inside the workspace, however its text is
// spelled (SPEC §4) — a target that climbs out and back in (`../ws/x`), or names the workspace
// through a link to it (a home behind a link, macOS /var) — and .git, the deny list and the climb
// rule still apply to where it lands.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInsideWorkspace } from '../../../src/main/workspace/resolve';
import type { PathPurpose } from '../../../src/main/workspace/types';
import { makeAliasTree, type AliasTree } from './fixture';

let t: AliasTree;

beforeAll(() => {
  t = makeAliasTree();
});
afterAll(() => t.cleanup());

function check(p: string, purpose: PathPurpose = 'read', cwd?: string) {
  return resolveInsideWorkspace(t.ctx, { path: p, for: purpose, cwd });
}

describe('links whose target text leaves but resolves inside (SPEC §4: followed)', () => {
  // Were refused as "points outside the workspace".
  it('follows a target that climbs out and back in', () => {
    expect(check('sibling-back')).toEqual({ ok: true, path: path.join(t.ws, 'README.md') });
  });

  it('follows an absolute target spelled through a link to the workspace, to its real path', () => {
    expect(check('lib-via-home/a.ts')).toEqual({ ok: true, path: path.join(t.ws, 'src/lib/a.ts') });
    expect(check('lib-via-home/new.ts', 'write')).toEqual({ ok: true, path: path.join(t.ws, 'src/lib/new.ts') });
    expect(check('lib-via-home/../../README.md')).toEqual({ ok: true, path: path.join(t.ws, 'README.md') });
  });

  it('still applies .git, the deny list and the climb rule to where it lands', () => {
    expect(check('git-via-home/config', 'write')).toMatchObject({ ok: false, reason: expect.stringMatching(/\.git/) });
    expect(check('git-via-home/config', 'read').ok).toBe(true);
    expect(check('lib-via-home/../../../outside/secret.txt').ok).toBe(false);
    expect(check('sibling-back', 'write').ok).toBe(false); // a write never follows a link at the destination
    expect(check('lib-via-home/a.ts', 'run').ok).toBe(false); // a command operand has no link at all
  });

  it('refuses it when it lands in a denied place', () => {
    const ctx = { workspace: t.top, home: t.top, dataDir: t.dataDir };
    fs.symlinkSync(path.join(t.homeLink, '.ssh'), path.join(t.top, 'keys-via-home'));
    expect(resolveInsideWorkspace(ctx, { path: 'keys-via-home/id_rsa', for: 'read' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/deny list/),
    });
    expect(check('ssh-via-home/id_rsa').ok).toBe(false); // outside this workspace anyway
  });
});
