// Connected repositories (seed 000, SPEC §4): the owner clones a Git URL or creates an empty
// repository, and Paddock places it at `<data>/repositories/<projectId>/agent` (AC-9's writable
// case). Owner-initiated, not a model tool; git still runs hardened: no configuration of the
// owner's, no hooks, no submodules, no `ext::` transport, and a failed clone leaves nothing behind.
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { spawnChild } from '../processes/spawn';
import fs from 'node:fs';
import path from 'node:path';
import { configSettings, gitDirectories, gitEnvironment } from './hardening';
import { assertEmptyHooks, GitRefusal, spawnGit } from './runner';

export interface CloneProgress {
  /** Git's own phase name: "Receiving objects", "Resolving deltas", "Updating files"… */
  phase: string;
  percent: number;
}

export interface CloneOptions {
  gitBinary: string;
  url: string;
  dataDir: string;
  projectId: string;
  onProgress?: (progress: CloneProgress) => void;
  /** The owner's ssh agent socket, for git@host: and ssh:// URLs (HOME is an empty directory). */
  sshAuthSock?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function repositoryDirectory(dataDir: string, projectId: string): string {
  if (!PROJECT_ID.test(projectId))
    throw new GitRefusal('refused: a project id is letters, digits, _ and - (at most 64)');
  return path.join(dataDir, 'repositories', projectId, 'agent');
}

type UrlKind = 'https' | 'ssh' | 'file';

/** Only https://, ssh://, user@host:path and local file:// or absolute paths; never ext:: or options. */
export function classifyCloneUrl(url: string): { ok: true; kind: UrlKind } | { ok: false; reason: string } {
  const refuse = (why: string) => ({ ok: false as const, reason: `refused: ${why}` });
  if (url.length === 0 || url.length > 2048 || /[\s\u0000-\u001f\u007f]/.test(url))
    return refuse('a repository URL has no spaces or control characters');
  if (url.startsWith('-')) return refuse('a repository URL may not start with -');
  if (/^https:\/\/[A-Za-z0-9][A-Za-z0-9.-]*(:\d+)?\//.test(url)) return { ok: true, kind: 'https' };
  if (/^ssh:\/\/([A-Za-z0-9._-]+@)?[A-Za-z0-9][A-Za-z0-9.-]*(:\d+)?\//.test(url)) return { ok: true, kind: 'ssh' };
  if (/^[A-Za-z0-9._-]+@[A-Za-z0-9][A-Za-z0-9.-]*:[^:]/.test(url) && !url.includes('::'))
    return { ok: true, kind: 'ssh' };
  if (/^file:\/\/\//.test(url) || path.isAbsolute(url)) return { ok: true, kind: 'file' };
  return refuse('Paddock clones only https://, ssh://, user@host:path, file:// and absolute-path repositories');
}

/** Clones into `<data>/repositories/<projectId>/agent`; on failure the directory is removed. */
export async function cloneRepository(options: CloneOptions): Promise<{ directory: string }> {
  const kind = classifyCloneUrl(options.url);
  if (!kind.ok) throw new GitRefusal(kind.reason);
  const directory = repositoryDirectory(options.dataDir, options.projectId);
  if (fs.existsSync(directory))
    throw new GitRefusal(`refused: ${directory} already exists; a project is connected once`);
  fs.mkdirSync(path.dirname(directory), { recursive: true, mode: 0o700 });
  const dirs = gitDirectories(options.dataDir);
  assertEmptyHooks(dirs.emptyHooks);
  const env = gitEnvironment({ gitBinary: options.gitBinary, dirs });
  if (options.sshAuthSock) env.SSH_AUTH_SOCK = options.sshAuthSock;
  // ssh without a terminal must not wait on a prompt nobody can answer.
  if (kind.kind === 'ssh') env.GIT_SSH_COMMAND = 'ssh -o BatchMode=yes';
  const protocol: Array<[string, string]> = [
    ['protocol.allow', 'never'],
    [`protocol.${kind.kind}.allow`, 'always'],
    ['protocol.ext.allow', 'never'],
  ];
  const settings = [
    ...configSettings(dirs).filter(([key]) => !key.startsWith('protocol.') && key !== 'core.sshCommand'),
    ...protocol,
  ];
  const argv = [
    '--no-pager',
    ...settings.flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    'clone',
    '--progress',
    '--no-recurse-submodules',
    `--template=${dirs.emptyHooks}`,
    '--',
    options.url,
    directory,
  ];
  try {
    await runClone(options, argv, env, path.dirname(directory));
    return { directory };
  } catch (error) {
    fs.rmSync(path.dirname(directory), { recursive: true, force: true });
    throw error;
  }
}

function runClone(options: CloneOptions, argv: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawnChild(options.gitBinary, argv, 'git', {
      cwd,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    }) as ChildProcessByStdio<null, null, Readable>;
    let stderr = '';
    let pending = '';
    const timer = setTimeout(() => stop('timed out'), options.timeoutMs ?? 10 * 60_000);
    let stopped: string | null = null;
    const stop = (why: string) => {
      stopped = why;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    options.signal?.addEventListener('abort', () => stop('cancelled'), { once: true });
    child.stderr.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (stderr.length < 64 * 1024) stderr += text;
      pending += text;
      // Git redraws a progress line with \r and ends a phase with \n.
      const parts = pending.split(/[\r\n]/);
      pending = parts.pop() ?? '';
      for (const part of parts) {
        const progress = parseProgress(part);
        if (progress) options.onProgress?.(progress);
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new GitRefusal(`git could not start: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (stopped) reject(new GitRefusal(`the clone was stopped: ${stopped}`));
      else if (code !== 0) reject(new GitRefusal(`the clone failed (exit ${code}): ${lastLines(stderr)}`));
      else resolve();
    });
  });
}

/** "Receiving objects:  45% (45/100), 1.2 MiB | 3 MiB/s" → {phase, percent}. */
export function parseProgress(line: string): CloneProgress | null {
  const m = /^(?:remote: )?([A-Za-z][A-Za-z ]+?):\s+(\d{1,3})% \(/.exec(line.trim());
  return m ? { phase: m[1]!, percent: Math.min(100, Number.parseInt(m[2]!, 10)) } : null;
}

function lastLines(text: string): string {
  return text
    .split(/[\r\n]+/)
    .filter((l) => l.trim() && !parseProgress(l))
    .slice(-3)
    .join(' ')
    .trim();
}

/** An empty repository at `<data>/repositories/<projectId>/agent`, on branch main. */
export async function createEmptyRepository(options: {
  gitBinary: string;
  dataDir: string;
  projectId: string;
}): Promise<{ directory: string }> {
  const directory = repositoryDirectory(options.dataDir, options.projectId);
  if (fs.existsSync(directory))
    throw new GitRefusal(`refused: ${directory} already exists; a project is connected once`);
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  const dirs = gitDirectories(options.dataDir);
  const run = await spawnGit({
    gitBinary: options.gitBinary,
    workspace: directory,
    dataDir: options.dataDir,
    cwd: directory,
    args: ['init', '--quiet', `--template=${dirs.emptyHooks}`, '--initial-branch=main'],
  });
  if (run.exitCode !== 0) {
    fs.rmSync(path.dirname(directory), { recursive: true, force: true });
    throw new GitRefusal(`git init failed: ${run.stderr.trim()}`);
  }
  return { directory };
}
