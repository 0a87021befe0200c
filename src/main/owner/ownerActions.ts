// The owner's own updates of a workspace (seed 000): "Pull" and "Run tests". Each takes the project
// lock, so it refuses to start while an agent turn works there, and a turn refuses while it runs.
import type { Workspace } from '../../shared/domain';
import { lockRefusal, type ProjectLock } from '../agent/projectLock';
import { lexCommand } from '../policy';
import { childEnvFor } from '../processes/env';
import { findOnPath } from '../processes/shellPath';
import { runBounded } from '../processes/spawn';

export type OwnerActionResult = { ok: true; exitCode: number | null; output: string } | { ok: false; reason: string };

const OWNER_TIMEOUT_MS = 10 * 60_000;

export async function runOwnerCommand(
  lock: ProjectLock,
  workspace: Workspace,
  holder: string,
  argv: string[],
  env: { home: string; from: NodeJS.ProcessEnv },
): Promise<OwnerActionResult> {
  const attempt = lock.tryAcquire(workspace.directory, holder);
  if (!attempt.ok) return { ok: false, reason: lockRefusal(workspace.directory, attempt.heldBy) };
  try {
    const program = findOnPath(argv[0], workspace.capturedPath, { workspace: workspace.directory });
    if (!program) return { ok: false, reason: `${argv[0]} was not found on the workspace's PATH` };
    const result = await runBounded({
      program,
      args: argv.slice(1),
      cwd: workspace.directory,
      env: childEnvFor(workspace.capturedPath, env.home, env.from),
      timeoutMs: OWNER_TIMEOUT_MS,
      purpose: 'owner',
    });
    return { ok: true, exitCode: result.exitCode, output: result.output };
  } finally {
    attempt.release();
  }
}

export function ownerTestArgv(command: string): { ok: true; argv: string[] } | { ok: false; reason: string } {
  const lexed = lexCommand(command);
  return lexed.ok ? { ok: true, argv: lexed.argv } : { ok: false, reason: `the test command must be a plain command: ${lexed.reason}` };
}
