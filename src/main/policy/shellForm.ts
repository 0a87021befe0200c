// A shell command read by the bash grammar (shellGrammar.ts) into the simple commands it runs, each
// of literal words: no hand-written shell parser — the grammar decides the structure, and this only
// walks its nodes and unquotes literal words exactly as sh does. Any node it does not know, and any
// construct that makes a word depend on something other than its text ($VAR, $(…), `…`, <(…)), or
// runs code the decision cannot read (functions, eval, source, exec, a heredoc fed to an
// interpreter), is a refusal naming the construct in one sentence; a `for` or `while` loop, an
// `if`, a subshell and `export NAME=value` are read into the simple commands they run. The tree
// comes from shellTree.ts, the names of what is refused from shellConstructs.ts; a word is read by
// shellWords.ts, a redirect by shellRedirects.ts, a simple command by shellCommands.ts.
//
// What sh does with the result, and what the decision must therefore still do (policy/contained.ts):
// - an unquoted `*` or `?` expands against the filesystem (ShellWord.glob; `[…]` and `{…}` refused);
// - an unquoted leading `~` names a home (ShellWord.tilde);
// - `cd DIR` changes the directory of what follows it (ShellCommand.connector tells which follow).
import { flatten } from './arrays';
import { MAX_COMMAND_LENGTH } from './lexer';
import { pushCommand, pushExport } from './shellCommands';
import { CONSTRUCTS, OPERATORS, SHELL_BUILTINS } from './shellConstructs';
import { shellParser } from './shellGrammar';
import { heredocContinuation, redirectOf } from './shellRedirects';
import { coversAll, plainTree, type Node } from './shellTree';
import {
  Refused,
  refuse,
  type Connector,
  type ShellCommand,
  type ShellForm,
  type ShellWord,
  type Walk,
} from './shellTypes';
import { literalWord, readsAsBuiltin, tokenWord } from './shellWords';

export type { Connector, ShellCommand, ShellForm, ShellLoop, ShellRedirect, ShellWord } from './shellTypes';
export { readsAlikeInOldBash } from './shellWords';

/**
 * The commands of a `$( … )`, read by the same walk on its own state. An `export` in it sets what its
 * own later commands see (the word's commands get the line's too). No `cd` inside: it would change
 * the directory of only the substitution's own commands.
 */
function readSubstitution(sub: Node): ShellCommand[] {
  const inner = newWalk();
  for (const child of sub.namedChildren) {
    if (child && child.type !== 'comment') statement(child, [], inner);
  }
  if (inner.commands.length === 0 || inner.pending !== ';') refuse(CONSTRUCTS.command_substitution!);
  // A heredoc in one is read only as the literal text above: the shells end it differently.
  if (inner.commands.some((c) => c.redirects.some((r) => r.kind === 'heredoc')))
    refuse(CONSTRUCTS.command_substitution!);
  if (inner.commands.some((c) => c.words[0]?.value === 'cd'))
    refuse('a `cd` inside `$( … )` changes the directory of only its own commands');
  return inner.commands;
}

function newWalk(): Walk {
  return {
    commands: [],
    pending: 'start',
    exported: [],
    listRedirects: new Map(),
    heredocsTaken: new Set(),
    readSubstitution,
  };
}

/** The keywords of an `if`, which hold no command. */
const IF_KEYWORDS = new Set(['if', 'then', 'elif', 'else', 'fi']);

/**
 * `if COND; then …; elif …; else …; fi`: every command of its conditions and branches, in order, as
 * if joined by `;` — which of them runs depends on the conditions, so each is judged as one that may.
 */
function pushIf(node: Node, outer: readonly Node[], walk: Walk): void {
  const wasInIf = walk.inIf;
  walk.inIf = true;
  try {
    pushIfParts(node, outer, walk);
  } finally {
    walk.inIf = wasInIf;
  }
}

function pushIfParts(node: Node, outer: readonly Node[], walk: Walk): void {
  for (const child of node.children) {
    if (!child || IF_KEYWORDS.has(child.type)) continue;
    if (child.type === 'elif_clause' || child.type === 'else_clause') {
      pushIfParts(child, outer, walk);
      continue;
    }
    if (!child.isNamed) operator(child, walk);
    else statement(child, outer, walk);
  }
}

