// Where no sandbox holds an agent's processes (issue 14 §3), a cgroup does: each recorded group's
// leader is moved into a cgroup v2 of its own, under Paddock's own cgroup, as soon as it is spawned,
// and everything it ever forks stays there — setsid, a double fork and `env -i` included. Ending the
// group ends the whole cgroup. Available only where Paddock may create cgroups below its own (a
// delegated systemd scope, or root); elsewhere `openCgroups` answers null and the tag and the
// process tree (ledger.ts, tree.ts) are what remain. A leader that forks before it is moved (within
// the first instant of its life) leaves that child outside; the tag and the tree still see it.
import fs from 'node:fs';
import path from 'node:path';

export interface GroupCgroups {
  /** The directory the groups' cgroups are made in. */
  readonly base: string;
  /** Moves `pid` into the cgroup named by `tag` (made if need be). False when it could not. */
  place(pid: number, tag: string): boolean;
  /** SIGKILL to every process in the tag's cgroup, then the cgroup is removed. The count killed. */
  end(tag: string): number;
}

const TAG = /^[a-f0-9]{32}$/;

/** The cgroup2 mount point and Paddock's own cgroup path in it, from /proc (Linux only). */
export function ownCgroupDirectory(procSelf = '/proc/self'): string | null {
  try {
    const own = fs
      .readFileSync(`${procSelf}/cgroup`, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('0::'));
    if (own === undefined) return null;
    const mount = fs
      .readFileSync(`${procSelf}/mountinfo`, 'utf8')
      .split('\n')
      .map((line) => line.split(' '))
      .find((fields) => fields[fields.indexOf('-') + 1] === 'cgroup2');
    if (mount === undefined) return null;
    return path.join(mount[4]!, own.slice(3).trim());
  } catch {
    return null;
  }
}

/** Null when this system gives Paddock no cgroups of its own to make. */
export function openCgroups(
  directory: string | null = process.platform === 'linux' ? ownCgroupDirectory() : null,
): GroupCgroups | null {
  if (directory === null) return null;
  // One directory for every Paddock: a tag is random, and the next start finds the last one's groups by tag.
  const base = path.join(directory, 'paddock-groups');
  try {
    fs.mkdirSync(base, { recursive: true });
    fs.accessSync(path.join(base, 'cgroup.procs'), fs.constants.W_OK);
  } catch {
    return null;
  }
  /** Empty cgroups left behind (a member killed but not yet gone at end) are removed later. */
  const sweep = (): void => {
    let names: string[] = [];
    try {
      names = fs.readdirSync(base).filter((name) => TAG.test(name));
    } catch {
      return;
    }
    for (const name of names) {
      try {
        fs.rmdirSync(path.join(base, name));
      } catch {
        // still has members (or another Paddock's live group): kept
      }
    }
  };
  sweep();
  const dirOf = (tag: string): string | null => (TAG.test(tag) ? path.join(base, tag) : null);
  const members = (dir: string): number[] => {
    try {
      return fs.readFileSync(path.join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  return {
    base,
    place(pid, tag) {
      const dir = dirOf(tag);
      if (dir === null) return false;
      // A new cgroup is empty until the pid is in it, and another Paddock's start sweeps empty ones
      // (they share `base`): removed in between, it is made again and the pid written again.
      for (let attempt = 0; attempt < 3; attempt++) {
        try {
          fs.mkdirSync(dir, { recursive: true });
          fs.writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
          return true;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || fs.existsSync(dir)) return false;
        }
      }
      return false;
    },
    end(tag) {
      const dir = dirOf(tag);
      if (dir === null || !fs.existsSync(dir)) return 0;
      let killed = 0;
      // Repeated: a process being killed may fork once more; a fork stays in the cgroup.
      for (let round = 0; round < 5; round++) {
        const pids = members(dir);
        if (pids.length === 0) break;
        for (const pid of pids) {
          try {
            process.kill(pid, 'SIGKILL');
            killed++;
          } catch {
            // already gone
          }
        }
      }
      sweep();
      return killed;
    },
  };
}
