// A real racing process for the reader tests: it swaps a workspace directory `d` with a symlink of
// the same name (to a fake home's `.ssh`) as fast as renameat2(RENAME_EXCHANGE) goes, so every
// reader that checks `d` and then opens `d/<name>` by path meets the link sooner or later. This is
// the attack the readers must survive; the test owns the process and ends it by its pid.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SWAPPER = String.raw`
import ctypes, os, sys
work, name, target = sys.argv[1], sys.argv[2], sys.argv[3]
d = os.path.join(work, name)
link = os.path.join(work, "." + name + ".swap")
os.symlink(target, link)
libc = ctypes.CDLL(None, use_errno=True)
exchange = getattr(libc, "renameat2", None)
AT_FDCWD, RENAME_EXCHANGE = -100, 2
print("ready", flush=True)
while True:
    if exchange is not None:
        exchange(AT_FDCWD, d.encode(), AT_FDCWD, link.encode(), RENAME_EXCHANGE)
    else:
        os.rename(d, d + ".tmp"); os.rename(link, d); os.rename(d + ".tmp", link)
`;

export interface LinkSwapper {
  /** Ends the swapper and puts the real directory back at its name. */
  stop(): Promise<void>;
}

/** Starts swapping `<workspace>/<name>` (an existing directory) with a link to `target`; resolves once it runs. */
export async function startLinkSwapper(workspace: string, name: string, target: string): Promise<LinkSwapper> {
  const child: ChildProcess = spawn('python3', ['-c', SWAPPER, workspace, name, target], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the link swapper exited (${code})`)));
  });
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
      await exited;
      const d = path.join(workspace, name);
      const swap = path.join(workspace, `.${name}.swap`);
      if (fs.lstatSync(d).isSymbolicLink()) {
        fs.renameSync(d, `${d}.stopped`);
        fs.renameSync(swap, d);
        fs.renameSync(`${d}.stopped`, swap);
      }
      fs.rmSync(swap, { force: true });
    },
  };
}

/** Runs `attempt` until it returns true (it found what it looked for), `times` attempts or `ms` milliseconds pass. */
export async function repeatWhileRacing(
  times: number,
  ms: number,
  attempt: (i: number) => Promise<boolean>,
): Promise<number> {
  const deadline = Date.now() + ms;
  let i = 0;
  for (; i < times && Date.now() < deadline; i++) {
    if (await attempt(i)) return i + 1;
  }
  return i;
}
