// The git tool (seed 003 §4, SPEC §6). Every action goes through the hardened runner, which checks
// the repository (root only, no program-naming configuration) before each invocation.
import { pathContextFor, type PathContext } from '../workspace/types';
import { summaryChanged } from './facts';
import type { ToolDefinition } from './types';
import { assertNever, type TierDecision, type ToolCallContext, type ToolResult } from '../../shared/domain';
import { checkBranchName, effectOf, gitArgsSchema, GIT_READ_FLAGS, type GitArgs } from '../git/actions';
import { GitRefusal, runGit, spawnGit, type GitRun } from '../git/runner';
import { enclosingRepository } from '../git/repository';
import { gitDirectories } from '../git/hardening';
import { agentIdentity, ownerGitIdentity } from '../git/identity';
import { scopePathspecs, type ResolvePath } from '../git/pathspecs';
import { commitCandidates } from '../git/commitCandidates';
import { resolveInsideWorkspace } from '../workspace/resolve';
import type { CommandWrapper } from '../processes/command';
import type { ReaderSandbox } from '../sandbox/sandbox';
import fs from 'node:fs';
import path from 'node:path';
import { readWorktreeLink } from '../git/worktreeLink';

export interface GitToolDeps {
  /** The workspace resolver; resolveInsideWorkspace unless a test passes another. */
  resolvePath?: ResolvePath;
  timeoutMs?: number;
  /** Where git runs: inside the reader sandbox of the workspace when one is available. */
  sandbox?: ReaderSandbox;
}

const RESULT_BOUND = 200 * 1024;

const DESCRIPTION = [
  'Git in the workspace: status, diff, log, branch (list, or create at HEAD and switch to it), commit (paths or all), stash (push or list), init.',
  'Works only when the workspace is the repository root. Push, reset, checkout of another branch, stash pop/apply and history rewrites are not offered.',
  "Git runs with the owner's configuration off, no hooks, no pager, no signing, no external diff or textconv.",
  "A repository's own .git/config can still define filters, drivers, includes and other settings that name programs;",
  'Paddock refuses to run git in a repository whose configuration sets any of them, and says which setting to remove.',
].join(' ');

/** The actions that only look: their calls run side by side with other reads of a step. */
const READ_ONLY_ACTIONS: ReadonlySet<string> = new Set(['status', 'diff', 'log']);

export function createGitTool(options: GitToolDeps = {}): ToolDefinition<GitArgs> {
  const deps: Required<Pick<GitToolDeps, 'resolvePath'>> & GitToolDeps = {
    ...options,
    resolvePath: options.resolvePath ?? resolveInsideWorkspace,
  };
  return {
    name: 'git',
    scope: 'git',
    description: DESCRIPTION,
    schema: gitArgsSchema,
    effects: {
      readOnly: false,
      destructive: true,
      idempotent: false,
      openWorld: false,
      changesFiles: true,
      runsCode: false,
      replaySafe: false,
    },
    // status, diff and log only read; of the rest only a stash push changes the working files (commit, branch and init change .git alone).
    callEffects: (args) => ({
      readOnly: typeof args.action === 'string' && READ_ONLY_ACTIONS.has(args.action),
      changesFiles: args.action === 'stash' && args.op === 'push',
    }),
    views: { quotesFiles: true, icon: 'git', again: () => 'call git again if you need it' },
    events: summaryChanged,
    tierFor: (args, ctx) => tierFor(args, ctx),
    async preview(args, ctx) {
      return {
        argv: ['git', ...describeArgv(args)],
        cwd: ctx.workspace?.directory,
        details: [effectSentence(args)],
      };
    },
    async run(args, ctx) {
      try {
        return await runAction(args, ctx, deps);
      } catch (error) {
        if (error instanceof GitRefusal) return { ok: false, status: 403, error: error.message };
        throw error;
      }
    },
  };
}

/**
 * The reader sandbox for one action: the workspace read-only; `.git` writable for the actions that
 * write the repository (branch, commit, stash push); the working tree too for those that change files
 * or create `.git` (stash push, init). Reads write nothing at all.
 */
function readerWrap(
  args: GitArgs,
  workspace: string,
  dataDir: string,
  sandbox: ReaderSandbox | undefined,
): CommandWrapper | undefined {
  if (!sandbox?.contained) return undefined;
  const effect = effectOf(args);
  // A linked worktree's git data lives in its main repository's .git (worktreeLink.ts): bound at its
  // own place, read-only for a read, writable for an action that writes the repository.
  const worktree = fs.lstatSync(path.join(workspace, '.git'), { throwIfNoEntry: false })?.isFile()
    ? readWorktreeLink(workspace)
    : null;
  const shared = worktree?.ok ? [worktree.dirs.commonDir] : [];
  if (effect === 'read') return sandbox.readerWrapperFor(workspace, { readOnly: shared });
  const gitDir = path.join(workspace, '.git');
  // init's template is the empty hooks directory: bound (read-only) so that git finds it inside.
  if (effect === 'init')
    return sandbox.readerWrapperFor(workspace, {
      writesWorkspace: true,
      readOnly: [gitDirectories(dataDir).emptyHooks],
    });
  return sandbox.readerWrapperFor(workspace, {
    writesWorkspace: effect === 'stash-push',
    writable: worktree?.ok ? shared : [gitDir],
  });
}