/**
 * `for NAME in WORDS; do BODY; done`: the words literal (globs allowed), the body simple commands
 * whose words may hold `$NAME`; each body command carries the loop (contained mode judges it once
 * per value). No loop in a loop; no `for NAME` without `in` (it runs over arguments not seen).
 */
function pushLoop(node: Node, outer: readonly Node[], walk: Walk): void {
  if (walk.loop) refuse('a loop inside a loop is not read; write them one after the other');
  const name = node.namedChildren.find((c) => c?.type === 'variable_name');
  const body = node.namedChildren.find((c) => c?.type === 'do_group');
  const at = node.children.findIndex((c) => c?.type === 'in');
  if (!name || !body || at < 0 || !node.text.startsWith('for '))
    refuse('a `for` loop without `in` runs over values this rule does not see');
  // The loop's variable keeps its last value after the loop: a name sh or a program reads (PATH,
  // HOME, CDPATH, IFS, a proxy) would change what follows. Only lower-case names that are none of those.
  if (!/^[a-z_][a-z0-9_]*$/.test(name.text) || /proxy$|^(home|path|ifs|cdpath|env|tmpdir)$/.test(name.text))
    refuse(`the loop's variable ${name.text} is a name the shell or a program reads; use a lower-case name like f`);
  const values: ShellWord[] = [];
  for (const child of node.children.slice(at + 1)) {
    if (!child || child === body || child.type === ';' || child.type === '\n') continue;
    if (child.type === 'comment' || !child.isNamed) refuse(`\`${child.text}\` in a loop's values is not read`);
    values.push(literalWord(child));
  }
  if (values.length === 0) refuse('a `for` loop over no values runs nothing');
  walk.loop = { kind: 'for', name: name.text, values };
  walk.loopOuter = outer;
  for (const child of body.children) {
    if (!child || child.type === 'do' || child.type === 'done') continue;
    if (!child.isNamed) operator(child, walk);
    else statement(child, outer, walk);
  }
  walk.loop = undefined;
  walk.loopOuter = undefined;
}

/**
 * `while LIST; do BODY; done` and `until …`: the condition's and the body's simple commands, each
 * carrying the loop, which may run them any number of turns (or the body none). It has no variable
 * of its own, so a `$NAME` in it is refused as anywhere; judged as a `for` loop's body is.
 */
function pushWhile(node: Node, outer: readonly Node[], walk: Walk): void {
  if (walk.loop) refuse('a loop inside a loop is not read; write them one after the other');
  const body = node.namedChildren.find((c) => c?.type === 'do_group');
  if (!body || !/^(while|until)[ \t]/.test(node.text)) refuse(CONSTRUCTS.while_statement!);
  walk.loop = { kind: 'while', name: '', values: [] };
  for (const child of node.children) {
    if (!child || child.type === 'while' || child.type === 'until') continue;
    const inner = child === body ? child.children.filter((c) => c.type !== 'do' && c.type !== 'done') : [child];
    for (const c of inner) {
      if (!c.isNamed) operator(c, walk);
      else statement(c, outer, walk);
    }
  }
  walk.loop = undefined;
}

/**
 * `( LIST )`: its commands run in a copy of the shell, so a `cd` in it ends with it. Read as the
 * shell it is, `sh -c 'LIST'` (contained mode judges an inline script as a command of its own, its
 * `cd` kept inside), with the subshell's redirects. Not in a loop, and no pipe into or out of it.
 */
function pushSubshell(node: Node, outer: readonly Node[], walk: Walk, braces = false): void {
  if (walk.loop) refuse(CONSTRUCTS.subshell!);
  const open = node.children[0];
  const close = node.children[node.children.length - 1];
  if (open?.type !== (braces ? '{' : '(') || close?.type !== (braces ? '}' : ')')) refuse(CONSTRUCTS.subshell!);
  const inner = node.source.slice(open.endIndex, close.startIndex);
  const script: ShellWord = { value: inner, parts: [{ text: inner, quoted: true }], glob: false, tilde: false };
  const redirects = flatten(outer, (r) => redirectOf(r, () => 'sh'));
  walk.commands.push({
    assignments: [...walk.exported],
    words: [tokenWord('sh'), tokenWord('-c'), script],
    redirects,
    connector: walk.pending,
    text: node.text,
  });
  walk.pending = ';';
}

