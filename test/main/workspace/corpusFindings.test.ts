// Findings of the corpus review (corpus.test.ts), one focused test each (SPEC §4):
// - a device or process alias spelled `//proc`, `/./proc` or `/x/../proc` was taken for another
//   spelling of the workspace (/proc/self/root/<workspace> resolves there) and accepted;
// - a link whose target text climbs out and back in (`../ws/x`), or names the workspace through a
//   link to it (a home behind a link, macOS /var), was refused although it resolves inside.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInsideWorkspace } from '../../../src/main/workspace/resolve';
import type { PathPurpose } from '../../../src/main/workspace/types';
import { link, makeTree, type Tree } from './fixture';

let t: Tree;
let homeLink: string;

beforeAll(() => {
  t = makeTree();
  homeLink = `${t.top}-homelink`;
  link(t.top, homeLink);
  fs.mkdirSync(path.join(t.ws, '.git'), { recursive: true });
  link(`../${path.basename(t.ws)}/README.md`, path.join(t.ws, 'sibling-back'));
  link(path.join(homeLink, 'ws', 'src', 'lib'), path.join(t.ws, 'lib-via-home'));
  link(path.join(homeLink, 'ws', '.git'), path.join(t.ws, 'git-via-home'));
  link(path.join(homeLink, '.ssh'), path.join(t.ws, 'ssh-via-home'));
  link(`${'../'.repeat(t.ws.split('/').length + 2)}proc/self/root${t.ws}/README.md`, path.join(t.ws, 'proc-rel'));
  link('proc-rel', path.join(t.ws, 'proc-chain'));
  link(`//proc/self/root${t.ws}`, path.join(t.ws, 'proc-dbl'));
});
afterAll(() => {
  fs.rmSync(homeLink, { force: true });
  t.cleanup();
});

function check(p: string, purpose: PathPurpose = 'read', cwd?: string) {
  return resolveInsideWorkspace(t.ctx, { path: p, for: purpose, cwd });
}

describe('device and process aliases in every spelling', () => {
  // Were ok: /proc/self/root/<workspace>/README.md is the workspace's README to the kernel.
  it.each(['//proc/self/root', '///proc/self/root', '/./proc/self/root', '/tmp/../proc/self/root', `/../proc/${process.pid}/root`])('%s<workspace>/README.md is refused', (prefix) => {
    const d = check(`${prefix}${t.ws}/README.md`);
    expect(d).toMatchObject({ ok: false, status: 403, reason: expect.stringMatching(/device or process alias/) });
  });

  it('refuses such a working directory too', () => {
    expect(check('README.md', 'read', `//proc/self/root${t.ws}`).ok).toBe(false);
    expect(check('x', 'write', `/./proc/self/root${t.ws}/src`).ok).toBe(false);
  });

  it('refuses a link into /proc however its target is spelled, chains included', () => {
    for (const p of ['proc-rel', 'proc-chain', 'proc-dbl/README.md']) {
      expect(check(p), p).toMatchObject({ ok: false, reason: expect.stringMatching(/device or process alias/) });
    }
  });
});

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
    fs.symlinkSync(path.join(homeLink, '.ssh'), path.join(t.top, 'keys-via-home'));
    expect(resolveInsideWorkspace(ctx, { path: 'keys-via-home/id_rsa', for: 'read' })).toMatchObject({ ok: false, reason: expect.stringMatching(/deny list/) });
    expect(check('ssh-via-home/id_rsa').ok).toBe(false); // outside this workspace anyway
  });
});