export function tierFor(args: GitArgs, ctx: ToolCallContext): TierDecision {
  if (!ctx.workspace)
    return { tier: 'gated', reason: 'this agent has no workspace, so git has no repository to act on' };
  const mode = ctx.agent.mode;
  const effect = effectOf(args);
  switch (effect) {
    case 'read':
      return { tier: 'auto', reason: 'git reads are auto in every mode' };
    case 'init':
      return { tier: 'gated', reason: 'git init makes a new repository, which the owner approves in every mode' };
    case 'branch-create':
    case 'stash-push':
      return mode === 'ask'
        ? {
            tier: 'gated',
            reason: `in ask mode, git ${args.action} changes the repository only with the owner's approval`,
          }
        : { tier: 'auto', reason: `git ${args.action} is auto in ${mode} mode` };
    case 'commit':
      return mode === 'run'
        ? { tier: 'auto', reason: 'a commit is auto in run mode' }
        : {
            tier: 'gated',
            reason: `a commit is auto only in run mode (this agent is in ${mode} mode): git add runs a repository's own filters and commit its hooks`,
          };
    default:
      return assertNever(effect);
  }
}

async function runAction(
  args: GitArgs,
  ctx: ToolCallContext,
  deps: GitToolDeps & { resolvePath: ResolvePath },
): Promise<ToolResult> {
  const workspace = ctx.workspace;
  if (!workspace) return { ok: false, status: 403, error: 'refused: this agent has no workspace' };
  if (!workspace.gitBinary) {
    return { ok: false, status: 403, error: "refused: no git binary was found on the workspace's captured PATH" };
  }
  const pathCtx: PathContext = pathContextFor(workspace, ctx);
  let specs: string[] = [];
  if (args.paths && args.paths.length > 0) {
    const scoped = await scopePathspecs(args.paths, pathCtx, deps.resolvePath);
    if (!scoped.ok) return { ok: false, status: 403, error: scoped.reason };
    specs = scoped.specs;
  }
  const base = {
    gitBinary: workspace.gitBinary,
    workspace: workspace.directory,
    dataDir: ctx.dataDir,
    timeoutMs: deps.timeoutMs,
    signal: ctx.signal,
    // Only commit and stash write an identity; reading the owner's is skipped for every other action.
    identity:
      args.action === 'commit' || (args.action === 'stash' && args.op === 'push')
        ? (ownerGitIdentity(workspace.gitBinary, workspace.directory, ctx.home) ?? agentIdentity(ctx.agent))
        : agentIdentity(ctx.agent),
  };
  // git that writes the working tree must not race a contained process that swaps a folder for a
  // link (it would write through it, into .git or elsewhere): only while none runs in the workspace.
  const effect = effectOf(args);
  const running =
    (effect === 'stash-push' || effect === 'init') && deps.sandbox?.contained
      ? deps.sandbox.longLivedIn(workspace.directory)
      : 0;
  if (running > 0) {
    return {
      ok: false,
      status: 409,
      error:
        `refused: git ${effect === 'init' ? 'init' : 'stash push'} writes files in the workspace, and ${running === 1 ? 'a contained process of the agent still runs there' : `${running} contained processes of the agent still run there`} ` +
        '(a running process could swap a folder for a link while git writes, and git would write through it). Stop it with `stop`, then call git again.',
    };
  }
  const wrap = readerWrap(args, workspace.directory, ctx.dataDir, deps.sandbox);
  const git = (gitArgs: string[], extra: { readOnly?: boolean; input?: string } = {}) =>
    runGit({ ...base, args: gitArgs, ...extra, wrap });
  const where = workspace.directory;

  switch (args.action) {
    case 'status':
      return report(
        `git status in ${where}`,
        await git(['status', '--short', '--branch', '--ignore-submodules=all', '--', ...specs], { readOnly: true }),
      );
    case 'diff':
      return report(`git diff in ${where}`, await git(describeArgv(args, specs), { readOnly: true }));
    case 'log':
      return report(`git log in ${where}`, await git(describeArgv(args, specs), { readOnly: true }));
    case 'branch': {
      if (args.name === undefined)
        return report(`branches in ${where}`, await git(['branch', '--list', '--no-color', '-v'], { readOnly: true }));
      const bad = checkBranchName(args.name);
      if (bad) return { ok: false, status: 403, error: bad };
      return report(
        `created and switched to ${args.name} in ${where}`,
        await git(['switch', '--no-guess', '-c', args.name, 'HEAD']),
      );
    }
    case 'commit': {
      if (args.all) {
        const candidates = await commitCandidates(git, pathCtx, deps.resolvePath);
        if (!candidates.ok) return { ok: false, status: 403, error: candidates.reason };
        specs = candidates.specs;
        if (specs.length === 0) return { ok: true, text: `nothing to commit in ${where}` };
      }
      const input = specs.join('\0');
      const pathspecFlags = ['--pathspec-from-file=-', '--pathspec-file-nul'];
      const added = await git(['add', '--all', ...pathspecFlags], { input });
      if (added.exitCode !== 0) return report(`git add in ${where}`, added);
      const committed = report(
        `git commit in ${where}`,
        await git(
          ['commit', '--no-verify', '--no-gpg-sign', '--no-edit', `--message=${args.message ?? ''}`, ...pathspecFlags],
          { input },
        ),
      );
      if (!committed.ok) return committed;
      // The new commit's name, so Summary knows the agent's own commits (issue 17).
      const head = await git(['rev-parse', '--verify', '--quiet', 'HEAD'], { readOnly: true });
      const commit = head.exitCode === 0 ? head.stdout.trim() : '';
      return /^[0-9a-f]{40,64}$/.test(commit)
        ? { ...committed, data: { kind: 'git-commit', commit } satisfies GitCommitData }
        : committed;
    }
    case 'stash':
      if (args.op === 'push') {
        const message = args.message ? [`--message=${args.message}`] : [];
        return report(`git stash push in ${where}`, await git(['stash', 'push', ...message, '--', ...specs]));
      }
      return report(`git stash list in ${where}`, await git(['stash', 'list', '--no-color'], { readOnly: true }));
    case 'init':
      return init(where, ctx.dataDir, workspace.gitBinary, deps.timeoutMs, wrap);
    default:
      return assertNever(args.action);
  }
}

