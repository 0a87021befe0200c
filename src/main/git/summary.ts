// What the owner reviews (seed 003 §6): the branch, the commits, the diff of the agent's work, file by file.
//
// The branch point is the merge-base of HEAD with the first of these that exists and is not the
// current branch itself: the base the caller names (a task's base branch), the current branch's upstream, origin/HEAD, then a local main, master,
// trunk or develop. The commits listed are those since the branch point; with no branch point (a
// lone main, a fresh repository) the latest ones (issue 17). The diff runs from the branch point to
// the working tree; with none, from before the agent's first commit still on the branch (its
// commits are recorded as it makes them), else from HEAD. Uncommitted work is included; untracked
// files (not ignored) are listed as added, except those in directories that are not part of the
// project (setAside.ts), which are counted, and past the first hundred.
import fs from 'node:fs';
import path from 'node:path';
import { runGit, type GitRun, type RunGitOptions } from './runner';
import { GIT_READ_FLAGS } from './actions';
import type { ResolvePath } from './pathspecs';
import type { PathContext } from '../workspace/types';
import { setAside, type SetAsideDirectory } from './setAside';

export interface FileChange {
  path: string;
  oldPath: string | null;
  /** A added, M modified, D deleted, R renamed, C copied, T type changed, U untracked (shown as added). */
  status: 'A' | 'M' | 'D' | 'R' | 'C' | 'T' | 'U';
  additions: number;
  deletions: number;
  binary: boolean;
  /** Both sides in full, for a side-by-side diff; null when binary or larger than the bound. */
  original: string | null;
  modified: string | null;
  /** Absolute path in the workspace, for "Open in editor". */
  absolutePath: string;
}

export interface CommitLine {
  commit: string;
  author: string;
  /** ISO 8601, the author date. */
  date: string;
  subject: string;
  /** Made by an agent through the git tool. */
  byAgent: boolean;
}

export interface DiffSummary {
  branch: string | null;
  head: string | null;
  base: { ref: string; commit: string } | null;
  /** Since the branch point (`since-base`), or the latest on a branch without one (`latest`). */
  commits: CommitLine[];
  commitsScope: 'since-base' | 'latest';
  /** More commits than listed. */
  moreCommits: boolean;
  /** Where the diff starts: the branch point, before the agent's first commit, HEAD, or nothing yet. */
  workFrom: { kind: 'base' | 'before-agent-commits' | 'head' | 'empty'; commit: string | null };
  files: FileChange[];
  totals: { files: number; additions: number; deletions: number };
  /** Directories not part of the project (virtualenvs, dependencies, build output), one line each. */
  setAside?: SetAsideDirectory[];
  /** Untracked files of the project beyond the ones listed. */
  moreUntracked?: number;
}

const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const CONTENT_BOUND = 512 * 1024;
const BASE_CANDIDATES = ['origin/HEAD', 'main', 'master', 'trunk', 'develop'];
/** Commits listed since the branch point, and the latest listed without one. */
const COMMITS_SINCE_BASE = 50;
const LATEST_COMMITS = 10;
/** How far back the agent's first commit is looked for on a branch without a base. */
const AGENT_COMMIT_DEPTH = 500;

type Base = Omit<RunGitOptions, 'args'>;

