// A finished command (run, bash), read once: its outcome for the call's record and the window's row,
// and the model's text rendered from it.
import type { CommandOutcome, ToolOutcomeFacts } from '../../shared/domain';
import { launcherFailure, type Containment } from '../sandbox/containment';
import { findOnPath } from '../processes/shellPath';
import type { BoundedResult } from '../processes/spawn';
import { describeMoved, type MovedEntry } from '../sandbox/alwaysCardGuard';

/**
 * Why a contained command failed before its program started, said in its result: bubblewrap's own
 * error, or a program sh inside could not find (`sh: 1: cargo: not found`) that the host's PATH has
 * but the sandbox does not show. Null when nothing of the sort happened.
 */
export function failedBeforeStart(
  containment: Containment | null,
  exitCode: number | null,
  output: string,
  pathValue: string,
  workspace: string,
): string | null {
  if (!containment?.contained) return null;
  const launcher = launcherFailure(exitCode, output);
  if (launcher) return launcher;
  if (exitCode !== 127) return null;
  const said: string[] = [];
  for (const match of output.matchAll(/^(?:\/bin\/)?sh: \d+: ([^\s:/]+): not found$/gm)) {
    const found = findOnPath(match[1]!, pathValue, { workspace });
    const why = found ? containment.unseenProgram(found, pathValue) : null;
    if (why && !said.includes(why)) said.push(why.replace(', so it was not run:', ':'));
  }
  return said.length > 0 ? said.join('\n') : null;
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms / 1000)} s`;
}

/** How a finished command ended, in the sentence the model's text and the row's details both say. */
function endingOf(result: BoundedResult, timeoutMs: number): string {
  if (result.timedOut) return `timed out after ${seconds(timeoutMs)}; its whole process group was killed`;
  if (result.cancelled) return 'cancelled; its whole process group was killed';
  if (result.signal) return `killed by ${result.signal}`;
  return `exit code ${result.exitCode}`;
}

/**
 * A finished command, read once: its outcome (what the call's record and the window's row show)
 * and the model's text rendered from it — the header, a test run's counts, the output, and the
 * sentence about always-card entries it created (moved out, SPEC §4).
 */
export function finishedCommand(input: {
  shown: string;
  cwdShown: string;
  result: BoundedResult;
  timeoutMs: number;
  tests?: { failed: number; passed: number; skipped: number } | null;
  moved?: readonly MovedEntry[];
  contained?: boolean;
}): { text: string; outcome: ToolOutcomeFacts } {
  const { result } = input;
  const ending = endingOf(result, input.timeoutMs);
  const shown = oneLine(input.shown);
  const header = [`$ ${shown}`, `(in ${oneLine(input.cwdShown)}) ${ending} · ${seconds(result.elapsedMs)}`];
  if (input.tests)
    header.push(`tests: ${input.tests.failed} failed, ${input.tests.passed} passed, ${input.tests.skipped} skipped`);
  const head = `${header.join('\n')}\n`;
  const output = result.output.length > 0 ? result.output : '(no output)\n';
  const text = withAlwaysCardRefusal(`${head}${output}`, input.moved ?? []);
  const command: CommandOutcome = {
    shown,
    cwd: input.cwdShown,
    exitCode: result.exitCode,
    signal: result.signal,
    timedOut: result.timedOut,
    cancelled: result.cancelled,
    elapsedMs: result.elapsedMs,
    ending,
    failingTests: input.tests ? input.tests.failed : null,
    outputStart: head.length,
    printedNothing: result.output.length === 0 && (input.moved ?? []).length === 0,
  };
  return { text, outcome: { command, ...(input.contained === undefined ? {} : { contained: input.contained }) } };
}

/**
 * A command on the header's one line: a bash command's line breaks written as `\n`, so its second
 * line is always Paddock's ending (a heredoc printing "(in .) exit code 0" made the window's chip
 * say exit 0 for a command that exited 3).
 */
function oneLine(text: string): string {
  return text.replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, (brk) =>
    brk === '\n'
      ? '\\n'
      : brk === '\r\n'
        ? '\\r\\n'
        : brk === '\r'
          ? '\\r'
          : `\\u${brk.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The structured part of a finished command's result (the window's row shows it). */
export function finishedData(result: BoundedResult) {
  return {
    exitCode: result.exitCode,
    signal: result.signal,
    timedOut: result.timedOut,
    cancelled: result.cancelled,
    elapsedMs: result.elapsedMs,
    droppedBytes: result.droppedBytes,
  };
}

/** A finished command's text, then the sentence about always-card entries it created (moved out, SPEC §4). */
export function withAlwaysCardRefusal(text: string, moved: readonly MovedEntry[]): string {
  const refused = describeMoved(moved);
  if (!refused) return text;
  return `${text}${text.endsWith('\n') ? '' : '\n'}${refused}\n`;
}

/** The structured part: what was moved out and where (the owner's window; the model gets the sentence). */
export function movedData(moved: readonly MovedEntry[]): { alwaysCardMoved?: MovedEntry[] } {
  return moved.length > 0 ? { alwaysCardMoved: [...moved] } : {};
}
