// Where each simple command of a list runs: a leading `&&` chain's `cd DIR` moves what follows it,
// inside the workspace only (a card names the directory otherwise), as sh's logical cd does.
import path from 'node:path';
import type { FileView } from './containedFiles';
import { card, outside } from './containedJudging';
import { overrideReason } from './containedVariables';
import type { ShellCommand } from './shellForm';

/** The variables sh's cd reads. */
const CD_READS = new Set(['CDPATH', 'HOME', 'PWD', 'OLDPWD']);

/**
 * The directories each simple command may run in. `cd DIR` is read only in the leading `&&` chain
 * (where it runs before everything else and what follows runs only if it succeeded); after that
 * chain (`;`, `||`), a command may run in any directory the chain reached before a failure.
 */
export function directories(
  commands: readonly ShellCommand[],
  start: string,
  view: FileView,
  at: { index: number },
): { cwds: string[][] } {
  const cwds: string[][] = [];
  let chain = true;
  // sh's cd is logical (`..` taken off the path as written, $PWD), while the kernel resolves what
  // follows from the real directory: both are kept.
  let logical = start;
  let physical = start;
  const reached = [start];
  for (let i = 0; i < commands.length; i++) {
    const cmd = commands[i];
    at.index = i;
    if (cmd!.connector === ';' || cmd!.connector === '||') chain = false;
    const inPipeline = cmd!.connector === '|' || commands[i + 1]?.connector === '|';
    const isCd = cmd!.words[0]?.value === 'cd';
    if (!isCd) {
      cwds.push(chain ? [physical] : [...new Set(reached)]);
      continue;
    }
    if (cmd!.loop) card('shell-construct', 'a `cd` inside a loop changes the directory of each turn after it');
    if (!chain || inPipeline)
      card(
        'shell-construct',
        'a `cd` that is not at the start of the command (before a `;`, `||` or pipe) changes the directory of only some of what follows; start with `cd DIR &&`',
      );
    // A redirect on cd (a group's is on each of its commands) opens its file as any command's
    // does: only /dev/null and one standard stream onto another are read here.
    // (One the grammar hung on the list, `cd src && ls > x`, is the last command's in sh: judged there.)
    const opens = cmd!.redirects.find(
      (r) => r.kind === 'heredoc' || (r.kind === 'file' && !r.onList && r.target.value !== '/dev/null'),
    );
    if (opens)
      card(
        'shell-construct',
        'a redirect on `cd` (or on a group holding one) opens its file in the directory before it; put it on the command that prints',
      );
    // What cd itself reads (an exported NODE_ENV before it changes nothing of where it goes).
    for (const a of cmd!.assignments)
      if (CD_READS.has(a.name) || overrideReason(a.name, a.value.value))
        card('environment-override', `${a.name} set for cd changes where it goes`);
    if (cmd!.words.length !== 2 || cmd!.words[1]!.value === '-' || cmd!.words[1]!.value.startsWith('-'))
      card('shell-construct', '`cd` takes one directory here (no options, not `-`, not bare)');
    const target = cmd!.words[1];
    if (target!.tilde) outside(`the directory ${target!.value}`, '`~` names a home directory');
    if (target!.glob) card('shell-construct', `\`cd ${target!.value}\` goes to a pattern`);
    // sh's cd is logical: `..` is taken off the path as written, and only then is the path opened.
    const next = path.posix.resolve(logical, target!.value);
    const relative = path.posix.relative(view.workspace, next);
    if (relative.startsWith('..') || path.posix.isAbsolute(relative))
      outside(`the directory ${target!.value}`, `cd would go to ${next}`);
    const place = view.place(next, physical);
    if (place.kind === 'outside') outside(`the directory ${target!.value}`, place.reason);
    if (place.kind !== 'inside')
      card('shell-construct', `\`cd ${target!.value}\` is not a directory this rule can read`);
    if (place.stat !== undefined && !place.stat.isDirectory())
      card('shell-construct', `\`cd ${target!.value}\` is not a directory`);
    logical = next;
    physical = place.stat === undefined ? next : place.abs;
    reached.push(physical);
    cwds.push([]);
  }
  return { cwds };
}
