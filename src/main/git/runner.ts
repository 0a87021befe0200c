// The hardened git runner (seed 003 §4, SPEC §6): the only place a git process starts for a
// workspace. Argv only (no shell), an environment built from scratch, every program-naming setting
// overridden on the command line, and the repository checked before every invocation.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawnChild } from '../processes/spawn';
import fs from 'node:fs';
import path from 'node:path';
import { identityWrapper, type CommandWrapper } from '../processes/command';
import { configOverrides, gitDirectories, gitEnvironment, type RepositoryDirs } from './hardening';
import { checkRepository } from './repository';

export interface GitRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** True when stdout was cut at the bound (the tail is dropped: git output reads top-down). */
  truncated: boolean;
}

export interface RunGitOptions {
  /** Absolute path of the git binary found on the workspace's captured PATH. */
  gitBinary: string;
  /** The repository root: a real, absolute path holding its own `.git` directory. */
  workspace: string;
  dataDir: string;
  /** The subcommand and its arguments; global options and `-c` overrides are added here. */
  args: string[];
  timeoutMs?: number;
  /** Read-only actions take no optional locks (status then never rewrites the index). */
  readOnly?: boolean;
  /** Written to git's stdin (pathspecs with --pathspec-from-file=-). */
  input?: string;
  /** Extra `-c key=value` settings (e.g. an identity for commit). */
  extraConfig?: Array<[string, string]>;
  signal?: AbortSignal;
  /**
   * Who commits when the repository names nobody: global configuration is off, so without this a
   * commit or stash would fail. The repository's own user.name/user.email win when present.
   */
  identity?: { name: string; email: string };
  /** Largest stdout kept, in bytes (default 4 MB). */
  maxOutputBytes?: number;
  /**
   * The owner's Pull: the https, ssh and local-file transports are allowed (never `ext::`), ssh runs
   * in batch mode with the owner's agent socket. Every other override still holds.
   */
  transport?: { sshAuthSock?: string };
  /**
   * The git tool's: the reader sandbox of the workspace (sandbox.readerWrapperFor), so that git's walk
   * of the working tree meets no link to the owner's files however a process races it. The owner's
   * own actions (Summary, Pull) pass none.
   */
  wrap?: CommandWrapper;
}

export class GitRefusal extends Error {}

/** Later `-c` settings win: these reopen the ordinary transports after the overrides closed them all. */
const TRANSPORT_SETTINGS: Array<[string, string]> = [
  ['protocol.https.allow', 'always'],
  ['protocol.ssh.allow', 'always'],
  ['protocol.file.allow', 'always'],
  ['protocol.ext.allow', 'never'],
  ['core.sshCommand', 'ssh -o BatchMode=yes'],
];

export const DEFAULT_GIT_TIMEOUT_MS = 60_000;

/** Checks the repository, then runs git. Throws GitRefusal (a sentence naming the rule) when refused. */
export async function runGit(options: RunGitOptions): Promise<GitRun> {
  assertAbsoluteBinary(options.gitBinary);
  const dirs = gitDirectories(options.dataDir);
  const check = checkRepository(options.gitBinary, options.workspace, dirs);
  if (!check.ok) throw new GitRefusal(check.reason);
  const extraConfig = [...(options.extraConfig ?? [])];
  if (options.identity) {
    if (!check.configKeys.has('user.name')) extraConfig.push(['user.name', options.identity.name]);
    if (!check.configKeys.has('user.email')) extraConfig.push(['user.email', options.identity.email]);
  }
  return spawnGit({ ...options, extraConfig, repository: check.dirs });
}

/**
 * Runs git under the hardened environment and overrides without the repository check. Exported for
 * `init` (there is no repository yet) and for tests proving the overrides hold on their own.
 */
export function spawnGit(options: RunGitOptions & { cwd?: string; repository?: RepositoryDirs }): Promise<GitRun> {
  assertAbsoluteBinary(options.gitBinary);
  const dirs = gitDirectories(options.dataDir);
  // Checked on every spawn: init also uses this directory as its (empty) template.
  assertEmptyHooks(dirs.emptyHooks);
  const env = gitEnvironment({
    gitBinary: options.gitBinary,
    dirs,
    workspace: options.cwd ? undefined : options.workspace,
    readOnly: options.readOnly,
    repository: options.repository,
  });
  if (options.transport?.sshAuthSock) env.SSH_AUTH_SOCK = options.transport.sshAuthSock;
  const extraConfig = [...(options.extraConfig ?? []), ...(options.transport ? TRANSPORT_SETTINGS : [])];
  const extra = extraConfig.flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  const argv = ['--no-pager', ...configOverrides(dirs), ...extra, ...options.args];
  const limit = options.maxOutputBytes ?? 4 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    let command;
    try {
      command = (options.wrap ?? identityWrapper)(
        {
          program: options.gitBinary,
          args: argv,
          cwd: options.cwd ?? options.workspace,
          env: env as Record<string, string>,
        },
        'git',
      );
    } catch (error) {
      reject(new GitRefusal((error as Error).message));
      return;
    }
    const child = spawnChild(command.program, command.args, 'git', {
      cwd: command.cwd,
      env: command.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    }) as ChildProcessWithoutNullStreams;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    let truncated = false;
    let killedFor: string | null = null;
    const kill = (why: string) => {
      killedFor = why;
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(
      () => kill(`timed out after ${options.timeoutMs ?? DEFAULT_GIT_TIMEOUT_MS} ms`),
      options.timeoutMs ?? DEFAULT_GIT_TIMEOUT_MS,
    );
    const onAbort = () => kill('cancelled');
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (outBytes >= limit) {
        truncated = true;
        return;
      }
      out.push(chunk);
      outBytes += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (errBytes < 256 * 1024) err.push(chunk);
      errBytes += chunk.length;
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
    child.on('error', (error) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      reject(new GitRefusal(`git could not start (${options.gitBinary}): ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (killedFor) {
        reject(new GitRefusal(`git ${options.args[0] ?? ''} was stopped: ${killedFor}`));
        return;
      }
      let stdout = Buffer.concat(out).toString('utf8');
      if (stdout.length > limit) {
        stdout = stdout.slice(0, limit);
        truncated = true;
      }
      resolve({ exitCode: code ?? 1, stdout, stderr: Buffer.concat(err).toString('utf8'), truncated });
    });
  });
}

function assertAbsoluteBinary(gitBinary: string): void {
  if (!path.isAbsolute(gitBinary)) {
    throw new GitRefusal("refused: git runs only from an absolute binary found on the workspace's captured PATH");
  }
}

/** Something placed in the hooks directory would run on every commit: refuse rather than run it. */
export function assertEmptyHooks(dir: string): void {
  if (fs.readdirSync(dir).length > 0) {
    throw new GitRefusal(
      `refused: Paddock's empty hooks directory (${dir}) is not empty, so git could run what is in it`,
    );
  }
}
