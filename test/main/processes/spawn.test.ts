import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildChildEnv } from '../../../src/main/processes/env';
import { isAlive } from '../../../src/main/processes/identity';
import { SpawnError } from '../../../src/main/processes/command';
import { runBounded } from '../../../src/main/processes/spawn';
import { FAMILY, familyPids, killQuietly, removeTempDirs, tempDir, waitGone } from './helpers';

const NODE = process.execPath;
const SH = '/bin/sh';
const env = (): Record<string, string> => buildChildEnv({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tempDir() });
const leftovers: number[] = [];
afterEach(() => {
  killQuietly(leftovers.splice(0));
  removeTempDirs();
});

describe('runBounded', () => {
  it('returns exit code, both streams in one buffer, and elapsed time', async () => {
    const result = await runBounded({
      program: SH,
      args: ['-c', 'echo out; echo err >&2; exit 3'],
      cwd: tempDir(),
      env: env(),
      timeoutMs: 20_000,
    });
    expect(result.exitCode).toBe(3);
    expect(result.signal).toBeNull();
    expect(result.timedOut).toBe(false);
    expect(result.output).toContain('out\n');
    expect(result.output).toContain('err\n');
    expect(result.droppedBytes).toBe(0);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(0);
  });

  it('spawns argv with no shell: metacharacters reach the program as text', async () => {
    const result = await runBounded({
      program: '/bin/echo',
      args: ['$HOME', '`id`', 'a;b', '*'],
      cwd: tempDir(),
      env: env(),
      timeoutMs: 20_000,
    });
    expect(result.output).toBe('$HOME `id` a;b *\n');
  });

  it('gives the child nothing of Paddock’s environment', async () => {
    process.env.PADDOCK_SECRET = 'do-not-leak';
    try {
      const result = await runBounded({
        program: '/usr/bin/env',
        args: [],
        cwd: tempDir(),
        env: env(),
        timeoutMs: 20_000,
      });
      const names = result.output
        .trim()
        .split('\n')
        .map((line) => line.split('=')[0]);
      expect(result.output).not.toContain('do-not-leak');
      expect(
        names.every((name) =>
          ['PATH', 'HOME', 'USER', 'LANG', 'LC_ALL', 'TERM', 'TMPDIR', 'SHELL', 'CI'].includes(name!),
        ),
      ).toBe(true);
      expect(names).toContain('CI');
    } finally {
      delete process.env.PADDOCK_SECRET;
    }
  });

  it('keeps memory bounded under a 1 GiB flood and returns the last 200 KB', async () => {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    let liveBytes = 0;
    const result = await runBounded({
      program: SH,
      args: ['-c', `head -c ${1024 * 1024 * 1024} /dev/zero | tr '\\0' a; printf '\\nEND-OF-FLOOD\\n'`],
      cwd: tempDir(),
      env: env(),
      timeoutMs: 120_000,
      onOutput: (chunk) => {
        liveBytes += chunk.length;
      },
    });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(result.exitCode).toBe(0);
    // Compare short slices: a failure must not print 200 KB.
    expect(result.output.slice(-14)).toBe('\nEND-OF-FLOOD\n');
    const firstLine = result.output.slice(0, result.output.indexOf('\n'));
    expect(firstLine).toBe('[1023.8 MB of earlier output dropped; the last 200.0 KB follow]');
    const body = result.output.slice(firstLine.length + 1);
    expect(Buffer.byteLength(body)).toBe(200 * 1024);
    expect(result.droppedBytes).toBe(1024 * 1024 * 1024 + 14 - 200 * 1024);
    // Loose: the tail is 200 KB; anything near the flood's size would mean it was held.
    expect(peak - before).toBeLessThan(128 * 1024 * 1024);
    // The live view saw the command move but was bounded too.
    expect(liveBytes).toBeGreaterThan(0);
    expect(liveBytes).toBeLessThan(256 * 1024 * 1024);
  }, 120_000);

  it('a timeout kills a grandchild that ignores SIGTERM', async () => {
    const result = await runBounded({
      program: NODE,
      args: [FAMILY],
      cwd: tempDir(),
      env: env(),
      timeoutMs: 1_500,
      killGraceMs: 500,
    });
    const pids = familyPids(result.output);
    expect(pids).not.toBeNull();
    if (!pids) return;
    leftovers.push(pids.parent, pids.grandchild);
    expect(result.timedOut).toBe(true);
    expect(result.signal).toBe('SIGKILL');
    await waitGone([pids.parent, pids.grandchild]);
  }, 60_000);

  it('cancellation kills the whole group', async () => {
    const controller = new AbortController();
    let seen = '';
    const pending = runBounded({
      program: NODE,
      args: [FAMILY, '--obey-term'],
      cwd: tempDir(),
      env: env(),
      timeoutMs: 60_000,
      signal: controller.signal,
      onOutput: (chunk) => {
        seen += chunk;
        if (familyPids(seen)) controller.abort();
      },
    });
    const result = await pending;
    const pids = familyPids(result.output);
    expect(pids).not.toBeNull();
    if (!pids) return;
    leftovers.push(pids.parent, pids.grandchild);
    expect(result.cancelled).toBe(true);
    await waitGone([pids.parent, pids.grandchild]);
  }, 60_000);

  it('ends what the command left running in its group when it exits', async () => {
    const result = await runBounded({
      program: SH,
      args: ['-c', 'sleep 300 >/dev/null 2>&1 & echo $!'],
      cwd: tempDir(),
      env: env(),
      timeoutMs: 60_000,
      killGraceMs: 500,
    });
    const pid = Number(result.output.trim());
    leftovers.push(pid);
    expect(result.exitCode).toBe(0);
    await waitGone([pid]);
    expect(isAlive(pid)).toBe(false);
  }, 60_000);

  it('refuses a relative program and names a missing one', async () => {
    expect(() => runBounded({ program: 'ls', args: [], cwd: tempDir(), env: env(), timeoutMs: 1000 })).toThrow(
      SpawnError,
    );
    const dir = tempDir();
    const missing = path.join(dir, 'nope');
    await expect(runBounded({ program: missing, args: [], cwd: dir, env: env(), timeoutMs: 5000 })).rejects.toThrow(
      /could not start/,
    );
    fs.writeFileSync(missing, 'not executable');
    await expect(runBounded({ program: missing, args: [], cwd: dir, env: env(), timeoutMs: 5000 })).rejects.toThrow(
      /could not start/,
    );
  });
});
