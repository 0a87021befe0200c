// The rule: a device or process alias is outside every workspace in any spelling (SPEC §4) —
// `//proc`, `/./proc`, `/x/../proc`, and a link whose target reaches /proc however it is spelled
// (/proc/self/root/<workspace> would otherwise be taken for another spelling of the workspace).
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

describe('device and process aliases in every spelling', () => {
  // Were ok: /proc/self/root/<workspace>/README.md is the workspace's README to the kernel.
  it.each([
    '//proc/self/root',
    '///proc/self/root',
    '/./proc/self/root',
    '/tmp/../proc/self/root',
    `/../proc/${process.pid}/root`,
  ])('%s<workspace>/README.md is refused', (prefix) => {
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
