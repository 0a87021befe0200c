// Running as root (CI, containers, a root desktop session), the sandbox's uid 0 is the host's root
// for every file the mounts expose: /proc/sys must be read-only inside, or a contained command sets
// kernel.core_pattern (a pipe there runs a program as host root at the next crash), vm.drop_caches…
// The probe writes back the value core_pattern already holds, never a new one, and only opens
// drop_caches (opening does nothing; a write would).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBounded } from '../../../src/main/processes/spawn';
import { runningAsRootLine } from '../../../src/main/sandbox/engine';
import { createSandbox } from '../../../src/main/sandbox/sandbox';
import { sandboxStatus } from '../../support/sandbox';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const status = sandboxStatus();
const temp = createTempDirs('paddock-procsys-');
const PYTHON = ['/usr/bin/python3', '/usr/local/bin/python3'].find((file) => fs.existsSync(file));
const isRoot = process.getuid?.() === 0;
let workspace = '';
let home = '';
let dataDir = '';
beforeAll(() => {
  workspace = temp.make();
  home = temp.make();
  dataDir = temp.make();
});
afterAll(() => temp.cleanup());

// Each line: what was tried, then `ok` or the error's name.
const PROBE = `
import errno, os
def attempt(name, fn):
    try:
        fn()
        print(name, 'ok')
    except OSError as e:
        print(name, errno.errorcode.get(e.errno, str(e.errno)))
def same_core_pattern():
    with open('/proc/sys/kernel/core_pattern', 'rb') as f:
        value = f.read()
    fd = os.open('/proc/sys/kernel/core_pattern', os.O_WRONLY)
    try:
        os.write(fd, value)
    finally:
        os.close(fd)
def open_only(p):
    return lambda: os.close(os.open(p, os.O_WRONLY))
attempt('core_pattern', same_core_pattern)
attempt('drop_caches', open_only('/proc/sys/vm/drop_caches'))
attempt('suid_dumpable', open_only('/proc/sys/fs/suid_dumpable'))
attempt('sysrq_trigger', open_only('/proc/sysrq-trigger'))
print('uid', os.getuid())
for line in open('/proc/self/status'):
    if line.startswith(('CapEff:', 'CapBnd:', 'CapPrm:')):
        print(line.split(':')[0], line.split()[1])
`;

async function probe(contained: boolean): Promise<Record<string, string>> {
  fs.writeFileSync(path.join(workspace, 'probe.py'), PROBE);
  const sandbox = createSandbox({ status, home, dataDir });
  const result = await runBounded({
    program: PYTHON!,
    args: [path.join(workspace, 'probe.py')],
    cwd: workspace,
    env: { PATH: '/usr/bin:/bin', HOME: home },
    timeoutMs: 30_000,
    wrap: contained ? sandbox.wrapperFor({ agentId: 'a1', workspace, allowedDomains: [] }) : undefined,
    purpose: 'run',
  });
  expect(result.exitCode, result.output).toBe(0);
  return Object.fromEntries(
    result.output
      .trim()
      .split('\n')
      .map((line) => line.split(' ') as [string, string]),
  );
}

// Not root: the host's permissions already refuse these writes, so the test proves nothing here.
describe.skipIf(!status.available || status.engine !== 'bubblewrap' || !PYTHON || !isRoot)(
  '/proc/sys inside the sandbox when Paddock runs as root',
  () => {
    it('is read-only: the value core_pattern holds cannot even be written back, drop_caches cannot be opened for writing', async () => {
      const inside = await probe(true);
      expect(inside.uid).toBe('0');
      // Every capability dropped, the bounding set too (nothing can be regained by an exec).
      expect([inside.CapEff, inside.CapPrm, inside.CapBnd]).toEqual([
        '0000000000000000',
        '0000000000000000',
        '0000000000000000',
      ]);
      expect(inside.core_pattern).toBe('EROFS');
      expect(inside.drop_caches).toBe('EROFS');
      expect(inside.suid_dumpable).toBe('EROFS');
      expect(inside.sysrq_trigger).toMatch(/^(EROFS|EACCES|ENOENT)$/);
    }, 60_000);

    it('the same probe outside the sandbox can open them (so the test can fail)', async () => {
      const outside = await probe(false);
      // A container may mount /proc/sys read-only itself; then there is nothing to compare with.
      if (outside.drop_caches === 'EROFS') return;
      expect(outside.drop_caches).toBe('ok');
    }, 60_000);
  },
);

describe('Settings says what running as root means', () => {
  it('in the sandbox section, when and only when Paddock runs as uid 0', async () => {
    expect(runningAsRootLine(0)).toMatch(
      /^Paddock runs as root: inside the sandbox, a command’s uid 0 is this machine’s root .* run Paddock as an ordinary user\.$/,
    );
    expect(runningAsRootLine(1000)).toBeNull();
    const { core } = await buildTestCore(temp.make());
    try {
      const warning = (await core.api.app.info({}, { host: 'web', version: 't' } as const)).sandbox.warning ?? '';
      if (isRoot) expect(warning).toContain(runningAsRootLine(0));
      else expect(warning).not.toContain('Paddock runs as root');
    } finally {
      await core.shutdown();
    }
  }, 60_000);
});
