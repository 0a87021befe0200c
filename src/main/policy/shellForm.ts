// A shell command read by the bash grammar (shellGrammar.ts) into the simple commands it runs, each
// of literal words: no hand-written shell parser — the grammar decides the structure, and this only
// walks its nodes and unquotes literal words exactly as sh does. Any node it does not know, and any
// construct that makes a word depend on something other than its text ($VAR, $(…), `…`, <(…)), or
// runs code the decision cannot read (functions, eval, source, exec, a heredoc fed to an
// interpreter, a while loop), is a refusal naming the construct in one sentence; a `for` loop, an
// `if`, a subshell and `export NAME=value` are read into the simple commands they run. The tree
// comes from shellTree.ts, the names of what is refused from shellConstructs.ts.
//
// What sh does with the result, and what the decision must therefore still do (policy/contained.ts):
// - an unquoted `*` or `?` expands against the filesystem (ShellWord.glob; `[…]` and `{…}` refused);
// - an unquoted leading `~` names a home (ShellWord.tilde);
// - `cd DIR` changes the directory of what follows it (ShellCommand.connector tells which follow).
import { lexCommand, MAX_COMMAND_LENGTH, type LexResult } from './lexer';
import { CONSTRUCTS, INTERPRETERS, OPERATORS, PRINTS_ONLY, SHELL_BUILTINS, SHELL_ONLY } from './shellConstructs';
import { shellParser } from './shellGrammar';
import { coversAll, plainTree, type Node } from './shellTree';

/** One literal word, as sh passes it to the program. */
export interface ShellWord {
  /** The word after quote removal. */
  value: string;
  /** The word's pieces: quoted text never globs. */
  parts: readonly Piece[];
  /** An unquoted `*` or `?`: sh replaces the word with the names it matches (or leaves it when none). */
  glob: boolean;
  /** An unquoted leading `~` (or after `:`/`=` in an assignment): sh puts a home directory there. */
  tilde: boolean;
  /**
   * A variable (`$NAME`, `${NAME}`, `$?`) is in the word, kept as written in `value`: allowed only
   * in the words of a program that opens nothing (echo, printf), whose output is all it does.
   */
  expands?: true;
}

export type ShellRedirect =
  /** `[n]> file`, `[n]>> file`, `[n]< file`. */
  /** `onList`: the grammar hung it on a list or pipeline, where sh binds it to the last command only. */
  | { kind: 'file'; fd: number; op: '>' | '>>' | '<'; target: ShellWord; onList?: true }
  /** `2>&1`, `>&2`: one standard stream onto another. */
  | { kind: 'dup'; fd: number; to: number }
  /** `<<EOF`: standard input is the literal body. */
  | { kind: 'heredoc'; body: string };

export type Connector = 'start' | '&&' | '||' | ';' | '|';

/** `for NAME in VALUES; do …; done`: its body's commands run once per value, `$NAME` being the value. */
export interface ShellLoop {
  name: string;
  values: readonly ShellWord[];
}

export interface ShellCommand {
  /** The loop this command is in the body of: its words may hold `$NAME` (ShellWord.expands). */
  loop?: ShellLoop;
  assignments: readonly { name: string; value: ShellWord }[];
  words: readonly ShellWord[];
  redirects: readonly ShellRedirect[];
  /** How it follows the previous simple command in the source. */
  connector: Connector;
  /** The simple command as written (for the card). */
  text: string;
}

/** `undecidable`: the grammar was not there to read it (not loaded, or it failed), rather than a construct. */
export type ShellForm = { ok: true; commands: ShellCommand[] } | { ok: false; reason: string; undecidable?: true };

/** A refusal thrown from deep in the walk (not an Error: a stack trace costs more than the parse). */
class Refused {
  constructor(readonly message: string) {}
}

function refuse(sentence: string): never {
  throw new Refused(sentence);
}

function readsAsBuiltin(words: readonly ShellWord[]): boolean {
  const [program, first, ...rest] = words;
  if (!program || program.parts.some((p) => p.quoted) || !first) return false;
  if (program.value === 'command')
    return /^-[vV]$/.test(first.value) && rest.length > 0 && rest.every((w) => !w.glob && !w.tilde && !w.expands);
  if (program.value === 'source' || program.value === '.')
    return (
      rest.length === 0 && !first.glob && !first.tilde && !first.expands && /(^|\/)bin\/activate$/.test(first.value)
    );
  return false;
}

