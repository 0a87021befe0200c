// A command's output account (run, bash): every byte it printed, what was sent to the window live,
// and, at the end, what the model was sent and a log kept. The window's run row says it from this.
import type { OutputAccount } from '../../shared/domain';

export function countOutput(onOutput: ((text: string) => void) | undefined) {
  let printedBytes = 0;
  let windowBytes = 0;
  return {
    /** Passed to runBounded: the live text, counted on its way to the window. */
    onOutput: onOutput
      ? (text: string): void => {
          windowBytes += Buffer.byteLength(text, 'utf8');
          onOutput(text);
        }
      : undefined,
    /** Passed to runBounded: every byte as the command wrote it. */
    onRawOutput(chunk: Buffer): void {
      printedBytes += chunk.length;
    },
    account(modelText: string, logBytes: number | null): OutputAccount {
      return { printedBytes, windowBytes, logBytes, modelBytes: Buffer.byteLength(modelText, 'utf8') };
    },
  };
}
