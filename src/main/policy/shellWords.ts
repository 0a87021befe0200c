// A literal word of a command as sh passes it to the program: the grammar's word, string, raw
// string and concatenation nodes unquoted exactly as sh unquotes them, `$NAME` and `$( … )` kept
// only where a word may hold what is not literal (echo's words, a loop's body), and `$(cat <<'EOF'
// … EOF)` read as the text it puts there. Anything else in a word is a refusal naming it.
import { CONSTRUCTS } from './shellConstructs';
import type { Node } from './shellTree';
import { Refused, refuse, type Piece, type ReadSubstitution, type ShellWord } from './shellTypes';

/**
 * A builtin that only prints the state of the fresh shell it runs in: `jobs` (it has none: a
 * trailing `&` is refused), `history` (a non-interactive shell keeps none, and dash has no such
 * builtin), `ulimit` asked for limits rather than given one, `umask` asked for the mask; `hash -r`,
 * which empties a table, and `hash NAME`, which fills it as a lookup would.
 */
function printsFreshState(program: string, args: readonly ShellWord[]): boolean {
  if (args.some((w) => w.glob || w.tilde || w.expands)) return false;
  const values = args.map((w) => w.value);
  if (program === 'jobs') return values.every((v) => /^-[lp]+$/.test(v));
  if (program === 'history') return values.length === 0 || (values.length === 1 && /^\d{1,6}$/.test(values[0]!));
  if (program === 'ulimit') return values.every((v) => /^-[HSacdefilmnqrstuvx]+$/.test(v));
  // `hash -r` forgets where names were found: the next lookup searches PATH as a fresh shell does.
  // `hash NAME…` looks each name up in PATH and remembers where it was found, as the next run of it
  // would (not `hash -p PATH NAME`, bash's, which says where).
  if (program === 'hash')
    return (
      (values.length === 1 && values[0] === '-r') ||
      (values.length > 0 && values.every((v) => /^[\w.+][\w.+-]*$/.test(v)))
    );
  // `umask` and `umask -S` print the mask; given one, it changes the permissions of what follows.
  if (program === 'umask') return values.length === 0 || (values.length === 1 && values[0] === '-S');
  return false;
}