/** Refused inside an existing repository: a nested repository is the confusion the root check exists for. */
async function init(
  where: string,
  dataDir: string,
  gitBinary: string,
  timeoutMs?: number,
  wrap?: CommandWrapper,
): Promise<ToolResult> {
  const existing = enclosingRepository(where);
  if (existing) {
    return {
      ok: false,
      status: 403,
      error:
        existing === where
          ? `refused: ${where} is already a git repository`
          : `refused: ${where} is inside the repository at ${existing}; git init does not nest a repository inside another`,
    };
  }
  const dirs = gitDirectories(dataDir);
  // The template is the empty hooks directory: no sample hooks or other files are copied in.
  const run = await spawnGit({
    gitBinary,
    workspace: where,
    dataDir,
    cwd: where,
    timeoutMs,
    wrap,
    args: ['init', '--quiet', `--template=${dirs.emptyHooks}`, '--initial-branch=main'],
  });
  return report(`initialised a git repository in ${where}`, run);
}

function describeArgv(args: GitArgs, specs: string[] = args.paths ?? []): string[] {
  switch (args.action) {
    case 'diff':
      return [
        'diff',
        ...GIT_READ_FLAGS,
        '--ignore-submodules=all',
        ...(args.staged ? ['--cached'] : []),
        ...(args.stat ? ['--stat'] : []),
        '--',
        ...specs,
      ];
    case 'log':
      return [
        'log',
        ...GIT_READ_FLAGS,
        '--no-show-signature',
        `--max-count=${args.limit ?? 20}`,
        '--date=short',
        '--format=%h %ad %an %s',
        '--',
        ...specs,
      ];
    case 'status':
      return ['status', '--short', '--branch', '--', ...specs];
    case 'branch':
      return args.name === undefined ? ['branch', '--list'] : ['switch', '-c', args.name, 'HEAD'];
    case 'commit':
      return [
        'commit',
        '--no-verify',
        `--message=${args.message ?? ''}`,
        ...(args.all ? ['(all changes)'] : ['--', ...specs]),
      ];
    case 'stash':
      return args.op === 'push' ? ['stash', 'push', '--', ...specs] : ['stash', 'list'];
    case 'init':
      return ['init'];
    default:
      return assertNever(args.action);
  }
}

function effectSentence(args: GitArgs): string {
  const effect = effectOf(args);
  switch (effect) {
    case 'read':
      return 'Reads the repository; changes nothing.';
    case 'init':
      return 'Creates a new git repository in the workspace.';
    case 'branch-create':
      return 'Creates a branch at HEAD and switches to it; the working tree is left alone.';
    case 'commit':
      return 'Stages the named changes and commits them (no hooks, no signing).';
    case 'stash-push':
      return 'Moves uncommitted changes into a stash; the working tree returns to HEAD.';
    default:
      return assertNever(effect);
  }
}

/** What a successful commit returns besides its text: the commit's full name. */
export interface GitCommitData {
  kind: 'git-commit';
  commit: string;
}

function report(what: string, run: GitRun): ToolResult {
  let body = run.stdout;
  let note = run.truncated ? '\n[output truncated]' : '';
  if (body.length > RESULT_BOUND) {
    body = body.slice(0, RESULT_BOUND);
    note = '\n[output truncated at 200 KB]';
  }
  if (run.exitCode !== 0) {
    return { ok: false, error: `${what} failed (exit ${run.exitCode}): ${(run.stderr || body).trim()}` };
  }
  const text = `${what}:\n${body.trimEnd() || '(no output)'}${note}`;
  return { ok: true, text: run.stderr.trim() && !body.trim() ? `${text}\n${run.stderr.trim()}` : text };
}