/**
 * `{ LIST; }`: its commands run in this shell, in order, as if written without the braces; a
 * redirect on the group is, for this rule, on each of them (as for an `if`). A group that feeds a
 * pipe (`{ echo header; cat notes.txt; } | head`) runs in a subshell of its own, as every part of a
 * pipeline does: it is read as that subshell, `sh -c 'LIST'`. No pipe into one.
 */
function pushGroup(node: Node, outer: readonly Node[], walk: Walk): void {
  if (node.children[0]?.type !== '{' || node.children[node.children.length - 1]?.type !== '}')
    refuse(CONSTRUCTS.compound_statement!);
  if (walk.feedingGroups?.has(node)) {
    pushSubshell(node, outer, walk, true);
    return;
  }
  for (const child of node.children.slice(1, -1)) {
    if (!child || child.type === 'comment') continue;
    if (!child.isNamed) operator(child, walk);
    else statement(child, outer, walk);
  }
}

/** `[ … ]`, read as the program `[` with its words (sh's test); anything else in it is refused. */
function pushTest(node: Node, outer: readonly Node[], walk: Walk): void {
  if (!node.text.startsWith('[ ') && !node.text.startsWith('[\t')) refuse(CONSTRUCTS.test_command!);
  const words: ShellWord[] = [tokenWord('[')];
  const leaf = (n: Node): void => {
    if (['word', 'string', 'raw_string', 'number', 'concatenation', 'test_operator'].includes(n.type)) {
      words.push(
        n.type === 'test_operator'
          ? tokenWord(n.text)
          : literalWord(n, false, walk.loop !== undefined ? walk.readSubstitution : null),
      );
      return;
    }
    if (n.type === 'unary_expression' || n.type === 'binary_expression') {
      for (const c of n.children) {
        if (!c) continue;
        if (c.isNamed) leaf(c);
        else if (['=', '==', '!=', '!'].includes(c.type)) words.push(tokenWord(c.type));
        else refuse(`\`${c.text}\` inside \`[ … ]\` is not read by this rule`);
      }
      return;
    }
    refuse(CONSTRUCTS[n.type] ?? `\`${n.text}\` inside \`[ … ]\` is not read by this rule`);
  };
  for (const c of node.children) {
    if (!c) continue;
    if (!c.isNamed) {
      if (c.type !== '[' && c.type !== ']') refuse(CONSTRUCTS.test_command!);
      continue;
    }
    leaf(c);
  }
  words.push(tokenWord(']'));
  // In a loop's body, `[ -f "$f" ]` tests each value; any other variable is not seen.
  const foreign = flatten(words, (w) => w.parts).find((p) => p.variable && p.name !== walk.loop?.name);
  if (foreign) refuse(CONSTRUCTS[foreign.runs ? 'command_substitution' : 'simple_expansion']!);
  const redirects = flatten(outer, (r) => redirectOf(r, () => '['));
  const loop = walk.loop ? { loop: walk.loop } : {};
  walk.commands.push({
    ...loop,
    assignments: [...walk.exported],
    words,
    redirects,
    connector: walk.pending,
    text: node.text,
  });
  walk.pending = ';';
}

function operator(token: Node, walk: Walk): void {
  const t = token.type;
  if (t === '&')
    refuse('a trailing `&` leaves the command running in the background; use start for a program that keeps running');
  if (t === '|&') refuse('`|&` is bash only; write `2>&1 |`');
  if (!OPERATORS.has(t)) refuse(`\`${token.text}\` is shell syntax this rule does not read`);
  walk.pending = t as Connector;
}

/** The statements and operators of a program, list or pipeline, in order. */
function statements(node: Node, outer: readonly Node[], walk: Walk): void {
  for (const child of node.children) {
    if (!child || child.type === 'comment') continue;
    if (!child.isNamed) operator(child, walk);
    else statement(child, outer, walk);
  }
}

