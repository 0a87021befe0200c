// Quitting leaves no process behind (SPEC §6, seed 003 §10 item 4). The one shutdown path both
// hosts use: the Electron host (its will-quit) and `paddock serve` (SIGINT/SIGTERM). A signal asks
// the host to quit; quitting closes the host's own pieces, then the core (turns, cards, every
// process group with SIGTERM then SIGKILL after the grace, terminals, the preview listener, the
// store). On 'exit', when nothing asynchronous can run any more, every group still known is SIGKILLed.

/** What quitting stops: the core (`Core` satisfies it). */
export interface ShutdownTarget {
  shutdown(): Promise<void>;
  services: { killAllSync(): void };
}

export type QuitSignal = 'SIGTERM' | 'SIGINT';

/** The part of `process` the shutdown listens on (tests may pass their own emitter). */
export interface QuitProcess {
  on(event: QuitSignal | 'exit', listener: () => void): unknown;
  off(event: QuitSignal | 'exit', listener: () => void): unknown;
}

export interface ShutdownOptions {
  proc?: QuitProcess;
  /** The host's own pieces that close before the core (the web host's listener). */
  closeHost?: () => Promise<void>;
  /**
   * What a signal does. Default: quit, then `exit(128 + n)`. Electron passes `app.quit()`, whose
   * will-quit comes back to `quit()` — so a signal and the window's close take the same path.
   */
  onSignal?: (signal: QuitSignal) => void;
  exit?: (code: number) => void;
  /** A second signal while quitting: leave now (the 'exit' listener SIGKILLs what is left). Default: process.exit. */
  forceExit?: (code: number) => void;
  log?: (message: string) => void;
}

export interface Shutdown {
  /** Runs once; later calls return the same promise. Never rejects: a failure is logged. */
  quit(): Promise<void>;
  /** Removes the listeners (tests, and a host that has already exited). */
  dispose(): void;
}

export const SIGNAL_EXIT_CODES: Record<QuitSignal, number> = { SIGINT: 130, SIGTERM: 143 };

export function installShutdown(target: ShutdownTarget, options: ShutdownOptions = {}): Shutdown {
  const proc: QuitProcess = options.proc ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const log = options.log ?? ((message: string) => process.stderr.write(`[paddock] ${message}\n`));
  let quitting: Promise<void> | null = null;

  const quit = (): Promise<void> => {
    quitting ??= (async () => {
      try {
        await options.closeHost?.();
      } catch (error) {
        log(`closing the host failed while quitting: ${(error as Error).message}`);
      }
      try {
        await target.shutdown();
      } catch (error) {
        log(`stopping the core failed while quitting: ${(error as Error).message}; every process group is killed now`);
        target.services.killAllSync();
      }
    })();
    return quitting;
  };

  const onSignal =
    options.onSignal ??
    ((signal: QuitSignal): void => {
      void quit().then(() => exit(SIGNAL_EXIT_CODES[signal]));
    });
  const forceExit = options.forceExit ?? ((code: number) => process.exit(code));
  let signalled = false;
  // A second signal (Ctrl-C again while stopping hangs) leaves at once: 'exit' still SIGKILLs every group.
  const handle = (signal: QuitSignal): void => {
    if (signalled) return forceExit(SIGNAL_EXIT_CODES[signal]);
    signalled = true;
    onSignal(signal);
  };
  const onTerm = (): void => handle('SIGTERM');
  const onInt = (): void => handle('SIGINT');
  const onExit = (): void => target.services.killAllSync();

  proc.on('SIGTERM', onTerm);
  proc.on('SIGINT', onInt);
  proc.on('exit', onExit);
  return {
    quit,
    dispose(): void {
      proc.off('SIGTERM', onTerm);
      proc.off('SIGINT', onInt);
      proc.off('exit', onExit);
    },
  };
}
