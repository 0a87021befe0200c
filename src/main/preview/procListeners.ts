// Linux: which loopback TCP ports a process (and its descendants in its group) is listening on.
// A preview goes only to a port the process's own sockets hold (SPEC §9): printing
// "http://localhost:5432" proves nothing, owning the LISTEN socket's inode does.
//
// /proc reads are synchronous on purpose: procfs is served from kernel memory and never waits on a
// disk, and a few dozen readlinkSync calls cost less than as many thread-pool round trips on the
// per-request path.
import fs from 'node:fs';
import os from 'node:os';
import type { LoopbackFamily } from '../sandbox/profile';
import type { ListeningSocket, LoopbackHost } from './types';

const TCP_LISTEN = '0A';
const LITTLE_ENDIAN = os.endianness() === 'LE';

interface ListenRow {
  inode: string;
  port: number;
  host: LoopbackHost;
}

/** A row as read, with the loopbacks it accepts connections from (see loopbackFamiliesOf). */
interface TableRow extends ListenRow {
  families: readonly LoopbackFamily[];
}

/** The kernel prints each 32-bit address word in host byte order. */
function wordBytes(hex: string): number[] {
  const bytes = [0, 2, 4, 6].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return LITTLE_ENDIAN ? bytes.reverse() : bytes;
}

/** Reachable from 127.0.0.1 (or ::1) on this machine? Other addresses are not previewed. */
export function loopbackHostOf(hexAddress: string): LoopbackHost | null {
  if (hexAddress.length === 8) {
    const b = wordBytes(hexAddress);
    if (b.every((x) => x === 0)) return '127.0.0.1';
    if (b[0] === 127 && b[1] === 0 && b[2] === 0 && b[3] === 1) return '127.0.0.1';
    return null;
  }
  if (hexAddress.length !== 32) return null;
  const b = [0, 8, 16, 24].flatMap((i) => wordBytes(hexAddress.slice(i, i + 8)));
  const head = b.slice(0, 10).every((x) => x === 0);
  // "::" is dual-stack by default on Linux (Node and Vite never set IPV6_V6ONLY).
  if (b.every((x) => x === 0)) return '127.0.0.1';
  if (head && b.slice(10, 15).every((x) => x === 0) && b[15] === 1) return '::1';
  if (head && b[10] === 0xff && b[11] === 0xff) {
    const v4 = b.slice(12);
    if (v4.every((x) => x === 0)) return '127.0.0.1';
    if (v4[0] === 127 && v4[1] === 0 && v4[2] === 0 && v4[3] === 1) return '127.0.0.1';
  }
  return null;
}

/**
 * Which loopbacks a socket bound to this address accepts connections from: IPv4's for 127.0.0.1,
 * 0.0.0.0 and their v4-mapped forms, IPv6's for ::1, both for `::` (dual-stack, as loopbackHostOf
 * takes it). A contained command reaches an own service on exactly these (sandbox/ownServices.ts).
 */
export function loopbackFamiliesOf(hexAddress: string): LoopbackFamily[] {
  const host = loopbackHostOf(hexAddress);
  if (host === '::1') return ['v6'];
  if (host === null) return [];
  return hexAddress.length === 32 && /^0+$/.test(hexAddress) ? ['v4', 'v6'] : ['v4'];
}

function parseRows(text: string): TableRow[] {
  const rows: TableRow[] = [];
  for (const line of text.split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    if (cols.length < 10 || cols[3] !== TCP_LISTEN) continue;
    const [address, portHex] = cols[1]!.split(':');
    const host = loopbackHostOf(address!);
    const port = parseInt(portHex!, 16);
    if (host === null || !Number.isInteger(port) || port <= 0) continue;
    if (cols[9] === '0') continue;
    rows.push({ inode: cols[9]!, port, host, families: loopbackFamiliesOf(address!) });
  }
  return rows;
}

/** LISTEN rows of /proc/net/tcp and tcp6 bound to loopback or to any address, keyed by inode. */
export function parseListenTable(text: string): ListenRow[] {
  return parseRows(text).map(({ inode, port, host }) => ({ inode, port, host }));
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'latin1');
  } catch {
    return '';
  }
}