function statement(node: Node, outer: readonly Node[], walk: Walk): void {
  switch (node.type) {
    case 'pipeline':
      // A pipe into or out of an if or a loop feeds (or is fed by) commands this rule reads one by one.
      // A subshell may feed a pipe (its output is the pipe's, as a shell's inline script's is), never read one.
      for (const [index, child] of node.namedChildren.entries()) {
        const inner = child?.type === 'redirected_statement' ? child.children.find((c) => c.field === 'body') : child;
        if (inner?.type === 'compound_statement' && index === 0) {
          (walk.feedingGroups ??= new Set()).add(inner);
          continue;
        }
        if (inner && ['if_statement', 'for_statement', 'while_statement', 'compound_statement'].includes(inner.type))
          refuse(
            'a pipe into or out of an `if` or a loop, or into a group `{ …; }`, is not read; write the commands without it',
          );
        if (inner?.type === 'subshell' && index > 0)
          refuse('a pipe into a subshell `( … )` is not read; write its commands without the parentheses');
      }
      statements(node, outer, walk);
      return;
    case 'program':
    case 'list':
      statements(node, outer, walk);
      return;
    case 'redirected_statement': {
      const body = node.children.find((c) => c.field === 'body') ?? null;
      const redirects = node.namedChildren.filter((c) => c !== body);
      for (const c of node.children) {
        if (c && !c.isNamed) refuse(`\`${c.text}\` is shell syntax this rule does not read`);
      }
      // A redirect the grammar hangs on a list or pipeline applies, for this rule, to each command in it.
      // `> notes.txt` alone: sh opens the file for the redirect and runs nothing, as `: > notes.txt` does.
      if (!body) {
        if (outer.length > 0 || redirects.some((r) => r.type !== 'file_redirect'))
          refuse(`the redirect \`${node.text}\` has no command`);
        walk.commands.push({
          assignments: [...walk.exported],
          words: [tokenWord(':')],
          redirects: redirects.flatMap((r) => redirectOf(r, () => ':')),
          connector: walk.pending,
          text: node.text,
        });
        walk.pending = ';';
        return;
      }
      if (body.type === 'list' || body.type === 'pipeline')
        for (const r of redirects) walk.listRedirects.set(r, body.endIndex);
      statement(body, [...redirects, ...outer], walk);
      // A heredoc is standard input of exactly the command sh binds it to: one that none took is not read.
      for (const r of redirects)
        if (r.type === 'heredoc_redirect' && walk.listRedirects.has(r) && !walk.heredocsTaken.has(r))
          refuse(
            `the heredoc \`${r.text.split('\n')[0]}\` is hung on a list whose last command this rule does not see`,
          );
      // `cat <<'EOF' > f && python f`: the command after the heredoc's line runs next, joined by its operator.
      for (const r of redirects) {
        const after = r.type === 'heredoc_redirect' ? heredocContinuation(r) : null;
        if (!after) continue;
        operator(after.operator, walk);
        statement(after.next, outer, walk);
      }
      return;
    }
    case 'command':
      pushCommand(node, outer, walk);
      return;
    case 'test_command':
      pushTest(node, outer, walk);
      return;
    case 'for_statement':
      pushLoop(node, outer, walk);
      return;
    case 'while_statement':
      pushWhile(node, outer, walk);
      return;
    case 'if_statement':
      pushIf(node, outer, walk);
      return;
    case 'subshell':
      pushSubshell(node, outer, walk);
      return;
    case 'compound_statement':
      pushGroup(node, outer, walk);
      return;
    case 'declaration_command':
      if (outer.length > 0) refuse(CONSTRUCTS.declaration_command!);
      pushExport(node, walk);
      return;
    case 'comment':
      return;
    default:
      refuse(
        CONSTRUCTS[node.type] ??
          `\`${node.text.split('\n')[0]}\` (${node.type.replace(/_/g, ' ')}) is shell syntax this rule does not read`,
      );
  }
}

/** Code points a card could not show as they are (the lexer's rule, newlines allowed between commands). */
const INVISIBLE = /[\p{C}\p{Z}\p{White_Space}\p{Default_Ignorable_Code_Point}]/u;
const CONFUSABLE =
  /[\p{Pi}\p{Pf}\u201a\u201e\u2032-\u2037\u02b9-\u02bc\u02c8\u02ee\u00b4\u301d-\u301f\uff02\uff07\ua78c\u05f3\u05f4]/u;
