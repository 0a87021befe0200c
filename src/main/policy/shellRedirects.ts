// A redirect as sh performs it: `[n]> file`, `>>`, `<`, `2>&1` onto a standard stream, and a heredoc
// whose text is literal; anything else (bash's `&>`, `<>`, `>|`, a descriptor past 2, a heredoc fed
// to an interpreter or expanding `$`) is a refusal naming it.
import { CONSTRUCTS, HEREDOC_CODE, INTERPRETERS } from './shellConstructs';
import type { Node } from './shellTree';
import { refuse, type ShellRedirect, type ShellWord } from './shellTypes';
import { literalWord } from './shellWords';

/**
 * What follows a heredoc's `<<EOF` on its line (`cat <<'EOF' > f && python f`): the grammar hangs
 * the operator and the statement after it on the heredoc node. That statement runs after the
 * command the heredoc feeds, joined by the operator; null when nothing follows.
 */
export function heredocContinuation(node: Node): { operator: Node; next: Node } | null {
  const at = node.children.findIndex((c) => !c.isNamed && c.type !== '<<' && c.type !== '<<-');
  if (at < 0) return null;
  const next = node.children.slice(at + 1).find((c) => c.isNamed && !/^heredoc_|^file_redirect$/.test(c.type));
  if (!next) refuse(`\`${node.children[at]!.text}\` after a heredoc is not followed by a command`);
  // A second heredoc on the line: sh reads the bodies in order, which this reading does not follow.
  const stack = [next];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'heredoc_redirect') refuse('a second heredoc on the line of the first is not read by this rule');
    stack.push(...n.children);
  }
  return { operator: node.children[at]!, next };
}

/**
 * A redirect as sh performs it. `loopVariable`: the name of the `for` loop whose body the command is
 * in, whose `$NAME` its target may hold (loopRuns gives each turn's value); any other is refused.
 */
export function redirectOf(node: Node, program: () => string, loopVariable: string | null = null): ShellRedirect[] {
  const named = node.namedChildren.filter((c): c is Node => c !== null);
  if (node.type === 'heredoc_redirect') {
    const start = named.find((c) => c.type === 'heredoc_start');
    const body = named.find((c) => c.type === 'heredoc_body');
    const operator = node.children.find((c) => c && !c.isNamed)?.type;
    if (operator !== '<<' && operator !== '<<-') refuse(`the heredoc \`${operator ?? ''}\` is not one this rule reads`);
    if (!start) refuse('a heredoc without its delimiter');
    if (INTERPRETERS.has(program()) && !HEREDOC_CODE.has(program()))
      refuse(`a heredoc fed to \`${program()}\` is code this rule does not read`);
    const quoted = /['"\\]/.test(start.text);
    // sh ends the text at the delimiter with its quotes removed (`E"O"F` is EOF); the grammar reads
    // one quoted in part as written, and would take the commands after EOF for text.
    if (quoted && !/^'[A-Za-z0-9_.-]+'$|^"[A-Za-z0-9_.-]+"$|^\\[A-Za-z0-9_.-]+$/.test(start.text))
      refuse(
        `the heredoc delimiter ${start.text} is quoted in part, which sh and this rule read differently; quote it whole (<<'EOF')`,
      );
    const out: ShellRedirect[] = [];
    let text = '';
    if (body) {
      for (const c of body.namedChildren) {
        if (c && c.type !== 'heredoc_content' && !quoted)
          refuse(`${CONSTRUCTS[c.type] ?? 'an expansion'} (in a heredoc whose delimiter is not quoted)`);
      }
      text = body.text;
      if (!quoted && /[`$\\]/.test(text))
        refuse(
          "a heredoc whose delimiter is not quoted expands `$`, backticks and backslashes; quote the delimiter (`<<'EOF'`)",
        );
    }
    out.push({ kind: 'heredoc', body: text });
    // The grammar hangs a redirect written after `<<EOF` on the heredoc node, and what follows it on
    // the line (read by the walk as the next command: heredocContinuation).
    const continuation = heredocContinuation(node)?.next;
    for (const c of named) {
      if (c.type === 'file_redirect') out.push(...redirectOf(c, program));
      else if (c !== continuation && !['heredoc_start', 'heredoc_body', 'heredoc_end'].includes(c.type))
        refuse(`\`${c.text}\` after a heredoc is not read by this rule`);
    }
    return out;
  }
  if (node.type !== 'file_redirect')
    refuse(CONSTRUCTS[node.type] ?? `the redirect \`${node.text}\` is not one this rule reads`);
  const operator = node.children.find((c) => c && !c.isNamed)?.type ?? '';
  const descriptor = named.find((c) => c.type === 'file_descriptor');
  const destinations = named.filter((c) => c.type !== 'file_descriptor');
  if (destinations.length !== 1)
    refuse(`the redirect \`${node.text}\` has ${destinations.length === 0 ? 'no' : 'more than one'} target`);
  const fd = descriptor ? Number(descriptor.text) : operator.startsWith('<') ? 0 : 1;
  if (!Number.isInteger(fd) || fd > 2)
    refuse(`the redirect \`${node.text}\` uses file descriptor ${descriptor?.text}, beyond the three standard ones`);
  const destination = destinations[0];
  switch (operator) {
    case '>':
    case '>>':
    case '<': {
      const target = loopVariable === null ? literalWord(destination!) : loopTarget(destination!, loopVariable);
      if (target.value === '') refuse(`the redirect \`${node.text}\` has an empty target`);
      return [{ kind: 'file', fd, op: operator, target }];
    }
    case '>&':
    case '<&': {
      const to = destination!.text;
      if (!/^[012]$/.test(to)) refuse(`the redirect \`${node.text}\` is not onto standard input, output or error`);
      return [{ kind: 'dup', fd: descriptor ? fd : operator === '<&' ? 0 : 1, to: Number(to) }];
    }
    case '&>':
    case '&>>':
    case '>&>':
      refuse(
        `\`${operator}\` is bash only; sh runs the command in the background and truncates the file: write \`> file 2>&1\``,
      );
      break;
    case '>|':
      refuse('`>|` overrides noclobber; write `>`');
      break;
    case '<>':
      refuse('`<>` opens a file for reading and writing');
      break;
    default:
      refuse(`the redirect \`${node.text}\` is not one this rule reads`);
  }
  return [];
}

/** A redirect's target in a `for` loop's body: literal, or holding that loop's `$NAME` and no other variable. */
function loopTarget(destination: Node, name: string): ShellWord {
  const target = literalWord(destination, false, () => refuse(CONSTRUCTS.command_substitution!));
  const foreign = target.parts.find((p) => p.variable && p.name !== name);
  if (foreign) refuse(CONSTRUCTS[foreign.text.startsWith('${') ? 'expansion' : 'simple_expansion']!);
  return target;
}
