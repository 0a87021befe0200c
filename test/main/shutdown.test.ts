// The one shutdown path both hosts ship (src/main/shutdown.ts): a signal quits once, closes the
// host before the core, a second signal leaves at once, and 'exit' SIGKILLs whatever is left.
// The real core and real process groups are quit in test/main/processes/quit.test.ts.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { installShutdown, type QuitProcess, type ShutdownTarget } from '../../src/main/shutdown';

function world(shutdownFails = false) {
  const steps: string[] = [];
  const proc = new EventEmitter() as EventEmitter & QuitProcess;
  const target: ShutdownTarget = {
    async shutdown() {
      steps.push('core');
      if (shutdownFails) throw new Error('the store is gone');
    },
    services: { killAllSync: () => steps.push('killAllSync') },
  };
  return { steps, proc, target };
}

describe('installShutdown', () => {
  it('SIGTERM closes the host, then the core, then exits 143', async () => {
    const { steps, proc, target } = world();
    const exited = new Promise<number>((resolve) => {
      installShutdown(target, {
        proc,
        closeHost: async () => void steps.push('host'),
        exit: resolve,
        log: () => undefined,
      });
    });
    proc.emit('SIGTERM');
    expect(await exited).toBe(143);
    expect(steps).toEqual(['host', 'core']);
  });

  it('quit() runs once however often it is asked, and a host signal handler replaces the default', async () => {
    const { steps, proc, target } = world();
    const asked: string[] = [];
    const shutdown = installShutdown(target, {
      proc,
      onSignal: (signal) => asked.push(signal),
      exit: () => steps.push('exit'),
    });
    proc.emit('SIGINT');
    expect(asked).toEqual(['SIGINT']);
    await Promise.all([shutdown.quit(), shutdown.quit()]);
    expect(steps).toEqual(['core']);
  });

  it('a second signal while quitting leaves at once; exit kills every group synchronously', () => {
    const { steps, proc, target } = world();
    const forced: number[] = [];
    installShutdown(target, { proc, onSignal: () => undefined, forceExit: (code) => forced.push(code) });
    proc.emit('SIGINT');
    proc.emit('SIGINT');
    expect(forced).toEqual([130]);
    proc.emit('exit');
    expect(steps).toContain('killAllSync');
  });

  it('a core that fails to stop still has its process groups killed, and the failure is said', async () => {
    const { steps, proc, target } = world(true);
    const logged: string[] = [];
    const shutdown = installShutdown(target, { proc, log: (message) => logged.push(message) });
    await shutdown.quit();
    expect(steps).toEqual(['core', 'killAllSync']);
    expect(logged.join('\n')).toMatch(/stopping the core failed while quitting: the store is gone/);
  });

  it('dispose removes every listener', () => {
    const { proc, target } = world();
    installShutdown(target, { proc }).dispose();
    expect(proc.listenerCount('SIGTERM') + proc.listenerCount('SIGINT') + proc.listenerCount('exit')).toBe(0);
  });
});
