// Whether a command read by the grammar is exactly what the lexer read (policy/shellForm.ts,
// policy/lexer.ts): then it runs spawned without a shell.
import { lexCommand, type LexResult } from './lexer';
import { SHELL_ONLY } from './shellConstructs';
import type { ShellForm } from './shellTypes';

/**
 * Whether sh would run exactly the lexer's argv (one command, no assignment, redirect, glob, tilde
 * or comment), from a parse and the lexer's words already read (one parse and one lex per call):
 * then that argv is what runs, spawned without a shell, and what the card, check-command and the
 * test-run reading name.
 */
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
