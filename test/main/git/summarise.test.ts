// summarise on a real repository, with recorded test runs in a real SQLite file (seed scenario 1:
// the summary shows the branch and the passing run).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSummariseTool, type SummaryData } from '../../../src/main/tools/summarise';
import { createGitTool } from '../../../src/main/tools/git';
import { openDatabase, type Db } from '../../../src/main/store/database';
import { createAgentsRepository } from '../../../src/main/store/agents';
import { lastRun } from '../../../src/main/store/testRuns';
import { recordIfTestRun } from '../../../src/main/testRuns/record';
import { makeFixture, removeFixture, type GitFixture } from './fixture';

let fx: GitFixture;
let db: Db;
afterEach(() => {
  db.close();
  removeFixture(fx);
});

function setup(): ReturnType<typeof createSummariseTool> {
  fx = makeFixture();
  db = openDatabase(fx.dataDir);
  createAgentsRepository(db).create({
    id: 'agent-1',
    name: 'Dev',
    handle: 'dev',
    provider: 'anthropic',
    model: 'm',
    scopes: [],
  });
  return createSummariseTool({ lastTestRun: (agentId, directory) => lastRun(db, agentId, directory) });
}

describe('summarise', () => {
  it('scenario 1: the branch, the diff stat against the branch point, and the passing run', async () => {
    const tool = setup();
    const git = createGitTool();
    await git.run({ action: 'branch', name: 'agent/stale-balance' }, fx.ctx('edit'));
    fx.writeFile('src/a.txt', 'one\nTWO\nthree\n');
    fx.writeFile('test/balance.test.ts', 'it("flags stale balances", () => {});\n');
    await git.run({ action: 'commit', message: 'add a test', paths: ['test'] }, fx.ctx('run'));
    fs.rmSync(path.join(fx.ws, 'README.md'));
    fx.writeFile('notes.md', 'untracked\n');
    recordIfTestRun(db, {
      agentId: 'agent-1',
      directory: fx.ws,
      argv: ['npx', 'vitest', 'run'],
      exitCode: 0,
      output: ' Tests  5 passed (5)\n',
    });

    expect(tool.tierFor({}, fx.ctx('ask'))).toMatchObject({ tier: 'auto' });
    const result = await tool.run({}, fx.ctx('edit'));
    if (!result.ok) throw new Error(result.error);
    expect(result.text).toContain('Branch: agent/stale-balance (branch point: main at');
    expect(result.text).toContain('4 files changed, +4 -2');
    expect(result.text).toContain('Last test run: npx vitest run — passed: 5 passed, 0 failed, 0 skipped');
    expect(result.text).toContain('Failing tests: 0');

    const data = result.data as SummaryData;
    expect(data.text).toBe(result.text);
    const byPath = Object.fromEntries((data.diff?.files ?? []).map((f) => [f.path, f]));
    expect(byPath['src/a.txt']).toMatchObject({
      status: 'M',
      additions: 2,
      deletions: 1,
      original: 'one\ntwo\n',
      modified: 'one\nTWO\nthree\n',
    });
    expect(byPath['test/balance.test.ts']).toMatchObject({
      status: 'A',
      original: '',
      modified: 'it("flags stale balances", () => {});\n',
    });
    expect(byPath['README.md']).toMatchObject({ status: 'D', original: 'hello\n', modified: '' });
    expect(byPath['notes.md']).toMatchObject({
      status: 'U',
      additions: 1,
      modified: 'untracked\n',
      absolutePath: path.join(fx.ws, 'notes.md'),
    });
  });

  it('an untracked link pointing outside is listed but never read', async () => {
    const tool = setup();
    fs.writeFileSync(path.join(fx.outside, 'secret.txt'), 'SECRET\n');
    fs.symlinkSync(path.join(fx.outside, 'secret.txt'), path.join(fx.ws, 'leak.txt'));
    const result = await tool.run({}, fx.ctx());
    expect(JSON.stringify(result)).not.toContain('SECRET');
  });

  it('no branch point: changes since HEAD; no run: not measurable', async () => {
    const tool = setup();
    fx.writeFile('src/a.txt', 'changed\n');
    const result = await tool.run({}, fx.ctx());
    expect(result.ok && result.text).toContain('Branch: main (no branch point found: changes since HEAD)');
    expect(result.ok && result.text).toContain('Last test run: none recorded');
    expect(result.ok && result.text).toContain('Failing tests: not measurable');
  });

  it('a workspace git refuses still gets the test part, with the reason', async () => {
    const tool = setup();
    fx.setup(['config', 'core.fsmonitor', fx.payload('fsmonitor')]);
    const result = await tool.run({}, fx.ctx());
    expect(result.ok && result.text).toMatch(/Git: refused: .*core\.fsmonitor/);
    expect(fx.markers()).toEqual([]);
  });
});
