// One contained command's reach to the agent's own services while it runs (issue 31 §3). The
// command gets its own directory, bound read-only into its sandbox (profile.ts OWN_DIR_INSIDE):
// a hard link to the inward bridge's socket (bridge.ts) for each own port, named by port and
// loopback (ownSocketName), and the announce socket. The ports found when the call was prepared
// are there when it starts; while it runs, the agent's processes are looked at again every
// `pollMs`, and a port one of them opened since is bridged, linked and named on the announce
// socket, where the command's launcher starts a listener for it. Ownership is decided by `find`
// alone (the agent's own process tree, ownServices.ts): nothing else is ever linked here.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { OWN_ANNOUNCE_SOCKET, ownSocketName, type OwnForward, type OwnServicesMount } from './profile';

/** A port one of the agent's processes holds inside its sandbox: who started it and a pid in that namespace. */
export interface OwnPort extends OwnForward {
  ownerPid: number;
  holderPid: number;
}

export interface OwnReach {
  /** What the wrapper binds and the launcher forwards at start. */
  readonly mount: OwnServicesMount;
  /** The command ended: stop looking, close the announce socket, remove the directory. */
  finish(): void;
}

export interface OwnReachOptions {
  /** Where the command's directory is made (0700). */
  parent: string;
  /** The ports found when the call was prepared. */
  initial: readonly OwnPort[];
  /** The agent's own ports now. */
  find(): readonly OwnPort[];
  /** The host socket of the inward bridge to that port (started if need be). */
  bridge(own: OwnPort): Promise<string>;
  pollMs: number;
}

/** More announce connections than the launcher makes are refused: the command could open them only to hold them. */
const MAX_LISTENERS = 4;

const keyOf = (own: OwnForward): string => `${own.port}/${own.family}`;
const lineOf = (own: OwnForward): string => `${own.port} ${own.family}\n`;

export async function openOwnReach(options: OwnReachOptions): Promise<OwnReach> {
  fs.mkdirSync(options.parent, { recursive: true, mode: 0o700 });
  const dir = fs.mkdtempSync(path.join(options.parent, 'c'));
  /** Each linked forward and the inode of the bridge socket it links (a bridge started again is linked again). */
  const linked = new Map<string, { own: OwnForward; inode: number }>();
  const atStart = new Set<string>();
  const listeners = new Set<net.Socket>();
  let finished = false;

  /** Bridges `own` and links its socket into the directory (replaced at once, never missing); false when it cannot be reached. */
  async function place(own: OwnPort): Promise<boolean> {
    try {
      const socket = await options.bridge(own);
      if (finished) return false;
      const inode = fs.statSync(socket).ino;
      if (linked.get(keyOf(own))?.inode === inode) return true;
      const target = path.join(dir, ownSocketName(own));
      fs.rmSync(`${target}.new`, { force: true });
      fs.linkSync(socket, `${target}.new`);
      fs.renameSync(`${target}.new`, target);
      linked.set(keyOf(own), { own: { port: own.port, family: own.family }, inode });
      return true;
    } catch {
      // The process ended meanwhile, or the bridge could not start: that port is simply not reachable.
      return false;
    }
  }

  const server = net.createServer((listener) => {
    if (finished || listeners.size >= MAX_LISTENERS) {
      listener.destroy();
      return;
    }
    listeners.add(listener);
    // The launcher's loop only reads: one that writes is not it, and is closed.
    listener.on('data', () => listener.destroy());
    listener.on('end', () => listener.destroy());
    listener.on('error', () => listener.destroy());
    listener.on('close', () => listeners.delete(listener));
    // What was added before it connected; then each one as it is added.
    for (const [key, { own }] of linked) if (!atStart.has(key)) listener.write(lineOf(own));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path.join(dir, OWN_ANNOUNCE_SOCKET), () => resolve());
    });
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const ready = await Promise.all(options.initial.map(async (own) => ((await place(own)) ? own : null)));
  const forwards = ready.filter((own): own is OwnPort => own !== null).map(({ port, family }) => ({ port, family }));
  for (const own of forwards) atStart.add(keyOf(own));

  async function look(): Promise<void> {
    for (const own of options.find()) {
      const added = !linked.has(keyOf(own));
      if (!(await place(own)) || !added || finished) continue;
      for (const listener of listeners) listener.write(lineOf(own));
    }
  }
  let looking = false;
  const timer = setInterval(() => {
    if (looking || finished) return;
    looking = true;
    // A look that fails (a process gone mid-read) is simply tried again at the next tick.
    void look()
      .catch(() => undefined)
      .finally(() => (looking = false));
  }, options.pollMs);
  timer.unref();

  return {
    mount: { dir, forwards },
    finish() {
      if (finished) return;
      finished = true;
      clearInterval(timer);
      for (const listener of listeners) listener.destroy();
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
