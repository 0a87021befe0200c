// The Summary tab (seed 003 §6): the same facts `summarise` gives the model — the branch, the diff
// against the branch point, the last test run — computed for the owner on request.
import type { FailingTestsView, SummaryView } from '../../shared/ipc';
import type { Agent, Workspace } from '../../shared/domain';
import { summariseRepository, type DiffSummary } from '../git/summary';
import { createAgentCommitsRepository } from '../store/agentCommits';
import { commitsText, ownerCommitsHeading, ownerWorkHeading, workFromText } from '../git/summaryText';
import type { Db } from '../store/database';
import { history, lastRun } from '../store/testRuns';
import { measureRun } from '../testRuns/measure';
import { resolveInsideWorkspace } from '../workspace/resolve';
import { pathContextFor } from '../workspace/types';

function diffStat(diff: DiffSummary): string {
  const lines = diff.files.map(
    (file) => `${file.path} | +${file.additions} -${file.deletions}${file.binary ? ' (binary)' : ''}`,
  );
  if ((diff.moreUntracked ?? 0) > 0) lines.push(`… and ${diff.moreUntracked} more untracked file(s), not listed`);
  lines.push(
    `${diff.totals.files} file(s) changed, ${diff.totals.additions} insertion(s), ${diff.totals.deletions} deletion(s)`,
  );
  // Directories that are not the project (a .venv, node_modules, build output): one line each.
  for (const dir of diff.setAside ?? []) {
    lines.push(
      `${dir.directory} | ${dir.kind}, ${dir.ignored ? 'ignored' : 'untracked'}: ${dir.files}${dir.countCapped ? '+' : ''} file(s), not part of the project`,
    );
  }
  return lines.join('\n');
}

export async function summaryFor(
  db: Db,
  agent: Agent,
  workspace: Workspace,
  paths: { home: string; dataDir: string },
  /** A task's base branch: the diff and the commits are from where the task's branch left it. */
  base?: string,
): Promise<SummaryView> {
  let diff: DiffSummary | null = null;
  let gitProblem: string | null = null;
  if (!workspace.gitBinary) gitProblem = "no git binary was found on the workspace's captured PATH";
  else {
    try {
      diff = await summariseRepository(
        { gitBinary: workspace.gitBinary, workspace: workspace.directory, dataDir: paths.dataDir },
        pathContextFor(workspace, paths),
        resolveInsideWorkspace,
        createAgentCommitsRepository(db).forDirectory(workspace.directory),
        base,
      );
    } catch (error) {
      gitProblem = (error as Error).message;
    }
  }
  const run = lastRun(db, agent.id, workspace.directory);
  const lastTest = run && {
    command: run.command,
    passed: run.passed,
    failed: run.failed,
    exitCode: run.exitCode,
    at: run.createdAt,
  };
  const stat = diff ? diffStat(diff) : `git: ${gitProblem}`;
  const workFrom = diff ? workFromText(diff.workFrom) : '';
  const commitLines = diff ? commitsText(diff) : [];
  const testLine = lastTest
    ? `Last test run: ${lastTest.command} — exit ${lastTest.exitCode ?? 'none'}, ${lastTest.passed ?? '?'} passed, ${lastTest.failed ?? '?'} failed`
    : 'No test run recorded';
  return {
    branch: diff?.branch ?? null,
    base: diff?.base ? `${diff.base.ref} at ${diff.base.commit.slice(0, 7)}` : null,
    commits: diff?.commits ?? [],
    commitsHeading: diff
      ? ownerCommitsHeading(diff.commitsScope, diff.moreCommits, diff.commits.length, diff.base)
      : '',
    workFrom,
    workHeading: diff ? ownerWorkHeading(diff.workFrom, diff.base) : '',
    diffStat: stat,
    files: (diff?.files ?? []).map((file) => ({
      path: file.path,
      status: file.status,
      before: file.original ?? '',
      after: file.modified ?? '',
    })),
    lastTest,
    text: [
      `Workspace: ${workspace.directory}`,
      `Branch: ${diff?.branch ?? '(unknown)'}`,
      ...commitLines,
      ...(workFrom ? [`The agent's work, ${workFrom}:`] : []),
      stat,
      testLine,
    ].join('\n'),
  };
}

/** failing_tests with its history (seed 003 §11): "not measurable" is never shown as zero. */
export function failingTestsFor(db: Db, agentId: string, workspace: Workspace | null): FailingTestsView {
  if (!workspace) return { measurable: false, failing: null, reason: 'this agent has no workspace', history: [] };
  const now = measureRun(lastRun(db, agentId, workspace.directory));
  const points = history(db, agentId, workspace.directory).map((run) => {
    const measured = measureRun(run);
    return { at: run.createdAt, failing: measured.measurable ? measured.failing : null };
  });
  return now.measurable
    ? { measurable: true, failing: now.failing, reason: null, history: points }
    : { measurable: false, failing: null, reason: now.reason, history: points };
}
