// Where each simple command of a list runs: a `cd DIR` moves what follows it where it succeeded,
// inside the workspace only (a card names the directory otherwise), as sh's logical cd does.
import path from 'node:path';
import type { FileView } from './containedFiles';
import { card, outside } from './containedJudging';
import { overrideReason } from './containedVariables';
import { certainlyReadOnly } from './commandReading';
import type { ShellCommand } from './shellForm';

/** The variables sh's cd reads. */
const CD_READS = new Set(['CDPATH', 'HOME', 'PWD', 'OLDPWD']);

/** Where the shell may be: the directory as sh's logical cd knows it ($PWD), and the real one. */
interface Dir {
  logical: string;
  physical: string;
}

/** The directories of a set, each once. */
function unique(dirs: readonly Dir[]): Dir[] {
  const seen = new Map<string, Dir>();
  for (const d of dirs) seen.set(`${d.logical}\0${d.physical}`, d);
  return [...seen.values()];
}

/**
 * Commands that cannot remove or replace a directory: after only these, a `cd` into a directory
 * that exists now succeeds, so what follows it runs there whatever joins them. (After any other
 * command — a project's script, git, rm — the cd may fail, and what follows a `;` may run in the
 * directory before it.)
 */
const KEEPS_DIRECTORIES = new Set([
  'cd',
  'echo',
  'printf',
  'true',
  ':',
  'export',
  'set',
  'sleep',
  'mkdir',
  'touch',
  'cat',
  'pwd',
  'ls',
]);

function keepsDirectories(cmd: ShellCommand): boolean {
  const argv = cmd.words.map((w) => w.value);
  return KEEPS_DIRECTORIES.has(argv[0] ?? '') || certainlyReadOnly({ ok: true, argv });
}

/**
 * The directories each simple command may run in, followed through the list as sh runs it: each
 * command runs where the list may be when it starts — after `&&` where what came before succeeded,
 * after `||` where it failed, after `;` or a newline in either — and a `cd DIR` moves the success
 * side to DIR (inside the workspace only, from each directory it may start in) and leaves the
 * failure side where it was. A `cd` into a directory that exists now, with only commands before it
 * that cannot remove one (and none before the line, for a shell's script inside it), succeeds. A `cd` in a pipeline or a loop, with options or a redirect, is a card.
 */
export function directories(
  commands: readonly ShellCommand[],
  start: string,
  view: FileView,
  at: { index: number },
  /** Whether what ran before these commands could not have removed a directory (false in a shell's script). */
  keptBefore = true,
): { cwds: string[][] } {
  const cwds: string[][] = [];
  // Where the list may be if what ran so far succeeded, and if it failed.
  let ok: Dir[] = [{ logical: start, physical: start }];
  let failed: Dir[] = [];
  // Where the pipeline being read started (its commands all run there).
  let pipelineAt: Dir[] = ok;
  let keptSoFar = keptBefore;
  for (let i = 0; i < commands.length; i++) {
    const cmd = commands[i]!;
    at.index = i;
    const connector = cmd.connector;
    const inPipeline = connector === '|' || commands[i + 1]?.connector === '|';
    const here =
      connector === '|'
        ? pipelineAt
        : connector === '&&' || connector === 'start'
          ? ok
          : connector === '||'
            ? failed
            : unique([...ok, ...failed]);
    if (connector !== '|') pipelineAt = here;
    const isCd = cmd.words[0]?.value === 'cd';
    // What the list holds after this command: where it succeeded, and where it failed — after `&&`
    // the failures before it (it did not run) too, after `||` the successes before it.
    const after = (succeeded: Dir[], failedHere: Dir[]): void => {
      if (connector === '|') return; // a pipeline's commands all run where it started; no cd among them
      const before = { ok, failed };
      ok = unique(connector === '||' ? [...before.ok, ...succeeded] : succeeded);
      failed = unique(connector === '&&' ? [...before.failed, ...failedHere] : failedHere);
    };
    if (!isCd) {
      cwds.push([...new Set(here.map((d) => d.physical))]);
      // A command leaves the directory as it found it, succeeding or not.
      after(here, here);
      keptSoFar &&= keepsDirectories(cmd);
      continue;
    }
    if (cmd.loop) card('shell-construct', 'a `cd` inside a loop changes the directory of each turn after it');
    if (inPipeline)
      card(
        'shell-construct',
        'a `cd` in a pipeline changes the directory of only its own part; put it before with `cd DIR &&`',
      );
    // A redirect on cd (a group's is on each of its commands) opens its file as any command's
    // does: only /dev/null and one standard stream onto another are read here.
    // (One the grammar hung on the list, `cd src && ls > x`, is the last command's in sh: judged there.)
    const opens = cmd.redirects.find(
      (r) => r.kind === 'heredoc' || (r.kind === 'file' && !r.onList && r.target.value !== '/dev/null'),
    );
    if (opens)
      card(
        'shell-construct',
        'a redirect on `cd` (or on a group holding one) opens its file in the directory before it; put it on the command that prints',
      );
    // What cd itself reads (an exported NODE_ENV before it changes nothing of where it goes).
    for (const a of cmd.assignments)
      if (CD_READS.has(a.name) || overrideReason(a.name, a.value.value))
        card('environment-override', `${a.name} set for cd changes where it goes`);
    // `cd -` last on the line (`cd apps/web && npm test; cd -`) goes back and prints where, and
    // nothing runs after it there.
    if (i === commands.length - 1 && cmd.words.length === 2 && cmd.words[1]!.value === '-') {
      cwds.push([]);
      continue;
    }
    if (cmd.words.length !== 2 || cmd.words[1]!.value === '-' || cmd.words[1]!.value.startsWith('-'))
      card('shell-construct', '`cd` takes one directory here (no options, not `-`, not bare)');
    const target = cmd.words[1]!;
    if (target.tilde) outside(`the directory ${target.value}`, '`~` names a home directory');
    if (target.glob) card('shell-construct', `\`cd ${target.value}\` goes to a pattern`);
    let certain = keptSoFar;
    const moved: Dir[] = here.map((from) => {
      // sh's cd is logical: `..` is taken off the path as written, and only then is the path opened.
      const next = path.posix.resolve(from.logical, target.value);
      const relative = path.posix.relative(view.workspace, next);
      if (relative.startsWith('..') || path.posix.isAbsolute(relative))
        outside(`the directory ${target.value}`, `cd would go to ${next}`);
      const place = view.place(next, from.physical);
      if (place.kind === 'outside') outside(`the directory ${target.value}`, place.reason);
      if (place.kind !== 'inside')
        card('shell-construct', `\`cd ${target.value}\` is not a directory this rule can read`);
      if (place.stat !== undefined && !place.stat.isDirectory())
        card('shell-construct', `\`cd ${target.value}\` is not a directory`);
      // It may fail where it is not there yet, or where its owner may not enter it (`chmod 000`).
      if (place.stat === undefined || (place.stat.mode & 0o500) !== 0o500) certain = false;
      return { logical: next, physical: place.stat === undefined ? next : place.abs };
    });
    cwds.push([]);
    // A cd in a branch of an `if` may not run at all: where it would have gone, or where it was.
    if (cmd.conditional === true) after(unique([...moved, ...here]), here);
    else after(moved, certain ? [] : here);
  }
  return { cwds };
}
