// A simple command of the grammar's tree read into the walk: its assignments, words and redirects
// (a redirect hung on an enclosing list is judged on each of its commands, and marked), and the
// commands of a `$( … )` in its words ahead of it; `export NAME=value`, which sets what follows.
import { flatten } from './arrays';
import { CONSTRUCTS, PRINTS_ONLY, SHELL_BUILTINS } from './shellConstructs';
import { redirectOf } from './shellRedirects';
import type { Node } from './shellTree';
import { refuse, type ShellWord, type Walk } from './shellTypes';
import { EMPTY_WORD, joined, literalWord, readsAsBuiltin } from './shellWords';

export function pushCommand(node: Node, outer: readonly Node[], walk: Walk): void {
  const assignments: { name: string; value: ShellWord }[] = [];
  const words: ShellWord[] = [];
  const redirectNodes: Node[] = [];
  let previous: Node | null = null;
  for (const child of node.children) {
    if (!child) continue;
    if (!child.isNamed) refuse(`\`${child.text}\` is shell syntax this rule does not read`);
    // The grammar sometimes splits one word in two (`'a'\{` as `'a'` and `\{`): sh reads pieces
    // with no blank between them as one word, and so does this rule.
    const glued =
      previous !== null &&
      previous.endIndex === child.startIndex &&
      !/redirect$/.test(child.type) &&
      !/redirect$/.test(previous.type);
    previous = child;
    if (glued && child.type !== 'variable_assignment' && child.type !== 'command_name') {
      const piece = literalWord(child);
      if (words.length > 0) words[words.length - 1] = joined(words[words.length - 1]!, piece);
      else if (assignments.length > 0)
        assignments[assignments.length - 1]!.value = joined(assignments[assignments.length - 1]!.value, piece);
      else refuse(`\`${node.text}\` is not read as sh reads it`);
      continue;
    }
    if (glued) refuse(`\`${node.text}\` is not read as sh reads it`);
    switch (child.type) {
      case 'variable_assignment': {
        if (words.length > 0)
          refuse('an assignment after the program name is an argument in sh and an assignment in bash');
        const name = child.namedChildren.find((c) => c?.type === 'variable_name');
        const value = child.namedChildren.filter((c): c is Node => c !== null && c.type !== 'variable_name');
        const operator = child.children.find((c) => c && !c.isNamed)?.type;
        if (!name || operator !== '=' || value.length > 1) refuse(`the assignment \`${child.text}\` is not NAME=value`);
        assignments.push({ name: name.text, value: value.length === 0 ? EMPTY_WORD : literalWord(value[0]!, true) });
        break;
      }
      case 'command_name': {
        const inner = child.namedChildren.filter((c): c is Node => c !== null);
        if (inner.length !== 1) refuse(`the program name \`${child.text}\` is not one word`);
        words.push(literalWord(inner[0]!));
        break;
      }
      case 'file_redirect':
      case 'heredoc_redirect':
      case 'herestring_redirect':
        redirectNodes.push(child);
        break;
      default:
        if (words.length === 0) refuse(`\`${child.text}\` before the program name is not an assignment`);
        words.push(literalWord(child, false, walk.readSubstitution));
    }
  }
  if (words.length === 0) refuse(CONSTRUCTS.variable_assignment!);
  // Before a special builtin (`f=.env :`) sh keeps the assignment: the loop's variable would then
  // hold another value than the one each turn is judged with.
  const loopName = walk.loop?.name;
  if (loopName && assignments.some((a) => a.name === loopName))
    refuse(`an assignment to the loop's variable ${loopName} changes what the rest of the body reads`);
  const program = words[0]!.value;
  // sh keeps an assignment made before a special builtin for every command after it (`PATH=bin :`).
  if (assignments.length > 0 && SPECIAL_BUILTINS.has(program))
    refuse(`an assignment before \`${program}\` stays set for the commands after it`);
  if (!PRINTS_ONLY.has(program)) {
    // In a loop's body its variable is a value of the loop's; any other variable is not seen.
    const foreign = flatten(words, (w) => w.parts).find((p) => p.variable && p.name !== walk.loop?.name);
    if (foreign?.runs) refuse(CONSTRUCTS.command_substitution!);
    if (foreign) refuse(CONSTRUCTS[foreign.text.startsWith('${') ? 'expansion' : 'simple_expansion']!);
  }
  // echo "$(pwd)": the substitution's commands run first, judged as any command; echo prints their output.
  // Fed by a pipe or by an enclosing if's or loop's redirect, each of them would read that input.
  if (words.some((w) => w.parts.some((p) => p.runs)) && (walk.pending === '|' || outer.length > 0))
    refuse(
      '`$( … )` in a command fed by a pipe or an enclosing redirect reads that input; write its command on its own',
    );
  for (const piece of flatten(words, (w) => w.parts)) {
    for (const run of piece.runs ?? []) {
      walk.commands.push({
        ...run,
        assignments: [...walk.exported, ...run.assignments],
        connector: run.connector === 'start' ? walk.pending : run.connector,
      });
      walk.pending = ';';
    }
  }
  const builtin = readsAsBuiltin(words) || setsHowItFails(words) ? undefined : SHELL_BUILTINS[program];
  if (builtin !== undefined && !words[0]!.parts.some((p) => p.quoted)) refuse(builtin);
  if (builtin !== undefined) refuse(`${builtin} (quoted or not)`);
  // Judged on every command of the list all the same (a reading that leans to "opens"), and marked.
  // A heredoc is the exception: its body is read by the command whose `<<` it is, the last of the list
  // the grammar hung it on (`cd app && cat <<'EOF' > x.py`), and by no other.
  const notLast = (r: Node): boolean => {
    const listEnd = walk.listRedirects.get(r);
    return listEnd !== undefined && !endsList(node, listEnd);
  };
  for (const r of [...redirectNodes, ...outer])
    if (r.type === 'heredoc_redirect' && !notLast(r)) walk.heredocsTaken.add(r);
  // A `for` loop's `$NAME` in a redirect inside its body (`wc -l < "$f"`) is each turn's value.
  const loopVariable = walk.loop?.kind === 'for' ? walk.loop.name : null;
  const redirects = flatten([...redirectNodes, ...outer], (r) =>
    r.type === 'heredoc_redirect' && notLast(r)
      ? []
      : redirectOf(r, () => program, walk.loopOuter?.includes(r) === false ? loopVariable : null).map((d) =>
          d.kind === 'file' && notLast(r) ? { ...d, onList: true as const } : d,
        ),
  );
  const loop = walk.loop ? { loop: walk.loop } : {};
  walk.commands.push({
    ...loop,
    ...(walk.inIf === true ? { conditional: true as const } : {}),
    assignments: [...walk.exported, ...assignments],
    words,
    redirects,
    connector: walk.pending,
    text: node.text,
  });
  walk.pending = ';';
}

