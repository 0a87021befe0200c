// Shell forms contained mode reads through to simple commands (policy/contained.ts): a `for` loop's
// body once per value (its globs expanded as sh will), and a shell's literal inline script
// (`bash -c 'SCRIPT'`), judged as a command of its own through the caller's judgment.
import type { FileView } from './containedFiles';
import { card, outside, type ContainedContext, type Where } from './containedJudging';
import { readCommand } from './commandReading';
import type { ShellCommand, ShellWord } from './shellForm';
import { zshReadsDifferently } from './containedZsh';

/** A glob's matches as sh writes them: relative to the directory when the pattern is relative. */
export function asShGives(word: ShellWord, expanded: readonly string[], cwd: string): string[] {
  if (word.value.startsWith('/')) return [...expanded];
  return expanded.map((name) => (name.startsWith(`${cwd}/`) ? name.slice(cwd.length + 1) : name));
}

/**
 * A loop's body command once per value of the loop (its globs expanded as sh will, in `cwd`), with
 * `$NAME` replaced by the value; a command outside a loop as it is. An unquoted `$NAME` whose value
 * sh would split or expand again is a card.
 */
export function loopRuns(command: ShellCommand, view: FileView, cwd: string): ShellCommand[] {
  const loop = command.loop;
  if (!loop || loop.kind === 'while') return [command];
  const values: string[] = [];
  for (const word of loop.values) {
    const found = view.expand(word, cwd);
    if (found === null) card('shell-construct', `the loop's pattern ${word.value} matches more than 2000 names`);
    const expanded = asShGives(word, found, cwd);
    if (word.tilde) outside(`the loop's value ${word.value}`, '`~` names a home directory');
    const option = expanded.find((v) => v.startsWith('-'));
    if (option) card('shell-construct', `the loop's value ${option} starts with - and would be read as an option`);
    values.push(...expanded);
  }
  return values.map((value) => ({
    ...command,
    words: command.words.map((w) => (w.expands ? withValue(w, loop.name, value) : w)),
    redirects: command.redirects.map((r) =>
      r.kind === 'file' && r.target.expands ? { ...r, target: withValue(r.target, loop.name, value) } : r,
    ),
  }));
}

export function withValue(word: ShellWord, name: string, value: string): ShellWord {
  const parts = word.parts.map((p) => {
    if (!p.variable || p.name !== name) return p;
    if (!p.quoted && (value === '' || /[\s*?[\]]/.test(value)))
      card(
        'shell-construct',
        `the unquoted $${name} would split or expand ${JSON.stringify(value)} again; quote it: "$${name}"`,
      );
    return { text: value, quoted: true };
  });
  const expands = parts.some((p) => p.variable) ? { expands: true as const } : {};
  return { ...word, value: parts.map((p) => p.text).join(''), parts, ...expands };
}

/** Shells' options an inline script may come with: login, exit on error, trace, unset is an error, pipefail. */
export const SCRIPT_SHELL_FLAGS = /^-[elxuc]+$|^--login$|^--noprofile$|^--norc$/;
export const SCRIPT_SHELLS = new Set(['sh', 'bash', 'dash', 'zsh']);

/**
 * The script of `bash -c 'SCRIPT'` (or `sh -lc`, `bash -ec`, `bash -o pipefail -c`): a literal word
 * run as shell code, read here as a command of its own. Null when the shell takes more (arguments
 * after the script, other options, an interactive flag) or reads its input from a pipe or a file.
 */
export function inlineScript(
  program: string,
  words: readonly ShellWord[],
  connector: string,
  redirects: ShellCommand['redirects'],
): string | null {
  if (!SCRIPT_SHELLS.has(program) || connector === '|') return null;
  if (redirects.some((r) => r.kind === 'heredoc' || (r.kind === 'file' && r.op === '<'))) return null;
  let c = false;
  let i = 1;
  for (; i < words.length - 1; i++) {
    const w = words[i]!.value;
    if (w === '-o' && words[i + 1]?.value === 'pipefail' && i + 2 < words.length - 1) {
      i++;
      continue;
    }
    if (!SCRIPT_SHELL_FLAGS.test(w) || words[i]!.glob) return null;
    if (/^-[a-z]*c/.test(w)) c = true;
  }
  if (!c || i !== words.length - 1) return null;
  const script = words[i]!;
  return script.glob || script.tilde ? null : script.value;
}

/** Most shells inside shells read (`bash -c "sh -c '…'"`). */
export const SCRIPT_DEPTH = 3;

/**
 * A shell's inline script, judged as its own command in the directory the shell starts in; zsh's
 * only where zsh runs it as sh would (containedZsh.ts).
 */
/**
 * Whether bash (outside POSIX mode) expands a `~` in this argument: in a word shaped like an
 * assignment (`if=~/x`, `X=a:~/b`), an unquoted `~` right after its first `=` or after a `:`.
 */
function expandsTildeInBash(word: ShellWord): boolean {
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(word.value)) return false;
  let text = '';
  for (const part of word.parts) {
    for (const ch of part.text) {
      if (
        !part.quoted &&
        ch === '~' &&
        (/^[A-Za-z_][A-Za-z0-9_]*=$/.test(text) || (text.includes('=') && text.endsWith(':')))
      )
        return true;
      text += ch;
    }
  }
  return false;
}

export function judgeScript(
  shell: string,
  script: string,
  where: Where,
  view: FileView,
  ctx: ContainedContext,
  last: boolean,
  depth: number,
  judgeInner: (commands: readonly ShellCommand[], cwd: string, last: boolean, depth: number) => void,
): void {
  if (depth >= SCRIPT_DEPTH) card('shell-construct', `shells nested more than ${SCRIPT_DEPTH} deep are not read`);
  const form = readCommand(script).form();
  if (!form.ok) card(form.undecidable ? 'undecidable' : 'shell-construct', `in the shell's script: ${form.reason}`);
  const zsh = shell === 'zsh' ? zshReadsDifferently(script, form.commands) : null;
  if (zsh) card('shell-construct', `in zsh's script: ${zsh}`);
  if (shell === 'bash' || shell === 'rbash') {
    const tilde = form.commands.flatMap((c) => c.words.slice(1)).find(expandsTildeInBash);
    if (tilde)
      outside(`the word ${tilde.value}`, 'bash puts a home directory for `~` after `=` in a word shaped NAME=value');
  }
  judgeInner(form.commands, where.cwd, last, depth + 1);
}