function listenRowsByInode(tablesDir: string): Map<string, TableRow> {
  const byInode = new Map<string, TableRow>();
  for (const table of ['tcp', 'tcp6']) {
    for (const row of parseRows(readText(`${tablesDir}/${table}`))) byInode.set(row.inode, row);
  }
  return byInode;
}

function netNamespace(procRoot: string, pid: number | 'self'): string {
  try {
    return fs.readlinkSync(`${procRoot}/${pid}/ns/net`);
  } catch {
    return '';
  }
}

/**
 * The listen tables a pid's sockets are in: its own network namespace's (`/proc/<pid>/net/`),
 * which for a contained process is the sandbox's, not Paddock's. Read once per namespace.
 */
function tablesFor(procRoot: string): (pid: number) => { rows: Map<string, TableRow>; foreign: boolean } {
  const own = netNamespace(procRoot, 'self');
  const byNamespace = new Map<string, Map<string, TableRow>>();
  return (pid) => {
    const ns = netNamespace(procRoot, pid);
    const key = ns || own;
    let rows = byNamespace.get(key);
    if (rows === undefined) {
      rows = listenRowsByInode(ns && ns !== own ? `${procRoot}/${pid}/net` : `${procRoot}/net`);
      byNamespace.set(key, rows);
    }
    return { rows, foreign: ns !== '' && own !== '' && ns !== own };
  };
}

/** ppid and pgid from /proc/<pid>/stat; the command name may hold spaces and parens. */
export function readStat(procRoot: string, pid: number): { ppid: number; pgid: number } | null {
  const text = readText(`${procRoot}/${pid}/stat`);
  const close = text.lastIndexOf(')');
  if (close < 0) return null;
  const fields = text.slice(close + 2).split(' ');
  const ppid = Number(fields[1]);
  const pgid = Number(fields[2]);
  return Number.isInteger(ppid) && Number.isInteger(pgid) ? { ppid, pgid } : null;
}

/** Descendants of `pid` (by parent links) that stay in its process group; group members too when it leads the group. */
export function descendantsInGroup(procRoot: string, pid: number): number[] {
  const root = readStat(procRoot, pid);
  if (root === null) return [];
  let entries: string[];
  try {
    entries = fs.readdirSync(procRoot);
  } catch {
    return [];
  }
  const children = new Map<number, number[]>();
  const inGroup = new Set<number>();
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const other = Number(entry);
    if (other === pid) continue;
    const stat = readStat(procRoot, other);
    if (stat === null || stat.pgid !== root.pgid) continue;
    inGroup.add(other);
    const list = children.get(stat.ppid) ?? [];
    list.push(other);
    children.set(stat.ppid, list);
  }
  // A group the process leads is its own (the supervisor spawns detached); else only its own subtree.
  if (root.pgid === pid) return [...inGroup];
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift() as number) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Where a listening socket was seen: a descriptor of a pid pointing at a socket inode. */
export interface SocketHolder {
  pid: number;
  fd: string;
  inode: string;
}