/** POSIX's special builtins: an assignment before one stays set in the shell. */
const SPECIAL_BUILTINS: ReadonlySet<string> = new Set([
  ':',
  '.',
  'break',
  'continue',
  'eval',
  'exec',
  'exit',
  'export',
  'readonly',
  'return',
  'set',
  'shift',
  'times',
  'trap',
  'unset',
]);

/** The shell options that change only how a script fails or what it traces, never a word or a command. */
const FAILURE_OPTIONS = new Set(['errexit', 'nounset', 'pipefail', 'xtrace', 'verbose', 'noclobber']);

/**
 * `set -e`, `set -euo pipefail`, `set -x`, `set +e`: options that change how what follows fails (or
 * what it traces, or that `>` refuses to overwrite), read as a command that runs nothing. Any other
 * `set` (positional words, `-f`, `-a`, no options) changes how sh reads what follows: refused.
 */
function setsHowItFails(words: readonly ShellWord[]): boolean {
  if (words[0]?.value !== 'set' || words.length < 2 || words.some((w) => w.parts.some((p) => p.quoted))) return false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!.value;
    if (/^[-+][euxvC]+$/.test(w)) continue;
    if (/^[-+][euxvC]*o$/.test(w) && FAILURE_OPTIONS.has(words[i + 1]?.value ?? '')) {
      i++;
      continue;
    }
    return false;
  }
  return true;
}

/**
 * Whether the command is the last of the list a redirect is hung on (sh binds the redirect to it):
 * nothing but the ends of groups and subshells around it stands between it and the list's end.
 */
function endsList(command: Node, listEnd: number): boolean {
  return /^[\s;)}]*$/.test(command.source.slice(command.endIndex, listEnd));
}

/**
 * `export NAME=value …` with literal values: no command runs, and every command after it has those
 * in its environment, read as if each were written `NAME=value COMMAND` (where the names are judged).
 */
export function pushExport(node: Node, walk: Walk): void {
  if (walk.loop || node.children[0]?.type !== 'export') refuse(CONSTRUCTS.declaration_command!);
  const set = node.namedChildren.filter((c): c is Node => c !== null);
  if (set.length === 0) refuse(CONSTRUCTS.declaration_command!);
  for (const child of set) {
    if (child.type !== 'variable_assignment') refuse('`export` here takes only NAME=value');
    const name = child.namedChildren.find((c) => c?.type === 'variable_name');
    const value = child.namedChildren.filter((c): c is Node => c !== null && c.type !== 'variable_name');
    const operator = child.children.find((c) => c && !c.isNamed)?.type;
    if (!name || operator !== '=' || value.length > 1) refuse(`the assignment \`${child.text}\` is not NAME=value`);
    const word = value.length === 0 ? EMPTY_WORD : literalWord(value[0]!, true);
    // Where it is used unquoted (echo $A), sh splits the value on blanks and expands its patterns.
    if (/[*?[\]\s]/.test(word.value))
      refuse(
        `the exported value of ${name.text} has a pattern or a blank, which sh expands or splits where it is used`,
      );
    walk.exported.push({ name: name.text, value: word });
  }
  walk.pending = ';';
}