export async function summariseRepository(
  options: Base,
  pathCtx: PathContext,
  resolvePath: ResolvePath,
  agentCommits: ReadonlySet<string> = new Set(),
  /** A local branch tried first as the base (a task's): its merge-base with HEAD is the branch point. */
  preferredBase?: string,
): Promise<DiffSummary> {
  const git = (args: string[]) => runGit({ ...options, args, readOnly: true });
  const text = async (args: string[]) => {
    const run = await git(args);
    return run.exitCode === 0 ? run.stdout.trim() : null;
  };
  const branch = await text(['symbolic-ref', '--quiet', '--short', 'HEAD']);
  const head = await text(['rev-parse', '--verify', '--quiet', 'HEAD']);
  const base = head ? await branchPoint(text, branch, preferredBase) : null;
  const workFrom: DiffSummary['workFrom'] = base
    ? { kind: 'base', commit: base.commit }
    : head
      ? await beforeAgentCommits(text, agentCommits)
      : { kind: 'empty', commit: null };
  const from = workFrom.commit ?? EMPTY_TREE;
  const listed = head
    ? await commitLines(
        git,
        base ? [`${base.commit}..HEAD`] : ['HEAD'],
        base ? COMMITS_SINCE_BASE : LATEST_COMMITS,
        agentCommits,
      )
    : { commits: [], more: false };

  const nameStatus = await must(
    git(['diff', ...GIT_READ_FLAGS, '--ignore-submodules=all', '-M', '--name-status', '-z', from]),
  );
  const numstat = await must(
    git(['diff', ...GIT_READ_FLAGS, '--ignore-submodules=all', '-M', '--numstat', '-z', from]),
  );
  const fullPatch = await git([
    'diff',
    ...GIT_READ_FLAGS,
    '--ignore-submodules=all',
    '-M',
    '--unified=100000000',
    from,
  ]);
  const files = parseNameStatus(nameStatus, pathCtx.workspace);
  applyNumstat(files, numstat);
  applyFullContext(files, fullPatch.truncated ? null : fullPatch.stdout);

  const untracked = (await must(git(['ls-files', '-z', '--others', '--exclude-standard']))).split('\0').filter(Boolean);
  const ignored = (await must(git(['ls-files', '-z', '--others', '--ignored', '--exclude-standard', '--directory'])))
    .split('\0')
    .filter(Boolean);
  const aside = setAside(untracked, ignored, pathCtx.workspace);
  for (const rel of aside.listed) files.push(await untrackedFile(rel, pathCtx, resolvePath));

  const totals = files.reduce(
    (t, f) => ({ files: t.files + 1, additions: t.additions + f.additions, deletions: t.deletions + f.deletions }),
    { files: 0, additions: 0, deletions: 0 },
  );
  totals.files += aside.moreUntracked;
  return {
    branch,
    head,
    base,
    commits: listed.commits,
    commitsScope: base ? 'since-base' : 'latest',
    moreCommits: listed.more,
    workFrom,
    files,
    totals,
    setAside: aside.directories,
    moreUntracked: aside.moreUntracked,
  };
}

/** The commits of `range`, newest first, at most `limit` (one more is read to know whether there are more). */
async function commitLines(
  git: (args: string[]) => Promise<GitRun>,
  range: string[],
  limit: number,
  agentCommits: ReadonlySet<string>,
): Promise<{ commits: CommitLine[]; more: boolean }> {
  const run = await git([
    'log',
    ...GIT_READ_FLAGS,
    '-z',
    `--max-count=${limit + 1}`,
    '--format=%H%x1f%an%x1f%aI%x1f%s',
    ...range,
    '--',
  ]);
  const out = await must(Promise.resolve(run));
  const commits = out
    .split('\0')
    .filter((record) => record.trim() !== '')
    .map((record) => {
      const [commit, author, date, subject] = record.replace(/^\n/, '').split('\x1f');
      return {
        commit: commit!,
        author: author!,
        date: date!,
        subject: subject ?? '',
        byAgent: agentCommits.has(commit!),
      };
    });
  return { commits: commits.slice(0, limit), more: commits.length > limit };
}

/**
 * With no branch point: the agent's work starts before the oldest of its commits among HEAD's
 * recent history (its parent, or nothing before a root commit); with none of them there, at HEAD.
 */
async function beforeAgentCommits(
  text: (args: string[]) => Promise<string | null>,
  agentCommits: ReadonlySet<string>,
): Promise<DiffSummary['workFrom']> {
  const head = await text(['rev-parse', '--verify', '--quiet', 'HEAD']);
  if (agentCommits.size === 0) return { kind: 'head', commit: head };
  const history = (await text(['rev-list', '--first-parent', `--max-count=${AGENT_COMMIT_DEPTH}`, 'HEAD', '--'])) ?? '';
  const oldest = history
    .split('\n')
    .filter((commit) => agentCommits.has(commit))
    .pop();
  if (!oldest) return { kind: 'head', commit: head };
  const parent = await text(['rev-parse', '--verify', '--quiet', `${oldest}^1`]);
  return { kind: 'before-agent-commits', commit: parent };
}

async function branchPoint(
  text: (args: string[]) => Promise<string | null>,
  branch: string | null,
  preferredBase?: string,
): Promise<DiffSummary['base']> {
  const candidates = [
    ...(preferredBase ? [preferredBase] : []),
    ...(branch ? [`${branch}@{upstream}`] : []),
    ...BASE_CANDIDATES,
  ];
  for (const candidate of candidates) {
    if (branch && (candidate === branch || candidate === `refs/heads/${branch}`)) continue;
    const name =
      candidate.endsWith('@{upstream}') || candidate === 'origin/HEAD'
        ? await text(['rev-parse', '--abbrev-ref', '--verify', '--quiet', candidate])
        : (await text(['rev-parse', '--verify', '--quiet', `refs/heads/${candidate}`]))
          ? candidate
          : null;
    if (!name || name === branch) continue;
    const commit = await text(['merge-base', 'HEAD', name]);
    if (commit) return { ref: name, commit };
  }
  return null;
}

