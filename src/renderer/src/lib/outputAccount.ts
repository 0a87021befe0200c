import type { OutputAccount } from '../../../shared/domain';

const size = (bytes: number): string =>
  bytes >= 1e9
    ? `${(bytes / 1e9).toFixed(1)} GB`
    : bytes >= 1e6
      ? `${(bytes / 1e6).toFixed(1)} MB`
      : `${Math.max(1, Math.round(bytes / 1e3))} kB`;

/**
 * What a command printed in all and what of it each place kept, from the core's account of it;
 * `held` is what this window still holds of the live stream (characters), null when it holds none
 * (opened after the run). Null when every place kept all of it.
 */
export function outputAccountSentence(account: OutputAccount, held: number | null): string | null {
  const { printedBytes, windowBytes, logBytes, modelBytes } = account;
  const windowKept = held === null ? 0 : Math.min(held, windowBytes);
  if (printedBytes <= modelBytes && windowBytes >= printedBytes && windowKept >= windowBytes) return null;
  const window =
    held === null
      ? `The window was sent ${size(windowBytes)} of it live and shows what the model was sent`
      : windowKept < windowBytes
        ? `The window was sent ${size(windowBytes)} of it live and keeps the last ${size(windowKept)}`
        : `The window was sent ${size(windowBytes)} of it live and keeps all of that`;
  const log = logBytes === null ? 'no log keeps it' : `the test-run log keeps ${size(logBytes)}`;
  const model =
    modelBytes >= printedBytes ? 'the model was sent all of it' : `the model was sent the last ${size(modelBytes)}`;
  return `Printed ${size(printedBytes)} in all. ${window}; ${log}; ${model}.`;
}