const SYNTAX = /[$`~|;&<>(){}[\]\\'"\n]/;

function visibleProblem(command: string): string | null {
  if (command.length > MAX_COMMAND_LENGTH)
    return `it is ${command.length} characters long, more than the ${MAX_COMMAND_LENGTH} a card can show whole`;
  for (const ch of command) {
    const code = ch.charCodeAt(0);
    if (ch === ' ' || ch === '\n' || (code >= 0x21 && code <= 0x7e)) continue;
    const hex = (ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    if (INVISIBLE.test(ch)) return `the invisible or control character U+${hex} is not an ordinary space or letter`;
    if (CONFUSABLE.test(ch) || SYNTAX.test(ch.normalize('NFKC')))
      return `${ch} (U+${hex}) reads as a quote or as shell syntax, and is neither here`;
  }
  return null;
}

/** A command with no shell characters at all: its words are split on spaces, no grammar needed. */
const BARE = /^[A-Za-z0-9_@%+=:,./-]+(?: +[A-Za-z0-9_@%+=:,./-]+)*$/;

function bareForm(command: string): ShellForm {
  const words = command.split(/ +/).map(tokenWord);
  const assignments: { name: string; value: ShellWord }[] = [];
  while (words.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0]!.value)) {
    const word = words.shift() as ShellWord;
    const eq = word.value.indexOf('=');
    const value = word.value.slice(eq + 1);
    assignments.push({ name: word.value.slice(0, eq), value: tokenWord(value) });
  }
  if (words.length === 0)
    return { ok: false, reason: `not a command this rule reads: ${CONSTRUCTS.variable_assignment}` };
  const builtin = readsAsBuiltin(words) ? undefined : SHELL_BUILTINS[words[0]!.value];
  if (builtin !== undefined) return { ok: false, reason: `not a command this rule reads: ${builtin}` };
  return { ok: true, commands: [{ assignments, words, redirects: [], connector: 'start', text: command }] };
}

/**
 * The simple commands of `command`, in source order, or the construct that keeps the rule from
 * reading it. Synchronous; without the grammar loaded it refuses.
 */
export function readShellForm(command: string): ShellForm {
  const visible = visibleProblem(command);
  if (visible) return { ok: false, reason: `not a command this rule reads: ${visible}` };
  const trimmed = command.trim();
  if (trimmed === '') return { ok: false, reason: 'there is no command' };
  if (BARE.test(trimmed)) return bareForm(trimmed);
  const parser = shellParser();
  if (!parser)
    return {
      ok: false,
      reason: 'the shell grammar is not loaded, so the command cannot be read; it asks',
      undecidable: true,
    };
  // Read with a newline after it, as sh reads the end of its text: without one the grammar tries
  // a second reading of a pipeline of three or more (`a | b | c`) that fails at the end of input,
  // and its error recovery costs eight times the parse. A text ending in `\` is read as written,
  // since the newline would make that backslash a line continuation, which in sh it is not.
  return readSource(parser, command.endsWith('\\') ? command : `${command}\n`, true);
}

/** A lone `-` before a heredoc (`python3 - <<'EOF'`, `cat - <<EOF`), which the grammar drops. */
function dashBeforeHeredoc(source: string, at: number): boolean {
  return at > 0 && /[ \t]/.test(source[at - 1]!) && /^-[ \t]+<</.test(source.slice(at));
}

function readSource(parser: NonNullable<ReturnType<typeof shellParser>>, source: string, again: boolean): ShellForm {
  const tree = parser.parse(source);
  if (!tree)
    return { ok: false, reason: 'the shell grammar could not read the command, so it asks', undecidable: true };
  try {
    if (tree.rootNode.hasError)
      return {
        ok: false,
        reason:
          'not a command this rule reads: the shell grammar cannot read it whole (an unclosed quote, a stray operator, or syntax it does not know)',
      };
    const root = plainTree(tree, source);
    const skipped = coversAll(root, source);
    if (skipped !== null) {
      // The grammar drops a lone `-` before `<<`, a word to sh: read again with it quoted, which sh
      // reads as the same word (the text it was skipped from is no token, so no quote holds it).
      if (again && skipped.text === '-' && dashBeforeHeredoc(source, skipped.at))
        return readSource(parser, `${source.slice(0, skipped.at)}'-'${source.slice(skipped.at + 1)}`, false);
      return {
        ok: false,
        reason: `not a command this rule reads: the shell grammar skips \`${skipped.text}\`, which sh reads as part of a word`,
      };
    }
    const walk = newWalk();
    statement(root, [], walk);
    if (walk.commands.length === 0) return { ok: false, reason: 'there is no command' };
    if (walk.pending !== ';')
      return { ok: false, reason: `not a command this rule reads: it ends with \`${walk.pending}\`` };
    return { ok: true, commands: walk.commands };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: `not a command this rule reads: ${error.message}` };
    throw error;
  } finally {
    tree.delete();
  }
}
