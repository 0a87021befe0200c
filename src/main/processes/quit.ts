// Quitting leaves no process behind (SPEC §6, seed 003 §10 item 4): on SIGTERM or SIGINT every
// started group is stopped (SIGTERM, then SIGKILL after the grace) before Paddock exits; on
// 'exit' — when no asynchronous work can run any more — every group still known is SIGKILLed.
import type { Supervisor } from './supervisor';

export interface QuitHandlerOptions {
  /** The process to listen on (tests pass their own emitter-like process). Default: process. */
  proc?: NodeJS.Process;
  /** Called after stopAll on a signal; default exits with 128 + the signal's number. */
  exit?: (code: number) => void;
}

const SIGNAL_CODES: Record<'SIGTERM' | 'SIGINT', number> = { SIGTERM: 143, SIGINT: 130 };

/** Installs the handlers; returns a function that removes them. */
export function installQuitHandlers(supervisor: Supervisor, options: QuitHandlerOptions = {}): () => void {
  const proc = options.proc ?? process;
  const exit = options.exit ?? ((code: number) => proc.exit(code));
  let quitting = false;

  const onSignal = (signal: 'SIGTERM' | 'SIGINT'): void => {
    if (quitting) return; // a second signal while stopping: the 'exit' handler still SIGKILLs
    quitting = true;
    supervisor
      .stopAll()
      .catch(() => undefined)
      .finally(() => exit(SIGNAL_CODES[signal]));
  };
  const onTerm = (): void => onSignal('SIGTERM');
  const onInt = (): void => onSignal('SIGINT');
  const onExit = (): void => supervisor.killAllSync();

  proc.on('SIGTERM', onTerm);
  proc.on('SIGINT', onInt);
  proc.on('exit', onExit);
  return () => {
    proc.off('SIGTERM', onTerm);
    proc.off('SIGINT', onInt);
    proc.off('exit', onExit);
  };
}
