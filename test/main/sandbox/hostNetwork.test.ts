// The live reading of this machine's network (the real kernel: its tables and a bind). What the
// proxy refuses with it is tested in network.test.ts, in network namespaces the test sets up.
import { describe, expect, it } from 'vitest';
import { createHostNetwork, READING_TTL_MS } from '../../../src/main/sandbox/hostNetwork';

describe("this machine's network, read live", () => {
  it('the kernel says a loopback address is local (any spelling) and a documentation address is not', async () => {
    const local = await createHostNetwork().localByKernel([
      '127.0.0.1',
      '::ffff:127.0.0.2',
      '198.51.100.254',
      'not-an-address',
    ]);
    expect([...local].sort()).toEqual(['127.0.0.1', '127.0.0.2']);
  });

  it('the tables hold loopback as local, from /proc as well as the interface list', async () => {
    const machine = await createHostNetwork().machine();
    expect(machine.local).toContainEqual({ address: '127.0.0.0', length: 8 });
    expect(machine.local).toContainEqual({ address: '127.0.0.1', length: 32 });
  });

  it('a reading is reused for at most a second', async () => {
    let clock = 0;
    const host = createHostNetwork(() => clock);
    const first = await host.machine();
    clock = READING_TTL_MS - 1;
    expect(await host.machine()).toBe(first);
    clock = READING_TTL_MS;
    expect(await host.machine()).not.toBe(first);
  });
});
