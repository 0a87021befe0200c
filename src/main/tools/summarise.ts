// summarise {} (seed 003 §6, SPEC §6): the branch, the diff stat against the branch point, and the
// last test command with its result, for the Summary tab. The text goes to the model and is the
// copyable form; `data` carries every file's diff for the window. A read: auto in every mode.
import { z } from 'zod';
import { summaryChanged } from './facts';
import type { ToolDefinition } from './types';
import type { TierDecision, ToolResult } from '../../shared/domain';
import { summariseRepository, type DiffSummary } from '../git/summary';
import { commitsText, workFromText } from '../git/summaryText';
import type { ResolvePath } from '../git/pathspecs';
import type { TestRun } from '../store/testRuns';
import { measureRun, type FailingTests } from '../testRuns/measure';
import { resolveInsideWorkspace } from '../workspace/resolve';
import { pathContextFor } from '../workspace/types';

export interface SummariseDeps {
  /** The last recorded test run of this agent in this directory (store/testRuns.ts lastRun). */
  lastTestRun(agentId: string, directory: string): TestRun | null;
  /** The commits agents made through the git tool in this directory (store/agentCommits.ts). */
  agentCommits?(directory: string): ReadonlySet<string>;
  resolvePath?: ResolvePath;
  timeoutMs?: number;
}

export const summariseArgsSchema = z.object({}).strict();
export type SummariseArgs = z.infer<typeof summariseArgsSchema>;

export interface SummaryData {
  kind: 'summary';
  workspace: string;
  /** Null when git could not act here (not a repository root, refused configuration): the reason says why. */
  diff: DiffSummary | null;
  gitUnavailable: string | null;
  lastTestRun: {
    command: string;
    runner: string | null;
    exitCode: number | null;
    passed: number | null;
    failed: number | null;
    skipped: number | null;
    at: string;
  } | null;
  failingTests: FailingTests;
  /** The copyable text form (the same text the model receives). */
  text: string;
}

export function createSummariseTool(deps: SummariseDeps): ToolDefinition<SummariseArgs> {
  const resolvePath = deps.resolvePath ?? resolveInsideWorkspace;
  return {
    name: 'summarise',
    scope: 'file_read',
    description:
      'Summarise the work for the owner to review: the branch, the diff stat against the branch point (uncommitted changes included), and the last test command with its result. Call it when you are done. Changes nothing.',
    schema: summariseArgsSchema,
    effects: {
      readOnly: true,
      destructive: false,
      idempotent: true,
      openWorld: false,
      changesFiles: false,
      runsCode: false,
      replaySafe: true,
    },
    // Reading only: plan mode offers it.
    planSafe: true,
    views: { quotesFiles: true, icon: 'summary', again: () => 'call summarise again if you need it' },
    events: summaryChanged,
    tierFor: (_args, ctx): TierDecision =>
      ctx.workspace
        ? { tier: 'auto', reason: 'summarise only reads, so it is auto in every mode' }
        : { tier: 'gated', reason: 'this agent has no workspace to summarise' },
    async run(_args, ctx): Promise<ToolResult> {
      const workspace = ctx.workspace;
      if (!workspace) return { ok: false, status: 403, error: 'refused: this agent has no workspace to summarise' };
      let diff: DiffSummary | null = null;
      let gitUnavailable: string | null = null;
      if (!workspace.gitBinary) {
        gitUnavailable = "no git binary was found on the workspace's captured PATH";
      } else {
        try {
          diff = await summariseRepository(
            {
              gitBinary: workspace.gitBinary,
              workspace: workspace.directory,
              dataDir: ctx.dataDir,
              signal: ctx.signal,
              timeoutMs: deps.timeoutMs,
            },
            pathContextFor(workspace, ctx),
            resolvePath,
            deps.agentCommits?.(workspace.directory),
          );
        } catch (error) {
          // A refusal (not a repository root, configuration that names a program) or a git failure:
          // the owner still gets the test part, and the reason.
          if (!(error instanceof Error)) throw error;
          gitUnavailable = error.message;
        }
      }
      const run = deps.lastTestRun(ctx.agent.id, workspace.directory);
      const data: SummaryData = {
        kind: 'summary',
        workspace: workspace.directory,
        diff,
        gitUnavailable,
        lastTestRun: run && {
          command: run.command,
          runner: run.runner,
          exitCode: run.exitCode,
          passed: run.passed,
          failed: run.failed,
          skipped: run.skipped,
          at: run.createdAt,
        },
        failingTests: measureRun(run),
        text: '',
      };
      data.text = summaryText(data);
      return { ok: true, text: data.text, data };
    },
  };
}

export function summaryText(data: SummaryData): string {
  const lines: string[] = [`Workspace: ${data.workspace}`];
  if (data.diff) {
    const { branch, head, base, files, totals } = data.diff;
    const where = branch ?? (head ? `detached HEAD at ${head.slice(0, 7)}` : 'no commits yet');
    lines.push(
      `Branch: ${where}${base ? ` (branch point: ${base.ref} at ${base.commit.slice(0, 7)})` : ' (no branch point found: changes since HEAD)'}`,
    );
    lines.push(...commitsText(data.diff));
    lines.push(
      `${totals.files} file${totals.files === 1 ? '' : 's'} changed, +${totals.additions} -${totals.deletions} ${workFromText(data.diff.workFrom)} (uncommitted changes included)`,
    );
    for (const file of files) {
      const counts = file.binary ? 'binary' : `+${file.additions} -${file.deletions}`;
      const name = file.oldPath ? `${file.oldPath} -> ${file.path}` : file.path;
      lines.push(`  ${file.status === 'U' ? 'A' : file.status} ${name} (${counts})`);
    }
    const more = data.diff.moreUntracked ?? 0;
    if (more > 0) lines.push(`  … and ${more} more untracked file${more === 1 ? '' : 's'}, not listed`);
    const aside = data.diff.setAside ?? [];
    if (aside.length > 0) {
      lines.push('Not part of the project (not listed file by file):');
      for (const dir of aside) {
        const count = `${dir.files.toLocaleString('en-US')}${dir.countCapped ? '+' : ''} file${dir.files === 1 ? '' : 's'}`;
        lines.push(`  ${dir.directory} — ${dir.kind}, ${dir.ignored ? 'ignored' : 'untracked'}: ${count}`);
      }
    }
  } else {
    lines.push(`Git: ${data.gitUnavailable ?? 'unavailable'}`);
  }
  const run = data.lastTestRun;
  if (!run) {
    lines.push('Last test run: none recorded in this workspace');
  } else {
    const counts =
      run.failed === null
        ? 'no count in its output'
        : `${run.passed ?? 0} passed, ${run.failed} failed, ${run.skipped ?? 0} skipped`;
    const verdict = run.exitCode === 0 ? 'passed' : `failed (exit ${run.exitCode ?? 'unknown'})`;
    lines.push(`Last test run: ${run.command} — ${run.runner ? verdict : 'not a test runner'}: ${counts} (${run.at})`);
  }
  lines.push(
    data.failingTests.measurable
      ? `Failing tests: ${data.failingTests.failing}`
      : `Failing tests: not measurable (${data.failingTests.reason})`,
  );
  return lines.join('\n');
}
