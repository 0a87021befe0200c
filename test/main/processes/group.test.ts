// A stop for the fence's sake gives the process no grace (SPEC §4 end, issue 35 item 5): a process
// whose read-only hold just ended, or that planted an always-card entry, is killed at once, never
// first asked with SIGTERM, which it may catch and use to keep writing for the grace period.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { groupAlive, terminateGroup } from '../../../src/main/processes/group';
import { removeTempDirs, tempDir, waitFor } from './helpers';

afterEach(() => removeTempDirs());

/** A group leader that, on SIGTERM, writes for as long as it lives (and ignores the signal). */
function catcher(dir: string): number {
  const script = [
    "const fs = require('node:fs');",
    "process.on('SIGTERM', () => { for (;;) fs.appendFileSync('after-term', 'x'); });",
    "fs.writeFileSync('ready', '');",
    'setInterval(() => {}, 1000);',
  ].join('\n');
  const child = spawn(process.execPath, ['-e', script], { cwd: dir, detached: true, stdio: 'ignore' });
  child.unref();
  return child.pid as number;
}

describe.skipIf(process.platform === 'win32')('terminateGroup', () => {
  it('with a grace, asks first: a process that catches SIGTERM runs on until the grace ends', async () => {
    const dir = tempDir('paddock-group-');
    const pid = catcher(dir);
    await waitFor(() => fs.existsSync(path.join(dir, 'ready')), 10_000, 'the catcher to start');
    await terminateGroup(pid, 300);
    await waitFor(() => !groupAlive(pid), 5_000, 'the group to be gone');
    expect(fs.existsSync(path.join(dir, 'after-term'))).toBe(true);
  });

  it('with no grace, kills at once: nothing of the process runs after the stop', async () => {
    const dir = tempDir('paddock-group-');
    const pid = catcher(dir);
    await waitFor(() => fs.existsSync(path.join(dir, 'ready')), 10_000, 'the catcher to start');
    await terminateGroup(pid, 0);
    await waitFor(() => !groupAlive(pid), 5_000, 'the group to be gone');
    expect(fs.existsSync(path.join(dir, 'after-term'))).toBe(false);
  });
});