interface Walk {
  commands: ShellCommand[];
  pending: Connector;
  /** The `for` loop whose body is being read. */
  loop?: ShellLoop;
  /** What `export NAME=value` set so far: in the environment of every command after it. */
  exported: { name: string; value: ShellWord }[];
  /** Redirects the grammar hung on a list or pipeline (`cd src && ls > x`): sh binds them to its last command. */
  listRedirects: Set<Node>;
}

/** Unquotes an unquoted word's text as sh does: `\x` is x (quoted), `\<newline>` disappears. */
function unquoteBare(text: string, into: { text: string; quoted: boolean }[]): void {
  let plain = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      const next = text[i + 1];
      if (next === undefined) {
        plain += '\\';
        continue;
      }
      i++;
      if (next === '\n') continue;
      if (plain) into.push({ text: plain, quoted: false });
      plain = '';
      into.push({ text: next, quoted: true });
      continue;
    }
    if (ch === '`') refuse(CONSTRUCTS.command_substitution!);
    // The grammar makes `$NAME` an expansion node; a `$` it left in a word is refused unless last.
    if (ch === '$' && i < text.length - 1) refuse(CONSTRUCTS.simple_expansion!);
    plain += ch;
  }
  if (plain) into.push({ text: plain, quoted: false });
}

/** Characters after `$` that sh never expands inside double quotes (`"x$"`, `"$ "`, `"a$/b"`). */
const LITERAL_AFTER_DOLLAR = /[\s/.,:;)\]|=+%^~-]/;

/** A double-quoted string's inside, unquoted as sh does: `\` escapes only `$ \` " \\` and newline. */
function unquoteDouble(inner: string): string {
  let out = '';
  for (let i = 0; i < inner.length; i++) {
    const ch = inner[i];
    if (ch === '\\') {
      const next = inner[i + 1];
      if (next !== undefined && '$`"\\\n'.includes(next)) {
        i++;
        if (next !== '\n') out += next;
        continue;
      }
      out += ch;
      continue;
    }
    if (ch === '`') refuse(CONSTRUCTS.command_substitution!);
    if (ch === '$') {
      const next = inner[i + 1];
      if (next !== undefined && !LITERAL_AFTER_DOLLAR.test(next)) refuse(CONSTRUCTS.simple_expansion!);
    }
    out += ch;
  }
  return out;
}

/**
 * Whether /bin/sh is bash 3.2 (macOS), which finds the end of `$( … )` by matching parentheses and
 * quotes before it reads a heredoc inside; dash and bash 4 and later read the heredoc first.
 */
const SH_IS_OLD_BASH = process.platform === 'darwin';

/**
 * Whether a heredoc's text, inside `$( … )`, is read to the same closing `)` by bash 3.2: with `#`
 * starting a comment or not, the text must leave its matching of parentheses and quotes balanced,
 * and hold nothing it expands or escapes.
 */
