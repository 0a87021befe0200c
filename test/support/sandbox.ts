// The real OS sandbox of this machine for tests: bubblewrap when it works here, else unavailable
// (then the tests that need it are skipped with that reason, never faked).
import fs from 'node:fs';
import { afterAll } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { detectSandbox, type SandboxStatus } from '../../src/main/sandbox/engine';
import { createSandbox, type Sandbox } from '../../src/main/sandbox/sandbox';

/** Scratch homes and data directories of test sandboxes, removed after the file's tests. */
const scratchDirs: string[] = [];
// Under vitest only: a child process of a test (run with tsx) imports this file too.
if ('__vitest_worker__' in globalThis) {
  afterAll(() => {
    for (const dir of scratchDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
}

let status: SandboxStatus | null = null;

export function sandboxStatus(): SandboxStatus {
  status ??= detectSandbox();
  return status;
}

/** A sandbox whose home and data directory are throwaway directories unless given. */
export function testSandbox(options: { home?: string; dataDir?: string } = {}): Sandbox {
  const scratch = () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-sbx-')));
    scratchDirs.push(dir);
    return dir;
  };
  return createSandbox({
    status: sandboxStatus(),
    home: options.home ?? scratch(),
    dataDir: options.dataDir ?? scratch(),
  });
}

/** The same, reported as unavailable (to test what Paddock does without a sandbox). */
export function missingSandbox(): Sandbox {
  return createSandbox({
    status: { available: false, cause: 'bubblewrap is not installed', howToEnable: 'install it' },
    home: os.tmpdir(),
    dataDir: os.tmpdir(),
  });
}
