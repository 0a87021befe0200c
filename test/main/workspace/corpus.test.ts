// The path-containment corpus through the real CLI (SPEC §2, §4): thousands of published traversal,
// absolute, deny-list, symlink, .git and working-directory attacks, one `check-path --jsonl` process,
// HOME set to a fake home holding every deny-list entry. Every answer must match the expectation
// computed from first principles (corpus/oracle.ts), and every accepted path must pass the invariant.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus, type CorpusCase } from './corpus/generate';
import { invariantBroken } from './corpus/oracle';
import { buildCorpusTree, type CorpusTree } from './corpus/tree';
import { paddockCli } from '../../support/cli';

let t: CorpusTree;
beforeAll(() => {
  t = buildCorpusTree();
});
afterAll(() => t.cleanup());

type Answer = { ok: true; path: string } | { ok: false; status: number; reason: string };

async function runCli(cases: CorpusCase[], home: string): Promise<Answer[]> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
  // The data directory is Paddock's default under the fake HOME (~/.config/Paddock).
  delete env.PADDOCK_DATA_DIR;
  delete env.XDG_CONFIG_HOME;
  const child = spawn(...paddockCli(['check-path', '--jsonl']), { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8'); // a character split across chunks stays whole
  child.stdout.on('data', (c: string) => (out += c));
  child.stderr.setEncoding('utf8'); // a character split across chunks stays whole
  child.stderr.on('data', (c: string) => (err += c));
  child.stdin.end(
    cases.map((c) => JSON.stringify({ workspace: c.workspace, for: c.for, cwd: c.cwd, path: c.path })).join('\n') +
      '\n',
  );
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`check-path exited ${code}: ${err}`);
  return out
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Answer);
}

function failure(c: CorpusCase, a: Answer): string | null {
  const e = c.expect;
  if (a.ok) {
    const broken = invariantBroken(t, c.workspace, c.for, a.path);
    if (broken) return broken;
    if ('ok' in e && !e.ok) return 'accepted, expected a refusal';
    if ('path' in e && e.path !== undefined && a.path !== e.path) return `accepted as ${a.path}, expected ${e.path}`;
    return null;
  }
  if (a.status !== 403 || !a.reason.startsWith('refused: ')) return `not a 403 refusal: ${JSON.stringify(a)}`;
  if ('ok' in e && e.ok) return `refused (${a.reason}), expected ok ${e.path}`;
  return null;
}

function failuresOf(cases: CorpusCase[], answers: Answer[]): string[] {
  expect(answers).toHaveLength(cases.length);
  const failures: string[] = [];
  cases.forEach((c, i) => {
    const why = failure(c, answers[i]!);
    if (why)
      failures.push(
        `[${c.family}] ws=${path.relative(t.root, c.workspace) || '.'} for=${c.for} cwd=${JSON.stringify(c.cwd)} path=${JSON.stringify(c.path)}: ${why}`,
      );
  });
  if (failures.length > 0)
    console.log(
      `${failures.length} of ${cases.length} corpus lines failed:\n${failures.slice(0, 300).join('\n').replaceAll(t.root, '$R')}`,
    );
  return failures;
}

describe('path-containment corpus through check-path --jsonl', () => {
  it('answers every published attack as SPEC §4 says', async () => {
    const cases = generateCorpus(t);
    expect(cases.length).toBeGreaterThan(3000);
    expect(failuresOf(cases, await runCli(cases, t.home))).toEqual([]);
  }, 120_000);

  // HOME behind a link (macOS /var → /private/var, NFS and bind-mounted homes), and the workspace
  // named through that link: the deny list and the data directory are compared as real paths.
  it('holds the deny list when HOME and the workspace are spelled through a link', async () => {
    const through = (p: string): string =>
      p === t.home || p.startsWith(`${t.home}/`) ? t.homeLink + p.slice(t.home.length) : p;
    const cases = generateCorpus(t)
      .filter((c) => /^(deny|data-dir|beside-denied|worktree)/.test(c.family))
      .map((c) => ({ ...c, workspace: through(c.workspace) }));
    const answers = await runCli(cases, t.homeLink);
    const real = cases.map((c) => ({ ...c, workspace: c.workspace.replace(t.homeLink, t.home) }));
    expect(failuresOf(real, answers)).toEqual([]);
  }, 120_000);
});