export function readsAlikeInOldBash(body: string): boolean {
  if (/[`$\\]/.test(body)) return false;
  return [false, true].every((comments) => {
    let depth = 0;
    let quote: string | null = null;
    for (let i = 0; i < body.length; i++) {
      const ch = body[i]!;
      if (quote !== null) {
        if (ch === quote) quote = null;
        continue;
      }
      if (ch === "'" || ch === '"') quote = ch;
      else if (ch === '(') depth++;
      else if (ch === ')' && --depth < 0) return false;
      else if (comments && ch === '#' && (i === 0 || /\s/.test(body[i - 1]!))) {
        const end = body.indexOf('\n', i);
        if (end < 0) break;
        i = end;
      }
    }
    return depth === 0 && quote === null;
  });
}

/**
 * The text `$(cat <<'EOF' … EOF)` puts in a double-quoted word: the heredoc's lines without their
 * trailing newlines. Only `cat` with no other word, one `<<` heredoc whose delimiter is quoted (so
 * its text is literal), the delimiter alone on its closing line; anything else is refused.
 */
function heredocText(sub: Node): string {
  const refused = CONSTRUCTS.command_substitution!;
  const inner = sub.namedChildren.filter((c) => c !== null);
  const statement = inner[0];
  if (inner.length !== 1 || statement?.type !== 'redirected_statement' || !sub.text.startsWith('$(')) refuse(refused);
  const parts = statement.namedChildren.filter((c) => c !== null);
  const [command, redirect] = parts;
  if (parts.length !== 2 || command?.type !== 'command' || redirect?.type !== 'heredoc_redirect') refuse(refused);
  if (command.text !== 'cat' || command.namedChildren.length !== 1) refuse(refused);
  const tokens = redirect.children.filter((c) => c !== null);
  const start = tokens.find((c) => c.type === 'heredoc_start');
  const body = tokens.find((c) => c.type === 'heredoc_body');
  const end = tokens.find((c) => c.type === 'heredoc_end');
  if (tokens[0]?.type !== '<<' || !start || !end || tokens.length !== (body ? 4 : 3)) refuse(refused);
  const quoted = /^'([A-Za-z_][A-Za-z0-9_]*)'$|^"([A-Za-z_][A-Za-z0-9_]*)"$/.exec(start.text);
  const delimiter = quoted?.[1] ?? quoted?.[2];
  if (delimiter === undefined || end.text !== delimiter) refuse(refused);
  if (body && body.namedChildren.length > 0) refuse(refused);
  const source = sub.source;
  // The heredoc's text starts on the line after `<<'EOF'`, which holds nothing else.
  if (source[start.endIndex] !== '\n' || (body && body.startIndex !== start.endIndex + 1)) refuse(refused);
  // The closing line is the delimiter alone, and only `)` (after blank lines) follows it.
  if (source[end.startIndex - 1] !== '\n' || source[end.endIndex] !== '\n') refuse(refused);
  if (!/^\s*\)$/.test(source.slice(end.endIndex, sub.endIndex))) refuse(refused);
  const text = body?.text ?? '';
  if (SH_IS_OLD_BASH && !readsAlikeInOldBash(text))
    refuse("the heredoc inside `$( … )` holds quotes, parentheses or `#` that macOS's sh (bash 3.2) reads differently");
  return text.replace(/\n+$/, '');
}

/** A piece of a word: quoted text never globs; a variable is kept as written (`ShellWord.expands`). */
export interface Piece {
  text: string;
  quoted: boolean;
  variable?: true;
  /** A variable's name (`f` for `$f` and `${f}`, `?` for `$?`; `$(…)` for a command's output). */
  name?: string;
  /** The simple commands of a `$( … )` whose output this piece is. */
  runs?: ShellCommand[];
}

/**
 * A `$( … )` in a word: the text of `$(cat <<'EOF' … EOF)`, or, where a word may hold what is not
 * literal (`variables`), the commands it runs, whose output the word holds. No `cd` inside (it would
 * change the directory of only the substitution's own commands).
 */
function substitutionPiece(sub: Node, quoted: boolean, variables: boolean): Piece {
  try {
    return { text: heredocText(sub), quoted: true };
  } catch (error) {
    if (!(error instanceof Refused) || !variables || !sub.text.startsWith('$(')) throw error;
  }
  // An `export` in it sets what its own later commands see (the word's commands get the line's too).
  const inner: Walk = { commands: [], pending: 'start', exported: [], listRedirects: new Set() };
  for (const child of sub.namedChildren) {
    if (child && child.type !== 'comment') statement(child, [], inner);
  }
  if (inner.commands.length === 0 || inner.pending !== ';') refuse(CONSTRUCTS.command_substitution!);
  // A heredoc in one is read only as the literal text above: the shells end it differently.
  if (inner.commands.some((c) => c.redirects.some((r) => r.kind === 'heredoc')))
    refuse(CONSTRUCTS.command_substitution!);
  if (inner.commands.some((c) => c.words[0]?.value === 'cd'))
    refuse('a `cd` inside `$( … )` changes the directory of only its own commands');
  return { text: sub.text, quoted, variable: true, name: '$(…)', runs: inner.commands };
}

/** `$NAME`, `${NAME}` or a special parameter as a piece of its word; anything else is refused. */
function variablePiece(node: Node, quoted: boolean): Piece {
  if (!VARIABLE.test(node.text)) refuse(CONSTRUCTS[node.type]!);
  return { text: node.text, quoted, variable: true, name: node.text.replace(/^\$\{?|\}$/g, '') };
}

/** A variable sh puts in a word: `$NAME`, `${NAME}`, or a special parameter (`$?`, `$#`, `$1`). */
const VARIABLE = /^\$(?:[A-Za-z_][A-Za-z0-9_]*|[?#$!@*0-9-]|\{[A-Za-z_][A-Za-z0-9_]*\})$/;

function pieces(node: Node, into: Piece[], variables = false): void {
  switch (node.type) {
    case 'simple_expansion':
    case 'expansion':
      if (!variables) refuse(CONSTRUCTS[node.type]!);
      into.push(variablePiece(node, false));
      return;
    case 'command_substitution':
      if (!variables) refuse(CONSTRUCTS.command_substitution!);
      into.push(substitutionPiece(node, false, variables));
      return;
    case 'word':
    case 'number':
      unquoteBare(node.text, into);
      return;
    case 'raw_string':
      into.push({ text: node.text.slice(1, -1), quoted: true });
      return;
    case 'string': {
      if (!node.text.startsWith('"') || !node.text.endsWith('"') || node.text.length < 2)
        refuse('a double-quoted string is not closed');
      const texts = node.namedChildren.filter((c) => c?.type !== 'string_content');
      if (texts.length === 0) {
        for (const child of node.namedChildren) {
          if (child && child.type !== 'string_content')
            refuse(CONSTRUCTS[child.type] ?? `\`${child.text}\` inside double quotes is not literal text`);
        }
        into.push({ text: unquoteDouble(node.text.slice(1, -1)), quoted: true });
        return;
      }
      // "…$(cat <<'EOF' … EOF)…": the quoted heredoc's text is the word's text, as sh puts it there.
      let at = node.startIndex + 1;
      for (const child of node.namedChildren) {
        if (!child) continue;
        if (
          child.type !== 'string_content' &&
          child.type !== 'command_substitution' &&
          ((child.type !== 'simple_expansion' && child.type !== 'expansion') || !variables)
        )
          refuse(CONSTRUCTS[child.type] ?? `\`${child.text}\` inside double quotes is not literal text`);
        if (child.startIndex !== at) refuse('a double-quoted string holds text the shell grammar skipped');
        if (child.type === 'simple_expansion' || child.type === 'expansion') into.push(variablePiece(child, true));
        else if (child.type === 'command_substitution') into.push(substitutionPiece(child, true, variables));
        else into.push({ text: unquoteDouble(child.text), quoted: true });
        at = child.endIndex;
      }
      if (at !== node.endIndex - 1) refuse('a double-quoted string holds text the shell grammar skipped');
      return;
    }
    case 'concatenation':
      for (const child of node.children) {
        if (child) pieces(child, into, variables);
      }
      return;
    default:
      refuse(
        CONSTRUCTS[node.type] ??
          `\`${node.text}\` (${node.type.replace(/_/g, ' ')}) is shell syntax this rule does not read`,
      );
  }
}

function literalWord(node: Node, assignment = false, variables = false): ShellWord {
  const parts: Piece[] = [];
  pieces(node, parts, variables);
  const value = parts.map((p) => p.text).join('');
  // Checked on the whole word: the grammar splits `[ab].txt` and `{a,b}` into several pieces.
  const bare = parts
    .filter((p) => !p.quoted && !p.variable)
    .map((p) => p.text)
    .join('');
  if (/[{}]/.test(bare) && value !== '{}')
    refuse('`{` and `}` in a word expand differently in sh and bash; quote them');
  if (/[[\]]/.test(bare) && value !== '[' && value !== ']')
    refuse('a `[…]` pattern matches file names by a set this rule does not read; quote it');
  const glob = parts.some((p) => !p.quoted && !p.variable && /[*?]/.test(p.text));
  const first = parts[0];
  let tilde = first !== undefined && !first.quoted && first.text.startsWith('~');
  // In an assignment sh also expands a `~` after `=` or `:` (PATH=a:~/bin).
  if (assignment && parts.some((p) => !p.quoted && /(^|[:=])~/.test(p.text))) tilde = true;
  return { value, parts, glob, tilde, ...(parts.some((p) => p.variable) ? { expands: true as const } : {}) };
}

const EMPTY_WORD: ShellWord = { value: '', parts: [], glob: false, tilde: false };

/** A word the grammar gives as a token (`[`, `-f`, `=`): its text, unquoted, never a glob. */
function tokenWord(text: string): ShellWord {
  return { value: text, parts: [{ text, quoted: false }], glob: false, tilde: false };
}

function redirectOf(node: Node, program: () => string): ShellRedirect[] {
  const named = node.namedChildren.filter((c): c is Node => c !== null);
  if (node.type === 'heredoc_redirect') {
    const start = named.find((c) => c.type === 'heredoc_start');
    const body = named.find((c) => c.type === 'heredoc_body');
    const operator = node.children.find((c) => c && !c.isNamed)?.type;
    if (operator !== '<<' && operator !== '<<-') refuse(`the heredoc \`${operator ?? ''}\` is not one this rule reads`);
    if (!start) refuse('a heredoc without its delimiter');
    if (INTERPRETERS.has(program())) refuse(`a heredoc fed to \`${program()}\` is code this rule does not read`);
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
    // The grammar hangs a redirect written after `<<EOF` on the heredoc node.
    for (const c of named) {
      if (c.type === 'file_redirect') out.push(...redirectOf(c, program));
      else if (!['heredoc_start', 'heredoc_body', 'heredoc_end'].includes(c.type))
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
      const target = literalWord(destination!);
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

/** Two words as one: what sh makes of pieces with no blank between them. */
function joined(a: ShellWord, b: ShellWord): ShellWord {
  const parts = [...a.parts, ...b.parts];
  const expands = a.expands || b.expands ? { expands: true as const } : {};
  return { value: a.value + b.value, parts, glob: a.glob || b.glob, tilde: a.tilde, ...expands };
}

function pushCommand(node: Node, outer: readonly Node[], walk: Walk): void {
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
        words.push(literalWord(child, false, true));
    }
  }
  if (words.length === 0) refuse(CONSTRUCTS.variable_assignment!);
  const program = words[0]!.value;
  if (!PRINTS_ONLY.has(program)) {
    // In a loop's body its variable is a value of the loop's; any other variable is not seen.
    const foreign = words.flatMap((w) => w.parts).find((p) => p.variable && p.name !== walk.loop?.name);
    if (foreign?.runs) refuse(CONSTRUCTS.command_substitution!);
    if (foreign) refuse(CONSTRUCTS[foreign.text.startsWith('${') ? 'expansion' : 'simple_expansion']!);
  }
  // echo "$(pwd)": the substitution's commands run first, judged as any command; echo prints their output.
  // Fed by a pipe or by an enclosing if's or loop's redirect, each of them would read that input.
  if (words.some((w) => w.parts.some((p) => p.runs)) && (walk.pending === '|' || outer.length > 0))
    refuse(
      '`$( … )` in a command fed by a pipe or an enclosing redirect reads that input; write its command on its own',
    );
  for (const piece of words.flatMap((w) => w.parts)) {
    for (const run of piece.runs ?? []) {
      walk.commands.push({
        ...run,
        assignments: [...walk.exported, ...run.assignments],
        connector: run.connector === 'start' ? walk.pending : run.connector,
      });
      walk.pending = ';';
    }
  }
  const builtin = readsAsBuiltin(words) ? undefined : SHELL_BUILTINS[program];
  if (builtin !== undefined && !words[0]!.parts.some((p) => p.quoted)) refuse(builtin);
  if (builtin !== undefined) refuse(`${builtin} (quoted or not)`);
  // Judged on every command of the list all the same (a reading that leans to "opens"), and marked.
  const redirects = [...redirectNodes, ...outer].flatMap((r) =>
    redirectOf(r, () => program).map((d) =>
      d.kind === 'file' && walk.listRedirects.has(r) && !endsAt(node, r) ? { ...d, onList: true as const } : d,
    ),
  );
  const loop = walk.loop ? { loop: walk.loop } : {};
  walk.commands.push({
    ...loop,
    assignments: [...walk.exported, ...assignments],
    words,
    redirects,
    connector: walk.pending,
    text: node.text,
  });
  walk.pending = ';';
}

/** Whether the command is the last of the list a redirect is hung on (sh binds the redirect to it). */
function endsAt(command: Node, redirect: Node): boolean {
  return command.source.slice(command.endIndex, redirect.startIndex).trim() === '';
}

/**
 * `export NAME=value …` with literal values: no command runs, and every command after it has those
 * in its environment, read as if each were written `NAME=value COMMAND` (where the names are judged).
 */
function pushExport(node: Node, walk: Walk): void {
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

/** The keywords of an `if`, which hold no command. */
const IF_KEYWORDS = new Set(['if', 'then', 'elif', 'else', 'fi']);

/**
 * `if COND; then …; elif …; else …; fi`: every command of its conditions and branches, in order, as
 * if joined by `;` — which of them runs depends on the conditions, so each is judged as one that may.
 */
function pushIf(node: Node, outer: readonly Node[], walk: Walk): void {
  for (const child of node.children) {
    if (!child || IF_KEYWORDS.has(child.type)) continue;
    if (child.type === 'elif_clause' || child.type === 'else_clause') {
      pushIf(child, outer, walk);
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
  walk.loop = { name: name.text, values };
  for (const child of body.children) {
    if (!child || child.type === 'do' || child.type === 'done') continue;
    if (!child.isNamed) operator(child, walk);
    else statement(child, outer, walk);
  }
  walk.loop = undefined;
}

/**
 * `( LIST )`: its commands run in a copy of the shell, so a `cd` in it ends with it. Read as the
 * shell it is, `sh -c 'LIST'` (contained mode judges an inline script as a command of its own, its
 * `cd` kept inside), with the subshell's redirects. Not in a loop, and no pipe into or out of it.
 */
function pushSubshell(node: Node, outer: readonly Node[], walk: Walk): void {
  if (walk.loop) refuse(CONSTRUCTS.subshell!);
  const open = node.children[0];
  const close = node.children[node.children.length - 1];
  if (open?.type !== '(' || close?.type !== ')') refuse(CONSTRUCTS.subshell!);
  const inner = node.source.slice(open.endIndex, close.startIndex);
  const script: ShellWord = { value: inner, parts: [{ text: inner, quoted: true }], glob: false, tilde: false };
  const redirects = outer.flatMap((r) => redirectOf(r, () => 'sh'));
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
 * redirect on the group is, for this rule, on each of them (as for an `if`). No pipe into or out of it.
 */
function pushGroup(node: Node, outer: readonly Node[], walk: Walk): void {
  if (node.children[0]?.type !== '{' || node.children[node.children.length - 1]?.type !== '}')
    refuse(CONSTRUCTS.compound_statement!);
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
      words.push(n.type === 'test_operator' ? tokenWord(n.text) : literalWord(n, false, walk.loop !== undefined));
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
  const foreign = words.flatMap((w) => w.parts).find((p) => p.variable && p.name !== walk.loop?.name);
  if (foreign) refuse(CONSTRUCTS[foreign.runs ? 'command_substitution' : 'simple_expansion']!);
  const redirects = outer.flatMap((r) => redirectOf(r, () => '['));
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
        if (inner && ['if_statement', 'for_statement', 'compound_statement'].includes(inner.type))
          refuse(
            'a pipe into or out of an `if`, a loop or a group `{ …; }` is not read; write the commands without it',
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
      if (!body) refuse(`the redirect \`${node.text}\` has no command`);
      if (body.type === 'list' || body.type === 'pipeline') for (const r of redirects) walk.listRedirects.add(r);
      statement(body, [...redirects, ...outer], walk);
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
  const source = command.endsWith('\\') ? command : `${command}\n`;
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
      // `python3 - <<'EOF'`: the grammar drops the `-`; what the owner needs to read is the heredoc's rule.
      const fed = /^\s*([\w.+-]+)\s+-\s+<</.exec(command)?.[1];
      if (skipped === '-' && fed !== undefined && INTERPRETERS.has(fed))
        return {
          ok: false,
          reason: `not a command this rule reads: a heredoc fed to \`${fed}\` is code this rule does not read`,
        };
      return {
        ok: false,
        reason: `not a command this rule reads: the shell grammar skips \`${skipped}\`, which sh reads as part of a word`,
      };
    }
    const walk: Walk = { commands: [], pending: 'start', exported: [], listRedirects: new Set() };
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

/**
 * Whether sh would run exactly the lexer's argv (one command, no assignment, redirect, glob, tilde
 * or comment): then that argv is what runs, spawned without a shell, and what the card, check-command
 * and the test-run reading name.
 */
export function plainAsSh(command: string): boolean {
  return plainAsShForm(command, readShellForm(command));
}

/** `plainAsSh` from a parse (and the lexer's words) already read: one parse and one lex per call. */
export function plainAsShForm(command: string, form: ShellForm, lexed: LexResult = lexCommand(command)): boolean {
  if (!lexed.ok) return false;
  if (!form.ok || form.commands.length !== 1) return false;
  const [only] = form.commands;
  return (
    !SHELL_ONLY.has(only!.words[0]!.value) &&
    only!.assignments.length === 0 &&
    only!.redirects.length === 0 &&
    only!.words.length === lexed.argv.length &&
    only!.words.every((w, i) => !w.glob && !w.tilde && w.value === lexed.argv[i])
  );
}
