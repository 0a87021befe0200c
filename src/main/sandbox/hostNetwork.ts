// This machine's network as the proxy checks it at each decision: the interface list, Linux's own
// tables (/proc/net: addresses on interfaces that are down or without carrier, `local` routes,
// attached networks; `hostRoutes.ts` reads them) and the kernel asked directly whether an address is
// its own (a throwaway UDP socket bound to it: only a local address binds). Each is read at most once
// a second. The bind says nothing when the machine lets any address bind (`ip_nonlocal_bind`): the
// tables alone answer then.
import dgram from 'node:dgram';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import { canonicalAddress, joinMachines, machineFromInterfaces, type MachineNetwork } from './domains';
import { parseFibTrie, parseIfInet6, parseIPv4Routes, parseIPv6Routes } from './hostRoutes';

/** How long a reading (tables or a bind's answer) is reused. */
export const READING_TTL_MS = 1000;

export interface HostNetwork {
  /** The interfaces' and the kernel tables' local addresses and attached networks, at most a second old. */
  machine(): Promise<MachineNetwork>;
  /** Which of `addresses` the kernel says are this machine's own (canonical spellings), each answer at most a second old. */
  localByKernel(addresses: readonly string[]): Promise<Set<string>>;
}

const readOr = (file: string): Promise<string> => fs.readFile(file, 'utf8').catch(() => '');

async function readMachine(): Promise<{ machine: MachineNetwork; nonlocalBind: { v4: boolean; v6: boolean } }> {
  const [fibTrie, route, ipv6Route, ifInet6, nonlocal4, nonlocal6] = await Promise.all(
    [
      '/proc/net/fib_trie',
      '/proc/net/route',
      '/proc/net/ipv6_route',
      '/proc/net/if_inet6',
      '/proc/sys/net/ipv4/ip_nonlocal_bind',
      '/proc/sys/net/ipv6/ip_nonlocal_bind',
    ].map(readOr),
  );
  const machine = joinMachines(
    machineFromInterfaces(os.networkInterfaces()),
    parseFibTrie(fibTrie!),
    { local: [], onLink: parseIPv4Routes(route!, os.endianness() === 'LE') },
    parseIPv6Routes(ipv6Route!),
    parseIfInet6(ifInet6!),
  );
  return {
    machine,
    nonlocalBind: {
      v4: nonlocal4!.trim() !== '0' && nonlocal4 !== '',
      v6: nonlocal6!.trim() !== '0' && nonlocal6 !== '',
    },
  };
}

/** Whether the kernel lets a socket bind `address` (IPv4 or IPv6, canonical): only its own addresses do. Any error but "not available" counts as local. */
function binds(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket({ type: net.isIPv4(address) ? 'udp4' : 'udp6' });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      socket.close();
      resolve(error.code !== 'EADDRNOTAVAIL');
    });
    socket.bind({ address, port: 0, exclusive: true }, () => {
      socket.close();
      resolve(true);
    });
  });
}

export function createHostNetwork(now: () => number = Date.now): HostNetwork {
  let reading: { at: number; value: ReturnType<typeof readMachine> } | null = null;
  const bound = new Map<string, { at: number; local: Promise<boolean> }>();

  function current(): ReturnType<typeof readMachine> {
    if (!reading || now() - reading.at >= READING_TTL_MS) reading = { at: now(), value: readMachine() };
    return reading.value;
  }

  return {
    machine: async () => (await current()).machine,
    async localByKernel(addresses) {
      const { nonlocalBind } = await current();
      const local = new Set<string>();
      for (const [at, answer] of bound) if (now() - answer.at >= READING_TTL_MS) bound.delete(at);
      await Promise.all(
        addresses.map(async (address) => {
          const canonical = canonicalAddress(address);
          // A zone-less link-local or an odd spelling binds nothing: the range rules refuse those.
          if (!canonical) return;
          if (net.isIPv4(canonical) ? nonlocalBind.v4 : nonlocalBind.v6) return;
          let answer = bound.get(canonical);
          if (!answer) {
            answer = { at: now(), local: binds(canonical) };
            bound.set(canonical, answer);
          }
          if (await answer.local) local.add(canonical);
        }),
      );
      return local;
    },
  };
}
