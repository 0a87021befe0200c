// A command read once: the lexer's words and, when a rule asks for it, the bash grammar's parse.
// Every step of one call (the tier, the card, the checkpoint, the run) reads the same reading, so the
// words decided are the words spawned and no step lexes or parses the text again.
import { lexCommand, type LexResult } from './lexer';
import { readShellForm, type ShellForm } from './shellForm';
import { readGrammar } from './grammar';
import { READ_ONLY_PROGRAMS } from './runList';

export interface CommandReading {
  readonly command: string;
  /** The plain command's argv, or why it is not plain (policy/lexer.ts). */
  readonly lexed: LexResult;
  /** The grammar's simple commands (policy/shellForm.ts), parsed at the first ask and kept. */
  form(): ShellForm;
}

export function readCommand(command: string): CommandReading {
  let form: ShellForm | undefined;
  return {
    command,
    lexed: lexCommand(command),
    form: () => (form ??= readShellForm(command)),
  };
}

/**
 * Whether a command certainly changes no file: a plain command whose program is one of the run
 * list's read-only rows (a path such as ./ls is some other program) and whose arguments that row's
 * grammar accepts. Anything else may write.
 */
export function certainlyReadOnly(lexed: LexResult): boolean {
  if (!lexed.ok) return false;
  if (!READ_ONLY_PROGRAMS.has(lexed.argv[0]!)) return false;
  return readGrammar(lexed.argv).ok;
}
