// The owner's own updates of a workspace (seed 000): "Pull" and "Run tests". Each takes the project
// lock, so it refuses to start while an agent turn works there, and a turn refuses while it runs.
import type { Workspace } from '../../shared/domain';
import { lockRefusal, type ProjectLock } from '../workspace/projectLock';
import { lexCommand } from '../policy';
import { childEnvForWorkspace, ownerEnvFrom, ownerShell } from '../processes/env';
import { findOnPath } from '../processes/shellPath';
import type { GroupLedger } from '../processes/ledger';
import { runBounded } from '../processes/spawn';
import { GitRefusal, runGit } from '../git/runner';

export type OwnerActionResult = { ok: true; exitCode: number | null; output: string } | { ok: false; reason: string };

const OWNER_TIMEOUT_MS = 10 * 60_000;

/** The owner's terminal in a workspace (issue 6): their own shell, in the directory, with the one child environment. */
export function ownerTerminalLaunch(workspace: Workspace, env: { home: string; from: NodeJS.ProcessEnv }) {
  return {
    shell: ownerShell(env.from.SHELL),
    args: [] as string[],
    cwd: workspace.directory,
    env: childEnvForWorkspace(workspace.capturedPath, env.home, ownerEnvFrom(env.from), 'xterm-256color'),
  };
}

export async function runOwnerCommand(
  lock: ProjectLock,
  workspace: Workspace,
  holder: string,
  argv: string[],
  env: { home: string; from: NodeJS.ProcessEnv },
  ledger?: GroupLedger,
): Promise<OwnerActionResult> {
  const attempt = lock.tryAcquire(workspace.directory, holder);
  if (!attempt.ok) return { ok: false, reason: lockRefusal(workspace.directory, attempt.heldBy) };
  try {
    const program = findOnPath(argv[0]!, workspace.capturedPath, { workspace: workspace.directory });
    if (!program) return { ok: false, reason: `${argv[0]} was not found on the workspace's PATH` };
    const result = await runBounded({
      program,
      args: argv.slice(1),
      cwd: workspace.directory,
      env: childEnvForWorkspace(workspace.capturedPath, env.home, ownerEnvFrom(env.from)),
      timeoutMs: OWNER_TIMEOUT_MS,
      purpose: 'owner',
      // The project's code runs here too: its group is recorded and reaped like an agent's (issue 14 §3).
      ledger,
    });
    return { ok: true, exitCode: result.exitCode, output: result.output };
  } finally {
    attempt.release();
  }
}

/**
 * The owner's Pull: `git pull --ff-only` through the hardened runner like every other git action
 * (SPEC §6), so a `.git/config` a run-mode script wrote (fsmonitor, filters, hooksPath…) is refused
 * and nothing it names runs; only the transports a pull needs are opened.
 */
export async function runOwnerPull(
  lock: ProjectLock,
  workspace: Workspace,
  options: { dataDir: string; sshAuthSock?: string },
): Promise<OwnerActionResult> {
  if (!workspace.gitBinary) return { ok: false, reason: "no git binary was found on the workspace's captured PATH" };
  const attempt = lock.tryAcquire(workspace.directory, "the owner's Pull");
  if (!attempt.ok) return { ok: false, reason: lockRefusal(workspace.directory, attempt.heldBy) };
  try {
    const run = await runGit({
      gitBinary: workspace.gitBinary,
      workspace: workspace.directory,
      dataDir: options.dataDir,
      args: ['pull', '--ff-only', '--no-recurse-submodules', '--no-verify', '--no-edit'],
      timeoutMs: OWNER_TIMEOUT_MS,
      transport: { sshAuthSock: options.sshAuthSock },
    });
    return { ok: true, exitCode: run.exitCode, output: `${run.stdout}${run.stderr}` };
  } catch (error) {
    if (error instanceof GitRefusal) return { ok: false, reason: error.message };
    throw error;
  } finally {
    attempt.release();
  }
}

export function ownerTestArgv(command: string): { ok: true; argv: string[] } | { ok: false; reason: string } {
  const lexed = lexCommand(command);
  return lexed.ok
    ? { ok: true, argv: lexed.argv }
    : { ok: false, reason: `the test command must be a plain command: ${lexed.reason}` };
}

export type OwnerTestRun =
  | { ok: true; exitCode: number | null; output: string }
  | { ok: false; code: 'bad-request' | 'conflict'; reason: string };

/**
 * The owner's Run tests (seed 000): a plain command, under the project lock, with the one child
 * environment; a run whose program is a real test runner is recorded like the agent's.
 */
export async function runOwnerTests(
  lock: ProjectLock,
  workspace: Workspace,
  command: string,
  env: { home: string; from: NodeJS.ProcessEnv },
  record: (run: {
    agentId: string;
    directory: string;
    argv: string[];
    exitCode: number | null;
    output: string;
  }) => void,
  ledger?: GroupLedger,
): Promise<OwnerTestRun> {
  const argv = ownerTestArgv(command);
  if (!argv.ok) return { ok: false, code: 'bad-request', reason: argv.reason };
  const result = await runOwnerCommand(lock, workspace, "the owner's test run", argv.argv, env, ledger);
  if (!result.ok) return { ok: false, code: 'conflict', reason: result.reason };
  record({
    agentId: workspace.agentId,
    directory: workspace.directory,
    argv: argv.argv,
    exitCode: result.exitCode,
    output: result.output,
  });
  return result;
}
