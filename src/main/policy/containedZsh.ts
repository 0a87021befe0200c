// zsh's inline script (`zsh -lc 'SCRIPT'`, which Codex writes on macOS) is read by the bash grammar
// as sh's is (containedShells.ts), and judged by the same rules, only where zsh runs it as sh
// would. Where zsh reads the same text differently with its default options, it is a card: a
// recursive `**`, glob qualifiers and alternatives in parentheses, `=cmd` (a program's path), numeric
// ranges `<1-5>`, `>!`, a redirect with no command (zsh runs cat or a pager), an output redirect in
// a pipeline (MULTIOS writes both), a loop (its variable takes modifiers, `$f:r`, and some names
// are zsh's own, `dirstack`), and its builtins and reserved words that sh lacks or reads otherwise
// (setopt, noglob, repeat, autoload, zmodload, print, …).
import type { ShellCommand, ShellWord } from './shellForm';

/**
 * zsh's builtins and reserved words (`print -l ${(k)builtins} ${(k)reswords}`, zsh 5.9) but those
 * that run in it as in sh for the forms this rule reads: cd, echo, printf, pwd, true, false, test,
 * `[`, `:`, exit, export, set, which, type.
 */
const ZSH_OWN = new Set(
  [
    'unset rehash popd ulimit local jobs disable compfiles autoload noglob pushln zle readonly',
    'times sched setopt getln builtin let bg unhash zparseopts logout disown source eval comptags',
    'compdescribe compctl r zmodload zregexparse history return exec compadd emulate chdir ttyctl',
    'comparguments pushd functions float zstyle print declare comptry alias shift - . bindkey',
    'typeset hash compset compvalues getopts compgroups enable limit echotc wait dirs unsetopt',
    'read integer bye echoti compquote unfunction fc vared unalias kill compcall where fg zformat',
    'suspend unlimit break continue command zcompile whence umask trap log private if function',
    'else end do then select coproc ! case [[ repeat done for while time esac until fi nocorrect',
    'foreach elif always',
  ]
    .join(' ')
    .split(' '),
);

/** What zsh does with an unquoted piece of a word that sh does not. */
function zshReadsPiece(text: string, first: boolean): string | null {
  if (text.includes('**')) return '`**` matches names in every folder below';
  if (/[()]/.test(text)) return 'parentheses in a word are glob alternatives or qualifiers, which may run code';
  if (text.includes('!')) return '`!` in a word (as in `>!`) is read by zsh, not passed on';
  if (first && text.startsWith('=')) return '`=NAME` is replaced by the path of the program NAME';
  return null;
}

function zshReadsWord(word: ShellWord): string | null {
  let before = '';
  for (const part of word.parts) {
    // `""=ls` is `=ls` to zsh: what counts as the word's start is the first character it holds.
    if (!part.quoted && !part.variable) {
      const reason = zshReadsPiece(part.text, before === '');
      if (reason) return `${reason} (${word.value})`;
    }
    before += part.text;
  }
  return null;
}

/** The words of a command zsh expands: its own, its assignments' values and its redirects' targets. */
function wordsOf(command: ShellCommand): ShellWord[] {
  return [
    ...command.words,
    ...command.assignments.map((a) => a.value),
    ...command.redirects.flatMap((r) => (r.kind === 'file' ? [r.target] : [])),
    ...(command.loop?.values ?? []),
  ];
}

/** zsh's lower-case arrays tied to a variable sh or a program reads. */
const ZSH_TIED = new Set([
  'cdpath',
  'path',
  'fpath',
  'manpath',
  'mailpath',
  'module_path',
  'fignore',
  'psvar',
  'watch',
]);

/** Whether sh's `:` stands for a command that is only redirects (`> out.txt`, `< b.txt`). */
function onlyRedirects(command: ShellCommand): boolean {
  return command.words.length === 1 && command.words[0]!.value === ':' && !/^\s*:/.test(command.text);
}

/**
 * Why zsh would run the script differently from sh, or null when every command of it (as the bash
 * grammar read them, `commands`) runs in zsh as sh runs it.
 */
export function zshReadsDifferently(script: string, commands: readonly ShellCommand[]): string | null {
  if (/<\d*-\d*>/.test(script)) return '`<N-M>` is a glob of numbers in zsh';
  for (let i = 0; i < commands.length; i++) {
    const command = commands[i]!;
    const program = command.words[0]?.value ?? '';
    if (onlyRedirects(command)) return `\`${command.text}\` with no command runs cat or a pager in zsh`;
    if (ZSH_OWN.has(program)) return `\`${program}\` is zsh's own, which this rule does not read`;
    // zsh ties lower-case arrays to the variables sh reads (`cdpath` to CDPATH, `path` to PATH): set,
    // they change where cd goes and which program runs, under names the variables' rules do not know.
    const tied = command.assignments.find((a) => ZSH_TIED.has(a.name));
    if (tied)
      return `zsh ties \`${tied.name}\` to ${tied.name.toUpperCase()}, which changes where cd goes or what runs`;
    // zsh applies modifiers written after a variable (`$f:r`, `$f:s/x/./`, `$f:a:h`) and gives some
    // names a meaning of their own (`dirstack`, `path`): a loop's variable is not read there.
    if (command.loop?.kind === 'for')
      return `a loop's variable $${command.loop.name} takes modifiers and special names in zsh`;
    const piped = commands[i + 1]?.connector === '|';
    if (piped && command.redirects.some((r) => r.kind !== 'heredoc' && r.fd === 1))
      return `\`${command.text}\` writes its output both to the redirect and into the pipe in zsh`;
    for (const word of wordsOf(command)) {
      const reason = zshReadsWord(word);
      if (reason) return reason;
    }
  }
  return null;
}