function socketHolders(procRoot: string, pid: number): SocketHolder[] {
  const dir = `${procRoot}/${pid}/fd`;
  let fds: string[];
  try {
    fds = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const holders: SocketHolder[] = [];
  for (const fd of fds) {
    try {
      const target = fs.readlinkSync(`${dir}/${fd}`);
      const match = /^socket:\[(\d+)\]$/.exec(target);
      if (match) holders.push({ pid, fd, inode: match[1]! });
    } catch {
      // The descriptor closed between readdir and readlink.
    }
  }
  return holders;
}

/** The pid still holds that very socket (one readlink: microseconds, unlike the tcp tables). */
export function stillHeld(procRoot: string, holder: SocketHolder): boolean {
  try {
    return fs.readlinkSync(`${procRoot}/${holder.pid}/fd/${holder.fd}`) === `socket:[${holder.inode}]`;
  } catch {
    return false;
  }
}

export interface HeldSocket extends ListeningSocket {
  holder: SocketHolder;
}

/**
 * The loopback ports held in LISTEN state by `pid` and its descendants in its group. With
 * `wantPort`, stops as soon as the pid itself is seen holding it.
 */
export function scanListeningSockets(procRoot: string, pid: number, wantPort?: number): HeldSocket[] {
  const tables = tablesFor(procRoot);
  const found = new Map<number, HeldSocket>();
  const collect = (owner: number): void => {
    const holders = socketHolders(procRoot, owner);
    if (holders.length === 0) return;
    const { rows, foreign } = tables(owner);
    for (const holder of holders) {
      const row = rows.get(holder.inode);
      if (row === undefined) continue;
      const seen = found.get(row.port);
      // Prefer IPv4 loopback when the same port is also held on ::1.
      if (seen === undefined || (seen.host === '::1' && row.host === '127.0.0.1')) {
        found.set(row.port, { port: row.port, host: row.host, holder, ...(foreign ? { sandboxedIn: owner } : {}) });
      }
    }
  };
  collect(pid);
  if (wantPort === undefined || !found.has(wantPort)) {
    for (const descendant of descendantsInGroup(procRoot, pid)) collect(descendant);
  }
  return [...found.values()].sort((a, b) => a.port - b.port);
}

/** One loopback a port of `pid`'s group accepts connections on, and a pid inside when that is another network namespace. */
export interface ListeningFamily {
  port: number;
  family: LoopbackFamily;
  sandboxedIn?: number;
}

/**
 * Every (port, loopback) `pid` and its descendants in its group accept connections on: a port
 * bound to `::` is there twice, one bound to 127.0.0.1 once (what scanListeningSockets folds into one
 * host per port). What a contained command mirrors of the agent's own services.
 */
export function scanListeningFamilies(procRoot: string, pid: number): ListeningFamily[] {
  const tables = tablesFor(procRoot);
  const found = new Map<string, ListeningFamily>();
  for (const owner of [pid, ...descendantsInGroup(procRoot, pid)]) {
    const holders = socketHolders(procRoot, owner);
    if (holders.length === 0) continue;
    const { rows, foreign } = tables(owner);
    for (const holder of holders) {
      const row = rows.get(holder.inode);
      for (const family of row?.families ?? []) {
        const key = `${row!.port}/${family}`;
        if (!found.has(key)) found.set(key, { port: row!.port, family, ...(foreign ? { sandboxedIn: owner } : {}) });
      }
    }
  }
  return [...found.values()].sort((a, b) => a.port - b.port || a.family.localeCompare(b.family));
}

const MAX_REMEMBERED = 256;

/**
 * The per-request form. Reading /proc/net/tcp walks the kernel's whole socket table (milliseconds
 * on some kernels and sandboxes), so the inode of a LISTEN socket found by a full scan is
 * remembered, and each later request re-checks with one readlink that the process still holds
 * that very socket. A socket's bound port never changes while it exists, so holding the inode is
 * holding the port; when the descriptor is gone or points elsewhere, the full scan runs again.
 */
export function createProcListeners(
  procRoot = '/proc',
): (pid: number, wantPort?: number) => Promise<ListeningSocket[]> {
  const remembered = new Map<string, HeldSocket[]>();
  return async (pid, wantPort) => {
    const key = `${pid}:${wantPort ?? '*'}`;
    const known = remembered.get(key);
    if (known !== undefined) {
      const relevant = wantPort === undefined ? known : known.filter((s) => s.port === wantPort);
      if (relevant.length > 0 && relevant.every((s) => stillHeld(procRoot, s.holder))) return relevant.map(plain);
      remembered.delete(key);
    }
    const sockets = scanListeningSockets(procRoot, pid, wantPort);
    const keep = wantPort === undefined ? sockets : sockets.filter((s) => s.port === wantPort);
    if (keep.length > 0) {
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(key, keep);
    }
    return sockets.map(plain);
  };
}

function plain(socket: HeldSocket): ListeningSocket {
  return socket.sandboxedIn === undefined
    ? { port: socket.port, host: socket.host }
    : { port: socket.port, host: socket.host, sandboxedIn: socket.sandboxedIn };
}

/** A full scan, nothing remembered (what `listeningPorts` answers). */
export async function listeningSocketsLinux(
  pid: number,
  wantPort?: number,
  procRoot = '/proc',
): Promise<ListeningSocket[]> {
  return scanListeningSockets(procRoot, pid, wantPort).map(plain);
}
