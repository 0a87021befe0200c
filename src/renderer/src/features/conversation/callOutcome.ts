import type { CommandOutcome, ToolCallView } from '../../../../shared/domain';

/**
 * How a call ended, in the words and colours the row uses. The four ways of not succeeding are
 * distinct: the fence refused it, the owner denied it, it ran and failed, or it was interrupted.
 * Everything here comes from the core's record of the call (its status and its outcome), never
 * from the text the model was sent: a command can print anything, Paddock's header included.
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

export function callOutcome(input: {
  view: ToolCallView | undefined;
  result: { text: string; isError: boolean } | undefined;
  waitingForCard: boolean;
  cutOff: boolean;
}): CallOutcome {
  const { view, result } = input;
  if (input.waitingForCard) return { kind: 'waiting', word: 'waiting for you' };
  const ended = view?.outcome?.ending;
  if (ended === 'refused') return { kind: 'refused', word: 'refused by the fence' };
  if (ended === 'denied') return { kind: 'denied', word: 'denied by you' };
  const status = view?.status ?? (result ? (result.isError ? 'failed' : 'done') : 'running');
  switch (status) {
    case 'pending':
      return input.cutOff ? { kind: 'unknown', word: 'not connected' } : { kind: 'waiting', word: 'waiting for you' };
    case 'running':
      return input.cutOff ? { kind: 'unknown', word: 'not connected' } : { kind: 'running', word: 'running' };
    case 'refused':
      return view?.answer === 'deny'
        ? { kind: 'denied', word: 'denied by you' }
        : { kind: 'refused', word: 'refused by the fence' };
    case 'failed':
      return { kind: 'failed', word: 'failed' };
    case 'interrupted':
      return { kind: 'interrupted', word: 'interrupted' };
    case 'done':
      return commandEnding(view?.outcome?.command);
    default:
      return { kind: 'failed', word: status };
  }
}

/** A finished command's exit status and failing tests, from the core's outcome; any other call is "done". */
function commandEnding(command: CommandOutcome | undefined): CallOutcome {
  if (!command) return { kind: 'ok', word: 'done' };
  const failing = command.failingTests;
  const tests = failing !== null && failing > 0 ? ` · ${failing} failing test${failing === 1 ? '' : 's'}` : '';
  if (command.timedOut || command.cancelled || command.signal) {
    // The chip says how it ended in a word or two ("cancelled", "timed out after 1.00 s"); the row's details keep the sentence.
    return { kind: 'exit-nonzero', word: command.ending.split(';')[0] ?? command.ending };
  }
  if (command.exitCode === 0) return { kind: 'ok', word: `exit 0${tests}` };
  if (command.exitCode !== null) return { kind: 'exit-nonzero', word: `exit ${command.exitCode}${tests}` };
  return { kind: 'exit-nonzero', word: command.ending };
}

/** Where the model's text holds a command's output or a diff: only in the very text the outcome describes. */
export function spanOf(
  view: ToolCallView | undefined,
  text: string | undefined,
  start: number | undefined,
): string | null {
  const outcome = view?.outcome;
  if (text === undefined || start === undefined || outcome?.textLength !== text.length) return null;
  return text.slice(start);
}
