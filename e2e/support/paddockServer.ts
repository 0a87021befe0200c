// Starts `paddock serve` exactly as the README says, with a fresh data directory and HOME, on a
// free port, and stops it (and everything it started) after the test.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunningPaddock {
  url: string;
  origin: string;
  dataDir: string;
  home: string;
  root: string;
  /** A directory under the temporary root, created for the test. */
  makeDir(name: string): string;
  stop(): Promise<void>;
  restart(): Promise<RunningPaddock>;
}

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'paddock.js');

/** `firstRun: true` shows the guided setup as a new owner sees it; the other specs start past it (PADDOCK_SKIP_SETUP=1). */
export async function startPaddock(
  options: { root?: string; env?: NodeJS.ProcessEnv; firstRun?: boolean } = {},
): Promise<RunningPaddock> {
  const root = options.root ?? fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-e2e-')));
  const dataDir = path.join(root, 'data');
  const home = path.join(root, 'home');
  fs.mkdirSync(home, { recursive: true });
  const child: ChildProcess = spawn(
    process.execPath,
    [BIN, 'serve', '--port', '0', '--data-dir', dataDir, '--no-open'],
    {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        SHELL: '/bin/sh',
        LANG: 'C.UTF-8',
        ...(options.firstRun ? {} : { PADDOCK_SKIP_SETUP: '1' }),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => reject(new Error(`paddock serve did not start in time:\n${stderr}`)), 60_000);
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`paddock serve exited with ${code}:\n${stderr}`));
    });
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    home,
    root,
    makeDir(name: string) {
      const dir = path.join(root, name);
      fs.mkdirSync(dir, { recursive: true });
      return dir;
    },
    stop,
    async restart() {
      await stop();
      return startPaddock({ root, env: options.env, firstRun: options.firstRun });
    },
  };
}
