// The step in front of a contained program (and of the owner's terminal) that starts it with only
// stdin, stdout and stderr, whatever Paddock, its libraries or its launcher have open: a shell
// lists its own descriptors, closes every one above 2, then execs "$@" — the words after the
// script, passed on untouched (never re-split or re-quoted) — with the one descriptor meant for
// the program opened on 3 when there is one (bubblewrap's seccomp filter).

/** The descriptor the opened file lands on (bubblewrap reads `--seccomp 3` from it). */
export const OPENED_FD = 3;

/** $0 of the closer when no file is opened (it only names the shell in `ps`). */
const NAME = 'paddock-fds';

export interface CloserOptions {
  /**
   * `bash`: every descriptor above 2 is closed (bash can name any number). `sh` (no bash on the
   * machine; dash cannot name a descriptor above 9): only 3–9 are, the rest is left to the seam,
   * which puts /dev/null over Paddock's own leaked descriptors in every child it spawns (spawn.ts).
   */
  shell: { kind: 'bash'; path: string } | { kind: 'sh'; path: string };
  /** Where the shell lists its own descriptors: /proc/self/fd on Linux, /dev/fd on macOS. */
  fdDir: string;
  /** A file to open read-only on OPENED_FD for the program, or null. */
  open: string | null;
}

/**
 * `bash -p -c '<close every fd above 2>; exec "$@" 3<"$0"' <file> program args…` (`-p`: no
 * BASH_ENV, no functions from the environment). The loop has no redirection of its own (bash
 * would save a descriptor on a high number while it runs) and the glob's directory descriptor is
 * closed once it is expanded; a name that is not a number (no match) is skipped.
 */
export function fdCloser(options: CloserOptions): string[] {
  if (!/^\/[\w./-]+$/.test(options.fdDir))
    throw new Error(`refused: \`${options.fdDir}\` is not a plain absolute path`);
  const exec = options.open === null ? 'exec "$@"' : `exec "$@" ${OPENED_FD}<"$0"`;
  const close =
    options.shell.kind === 'bash'
      ? `for f in ${options.fdDir}/*; do n=\${f##*/}; case $n in 0|1|2|*[!0-9]*) ;; *) eval "exec $n>&-" ;; esac; done`
      : 'exec 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-';
  const flags = options.shell.kind === 'bash' ? ['-p', '-c'] : ['-c'];
  return [options.shell.path, ...flags, `${close}; ${exec}`, options.open ?? NAME];
}

/** The closer's shell on this machine: bash when it is installed (checked by `exists`), else sh. */
export function closerShell(exists: (file: string) => boolean): CloserOptions['shell'] {
  for (const file of ['/bin/bash', '/usr/bin/bash']) if (exists(file)) return { kind: 'bash', path: file };
  return { kind: 'sh', path: '/bin/sh' };
}
