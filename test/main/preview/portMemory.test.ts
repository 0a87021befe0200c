// The port resolver remembers the sockets it found for one process (issue 22 item 4), keyed by pid
// and OS start time: a new process under the same name is asked afresh, and a process that exited is
// refused before anything remembered is consulted.
import { describe, expect, it } from 'vitest';
import { createPortResolver } from '../../../src/main/preview/ports';
import type { ListeningSocket, RunningProcess } from '../../../src/main/preview/types';

function world(): {
  running: { current: RunningProcess | null };
  asked: number[];
  resolve: ReturnType<typeof createPortResolver>;
} {
  const running: { current: RunningProcess | null } = {
    current: { agentId: 'a', pid: 100, startTime: '1', port: null },
  };
  const asked: number[] = [];
  const ports = new Map<number, ListeningSocket[]>([
    [100, [{ port: 5173, host: '127.0.0.1' }]],
    [200, [{ port: 5174, host: '127.0.0.1' }]],
    [300, [{ port: 3000, host: '127.0.0.1', sandboxedIn: 301 }]],
  ]);
  const resolve = createPortResolver({
    lookup: { findRunning: (name) => (name === 'web' ? running.current : null) },
    ownPorts: () => [],
    listeningSockets: async (pid) => {
      asked.push(pid);
      return ports.get(pid) ?? [];
    },
  });
  return { running, asked, resolve };
}

describe('the port resolver’s memory of a process’s sockets', () => {
  it('asks the system once for repeated requests to the same process', async () => {
    const w = world();
    expect(await w.resolve('web')).toMatchObject({ ok: true, port: 5173, pid: 100 });
    expect(await w.resolve('web')).toMatchObject({ ok: true, port: 5173, pid: 100 });
    expect(w.asked).toEqual([100]);
  });

  it('answers a new process under the same name from its own sockets, never the old one’s', async () => {
    const w = world();
    expect(await w.resolve('web')).toMatchObject({ ok: true, port: 5173 });
    w.running.current = { agentId: 'a', pid: 200, startTime: '2', port: null };
    expect(await w.resolve('web')).toMatchObject({ ok: true, port: 5174, pid: 200 });
    // A recycled pid is another process: its start time differs, so it is asked again.
    w.running.current = { agentId: 'a', pid: 100, startTime: '3', port: null };
    expect(await w.resolve('web')).toMatchObject({ ok: true, port: 5173, pid: 100 });
    expect(w.asked).toEqual([100, 200, 100]);
  });

  it('refuses a process that exited, whatever was remembered', async () => {
    const w = world();
    expect(await w.resolve('web')).toMatchObject({ ok: true });
    w.running.current = null;
    expect(await w.resolve('web')).toMatchObject({ ok: false });
  });

  it('still refuses a requested port the process does not hold', async () => {
    const w = world();
    expect(await w.resolve('web')).toMatchObject({ ok: true, port: 5173 });
    expect(await w.resolve('web', 5174)).toMatchObject({ ok: false });
  });
});

describe('the resolver’s answer without waiting (held)', () => {
  it('has none before the sockets were read, then the same answer as the resolver', async () => {
    const w = world();
    expect(w.resolve.held('web')).toBeUndefined();
    const resolved = await w.resolve('web');
    expect(w.resolve.held('web')).toEqual(resolved);
    expect(w.asked).toEqual([100]);
  });

  it('refuses at once a process that exited, and a new process is read afresh', async () => {
    const w = world();
    await w.resolve('web');
    w.running.current = null;
    expect(w.resolve.held('web')).toMatchObject({ ok: false });
    w.running.current = { agentId: 'a', pid: 200, startTime: '2', port: null };
    expect(w.resolve.held('web')).toBeUndefined();
  });

  it('refuses a port the process does not hold, from what it holds', async () => {
    const w = world();
    await w.resolve('web');
    expect(w.resolve.held('web', 5174)).toBeUndefined();
    await w.resolve('web', 5174);
    expect(w.resolve.held('web', 5174)).toMatchObject({ ok: false });
  });

  it('leaves a socket inside the sandbox to the asynchronous path (the bridge)', async () => {
    const w = world();
    w.running.current = { agentId: 'a', pid: 300, startTime: '1', port: null };
    expect(await w.resolve('web')).toMatchObject({ ok: false });
    expect(w.resolve.held('web')).toBeUndefined();
  });
});
