// A command's `NAME=value` prefixes judged (policy/contained.ts): a variable that changes what the
// program loads (containedVariables.ts's data), a `~`, a zone file, a secrets file handed to code on
// the command line, and the entries of folder lists, each a place that must be inside.
import type { FileView } from './containedFiles';
import { card, insideOrCard, outside, type Judged, type Where } from './containedJudging';
import { inlineCodeFlag } from './containedOperands';
import { SHELLS } from './containedPrograms';
import { overrideReason, PATH_LISTS } from './containedVariables';
import { isSecretPath } from './secretFiles';

/**
 * The command's `NAME=value` prefixes: a variable that changes what the program loads, runs or
 * reads (a card, unless its value is a harmless one), a `~`, TZ's zone file, a secrets file handed
 * to code on the command line, and every entry of a folder list, each a place that must be inside.
 */
export function judgeAssignments(program: string, judged: Judged, view: FileView, where: Where): void {
  const { argv } = judged;
  // (Read only for a command with assignments: inlineCodeFlag builds its patterns per word.)
  const runsLineCode =
    judged.assignments.length > 0 &&
    (argv.slice(1).some((w) => inlineCodeFlag(program, w) !== null) ||
      (SHELLS.has(program) && argv.slice(1).some((w) => /^-[a-zA-Z]*c/.test(w))));
  for (const a of judged.assignments) {
    const why = overrideReason(a.name, a.value.value);
    if (why) card('environment-override', why);
    if (a.value.tilde) outside(`${a.name}=${a.value.value}`, '`~` names a home directory');
    // TZ=:/path (or /path) names the zone file the program reads.
    if ((a.name === 'TZ' || a.name === 'TZDIR') && /^:?\//.test(a.value.value))
      insideOrCard(view, a.value.value.replace(/^:/, ''), where, `${a.name}'s file ${a.value.value}`);
    // A variable naming a secrets file hands it to code on the command line, which may print it
    // (`AWS_SHARED_CREDENTIALS_FILE=.aws/credentials python3 -c …`).
    if (runsLineCode && a.value.value !== '' && !a.value.glob && !a.value.tilde) {
      const named = view.place(a.value.value, where.cwd);
      if (named.kind === 'inside' && isSecretPath(named.rel))
        card(
          'shows-secret',
          `${a.name}=${a.value.value} hands ${program}'s code the secrets file ${named.rel}, which it may print`,
        );
    }
    if (PATH_LISTS.has(a.name)) {
      for (const entry of a.value.value.split(':')) {
        if (entry !== '') insideOrCard(view, entry, where, `${a.name}'s entry ${entry}`);
      }
    }
  }
}