export function readsAsBuiltin(words: readonly ShellWord[]): boolean {
  const [program, first, ...rest] = words;
  if (program && !program.parts.some((p) => p.quoted) && printsFreshState(program.value, words.slice(1))) return true;
  if (!program || program.parts.some((p) => p.quoted) || !first) return false;
  if (program.value === 'command')
    return /^-[vV]$/.test(first.value) && rest.length > 0 && rest.every((w) => !w.glob && !w.tilde && !w.expands);
  if (program.value === 'source' || program.value === '.')
    return (
      rest.length === 0 && !first.glob && !first.tilde && !first.expands && /(^|\/)bin\/activate$/.test(first.value)
    );
  // `time CMD` and `time -p CMD`: bash's keyword and sh's program (GNU time) both run CMD, which is
  // judged (containedJudging.ts unwrap); any other option (`-o FILE` writes one) is not read.
  if (program.value === 'time') {
    const timed = first.value === '-p' ? rest[0] : first;
    return timed !== undefined && !timed.value.startsWith('-') && !timed.expands;
  }
  return false;
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

/**
 * A `$( … )` in a word: the text of `$(cat <<'EOF' … EOF)`, or, where a word may hold what is not
 * literal (`read` given), the commands it runs, whose output the word holds (read by the walk,
 * shellForm.ts readSubstitution).
 */
function substitutionPiece(sub: Node, quoted: boolean, read: ReadSubstitution | null): Piece {
  try {
    return { text: heredocText(sub), quoted: true };
  } catch (error) {
    if (!(error instanceof Refused) || !read || !sub.text.startsWith('$(')) throw error;
  }
  return { text: sub.text, quoted, variable: true, name: '$(…)', runs: read(sub) };
}

/** `$NAME`, `${NAME}` or a special parameter as a piece of its word; anything else is refused. */
function variablePiece(node: Node, quoted: boolean): Piece {
  if (!VARIABLE.test(node.text)) refuse(CONSTRUCTS[node.type]!);
  return { text: node.text, quoted, variable: true, name: node.text.replace(/^\$\{?|\}$/g, '') };
}

/** A variable sh puts in a word: `$NAME`, `${NAME}`, or a special parameter (`$?`, `$#`, `$1`). */
const VARIABLE = /^\$(?:[A-Za-z_][A-Za-z0-9_]*|[?#$!@*0-9-]|\{[A-Za-z_][A-Za-z0-9_]*\})$/;

function pieces(node: Node, into: Piece[], read: ReadSubstitution | null): void {
  const variables = read !== null;
  switch (node.type) {
    case 'simple_expansion':
    case 'expansion':
      if (!variables) refuse(CONSTRUCTS[node.type]!);
      into.push(variablePiece(node, false));
      return;
    case 'command_substitution':
      if (!variables) refuse(CONSTRUCTS.command_substitution!);
      into.push(substitutionPiece(node, false, read));
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
        else if (child.type === 'command_substitution') into.push(substitutionPiece(child, true, read));
        else into.push({ text: unquoteDouble(child.text), quoted: true });
        at = child.endIndex;
      }
      if (at !== node.endIndex - 1) refuse('a double-quoted string holds text the shell grammar skipped');
      return;
    }
    case 'concatenation':
      for (const child of node.children) {
        if (child) pieces(child, into, read);
      }
      return;
    default:
      refuse(
        CONSTRUCTS[node.type] ??
          `\`${node.text}\` (${node.type.replace(/_/g, ' ')}) is shell syntax this rule does not read`,
      );
  }
}

/**
 * Whether bash would brace-expand the word: an unquoted `{` with an unquoted `,` or `..` after it and
 * an unquoted `}` after that (sh reads every brace as a letter, and bash one with neither, as in
 * `{}` and `-I{}`). Read as loosely as that: nesting and order of several braces make no exception.
 */
const BRACES = '`{…,…}` and `{a..b}` in a word expand in bash and not in sh; quote them';

function bashExpandsBraces(parts: readonly Piece[]): boolean {
  // No unquoted `{` (nearly every word): nothing to expand, and no per-character reading.
  if (!parts.some((p) => !p.quoted && !p.variable && p.text.includes('{'))) return false;
  const chars: { ch: string; bare: boolean }[] = [];
  for (const p of parts) for (const ch of p.text) chars.push({ ch, bare: !p.quoted && !p.variable });
  const open = chars.findIndex((c) => c.bare && c.ch === '{');
  if (open < 0) return false;
  let separated = false;
  for (let k = open + 1; k < chars.length; k++) {
    const c = chars[k]!;
    if (!c.bare) continue;
    if (c.ch === ',' || (c.ch === '.' && chars[k + 1]?.bare === true && chars[k + 1]!.ch === '.')) separated = true;
    else if (c.ch === '}' && separated) return true;
  }
  return false;
}

export function literalWord(node: Node, assignment = false, read: ReadSubstitution | null = null): ShellWord {
  const parts: Piece[] = [];
  pieces(node, parts, read);
  const value = parts.map((p) => p.text).join('');
  // Checked on the whole word: the grammar splits `[ab].txt` and `{a,b}` into several pieces.
  const bare = parts
    .filter((p) => !p.quoted && !p.variable)
    .map((p) => p.text)
    .join('');
  if (bashExpandsBraces(parts)) refuse(BRACES);
  if (/[[\]]/.test(bare) && value !== '[' && value !== ']')
    refuse('a `[…]` pattern matches file names by a set this rule does not read; quote it');
  const glob = parts.some((p) => !p.quoted && !p.variable && /[*?]/.test(p.text));
  const first = parts[0];
  let tilde = first !== undefined && !first.quoted && first.text.startsWith('~');
  // In an assignment sh also expands a `~` after `=` or `:` (PATH=a:~/bin).
  if (assignment && parts.some((p) => !p.quoted && /(^|[:=])~/.test(p.text))) tilde = true;
  return { value, parts, glob, tilde, ...(parts.some((p) => p.variable) ? { expands: true as const } : {}) };
}

export const EMPTY_WORD: ShellWord = { value: '', parts: [], glob: false, tilde: false };

/** A word the grammar gives as a token (`[`, `-f`, `=`): its text, unquoted, never a glob. */
export function tokenWord(text: string): ShellWord {
  return { value: text, parts: [{ text, quoted: false }], glob: false, tilde: false };
}

/** Two words as one: what sh makes of pieces with no blank between them. */
export function joined(a: ShellWord, b: ShellWord): ShellWord {
  const parts = [...a.parts, ...b.parts];
  // Read whole: the grammar may split `app/{\.env,x}` before its `}`.
  if (bashExpandsBraces(parts)) refuse(BRACES);
  if (
    /[[\]]/.test(
      parts
        .filter((p) => !p.quoted && !p.variable)
        .map((p) => p.text)
        .join(''),
    )
  )
    refuse('a `[…]` pattern matches file names by a set this rule does not read; quote it');
  const expands = a.expands || b.expands ? { expands: true as const } : {};
  return { value: a.value + b.value, parts, glob: a.glob || b.glob, tilde: a.tilde, ...expands };
}
