import type { ToolCallView } from '../../../../shared/domain';

/**
 * How a call ended, in the words and colours the row uses. The four ways of not succeeding are
 * distinct: the fence refused it, the owner denied it, it ran and failed, or it was interrupted.
 */
export type CallOutcome =
  | { kind: 'waiting'; word: string }
  | { kind: 'running'; word: string }
  | { kind: 'unknown'; word: string }
  | { kind: 'ok'; word: string }
  | { kind: 'exit-nonzero'; word: string }
  | { kind: 'refused'; word: string }
  | { kind: 'denied'; word: string }
  | { kind: 'failed'; word: string }
  | { kind: 'interrupted'; word: string };

/** What the core's command result says in its header (commandTools.describeFinished): "(in dir) exit code N · 1.2 s". */
export interface CommandHeader {
  command: string;
  ending: string;
  exitCode: number | null;
  /** The output after the two header lines, as the model received it. */
  output: string;
  failingTests: number | null;
}

const ENDING = /^\(in [^\n]*?\) (.+?) · [\d.]+ (?:s|min)\b/;
const TESTS = /^tests: (\d+) failed, (\d+) passed[^\n]*/;

export function parseCommandResult(text: string | undefined): CommandHeader | null {
  if (!text || !text.startsWith('$ ')) return null;
  const [first, second] = text.split('\n', 2);
  const match = ENDING.exec(second ?? '');
  if (!first || !match) return null;
  const ending = match[1] ?? '';
  const code = /^exit code (-?\d+)$/.exec(ending);
  let output = text.slice(first.length + (second?.length ?? 0) + 2);
  const tests = TESTS.exec(output);
  if (tests && output.startsWith(tests[0])) output = output.slice(tests[0].length + 1);
  return {
    command: first.slice(2),
    ending,
    exitCode: code ? Number(code[1]) : null,
    output: output === '(no output)\n' ? '' : output,
    failingTests: tests ? Number(tests[1]) : null,
  };
}

export function callOutcome(input: {
  view: ToolCallView | undefined;
  result: { text: string; isError: boolean } | undefined;
  waitingForCard: boolean;
  cutOff: boolean;
}): CallOutcome {
  const { view, result } = input;
  if (input.waitingForCard) return { kind: 'waiting', word: 'waiting for you' };
  const status = view?.status ?? (result ? (result.isError ? 'failed' : 'done') : 'running');
  switch (status) {
    case 'pending':
      return input.cutOff ? { kind: 'unknown', word: 'not connected' } : { kind: 'waiting', word: 'waiting for you' };
    case 'running':
      return input.cutOff ? { kind: 'unknown', word: 'not connected' } : { kind: 'running', word: 'running' };
    case 'refused':
      return view?.answer === 'deny' ? { kind: 'denied', word: 'denied by you' } : { kind: 'refused', word: 'refused by the fence' };
    case 'failed':
      // Calls recorded before the core told refusals apart: the tool's own "refused: …" is the fence.
      return view?.error?.startsWith('refused:') ? { kind: 'refused', word: 'refused by the fence' } : { kind: 'failed', word: 'failed' };
    case 'interrupted':
      return { kind: 'interrupted', word: 'interrupted' };
    case 'done': {
      const command = parseCommandResult(result?.text ?? view?.resultSummary ?? undefined);
      if (!command) return { kind: 'ok', word: 'done' };
      const tests = command.failingTests !== null && command.failingTests > 0 ? ` · ${command.failingTests} failing test${command.failingTests === 1 ? '' : 's'}` : '';
      if (command.exitCode === 0) return { kind: 'ok', word: `exit 0${tests}` };
      if (command.exitCode !== null) return { kind: 'exit-nonzero', word: `exit ${command.exitCode}${tests}` };
      // The chip says how it ended in a word or two ("cancelled", "timed out after 1.00 s"); the row's details keep the sentence.
      return { kind: 'exit-nonzero', word: command.ending.split(';')[0] };
    }
    default:
      return { kind: 'failed', word: status };
  }
}