async function must(run: Promise<GitRun>): Promise<string> {
  const done = await run;
  if (done.exitCode !== 0) throw new Error(`git failed while summarising: ${done.stderr.trim()}`);
  return done.stdout;
}

function parseNameStatus(output: string, workspace: string): FileChange[] {
  const parts = output.split('\0');
  const files: FileChange[] = [];
  for (let i = 0; i < parts.length;) {
    const code = parts[i];
    if (!code) break;
    const letter = code[0] as FileChange['status'];
    const twoPaths = letter === 'R' || letter === 'C';
    const oldPath = twoPaths ? parts[i + 1] : null;
    const newPath = twoPaths ? parts[i + 2] : parts[i + 1];
    i += twoPaths ? 3 : 2;
    files.push({
      path: newPath!,
      oldPath: oldPath!,
      status: letter,
      additions: 0,
      deletions: 0,
      binary: false,
      original: null,
      modified: null,
      absolutePath: path.join(workspace, newPath!),
    });
  }
  return files;
}

/** numstat -z: "add\tdel\tpath\0", or for a rename "add\tdel\t\0old\0new\0"; binary is "-\t-". */
function applyNumstat(files: FileChange[], output: string): void {
  const parts = output.split('\0');
  let index = 0;
  for (let i = 0; i < parts.length && index < files.length; index += 1) {
    const m = /^(-|\d+)\t(-|\d+)\t(.*)$/.exec(parts[i]!);
    if (!m) break;
    i += m[3] === '' ? 3 : 1;
    const file = files[index];
    file!.binary = m[1] === '-';
    file!.additions = file!.binary ? 0 : Number(m[1]);
    file!.deletions = file!.binary ? 0 : Number(m[2]);
  }
}

/** With unlimited context each file's patch holds both sides whole; files come in --name-status order. */
function applyFullContext(files: FileChange[], patch: string | null): void {
  if (patch === null) return;
  const chunks = patch.split(/^(?=diff --git )/m).filter((c) => c.startsWith('diff --git '));
  chunks.forEach((chunk, index) => {
    const file = files[index];
    if (!file || file.binary || chunk.length > 2 * CONTENT_BOUND) return;
    const original: string[] = [];
    const modified: string[] = [];
    let inHunk = false;
    let last: 'o' | 'm' | 'both' | null = null;
    const trailing = { o: true, m: true };
    for (const line of chunk.split('\n')) {
      if (line.startsWith('@@')) {
        inHunk = true;
        continue;
      }
      if (!inHunk) continue;
      if (line.startsWith('\\')) {
        if (last === 'o' || last === 'both') trailing.o = false;
        if (last === 'm' || last === 'both') trailing.m = false;
        continue;
      }
      const body = line.slice(1);
      if (line.startsWith(' ')) {
        original.push(body);
        modified.push(body);
        last = 'both';
      } else if (line.startsWith('-')) {
        original.push(body);
        last = 'o';
      } else if (line.startsWith('+')) {
        modified.push(body);
        last = 'm';
      }
    }
    file.original = file.status === 'A' ? '' : original.join('\n') + (original.length && trailing.o ? '\n' : '');
    file.modified = file.status === 'D' ? '' : modified.join('\n') + (modified.length && trailing.m ? '\n' : '');
  });
}

/** An untracked file's content, read only through the resolver and never through a link. */
async function untrackedFile(rel: string, ctx: PathContext, resolvePath: ResolvePath): Promise<FileChange> {
  const change: FileChange = {
    path: rel,
    oldPath: null,
    status: 'U',
    additions: 0,
    deletions: 0,
    binary: false,
    original: '',
    modified: null,
    absolutePath: path.join(ctx.workspace, rel),
  };
  const decision = await resolvePath(ctx, { path: rel, for: 'read' });
  if (!decision.ok) return change;
  let fd: number | null = null;
  try {
    fd = fs.openSync(decision.path, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > CONTENT_BOUND) return change;
    const buffer = Buffer.alloc(stat.size);
    fs.readSync(fd, buffer, 0, stat.size, 0);
    if (buffer.includes(0)) return { ...change, binary: true };
    const content = buffer.toString('utf8');
    change.modified = content;
    change.additions = content === '' ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
    return change;
  } catch {
    return change;
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}
