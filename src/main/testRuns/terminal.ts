// Runner output as a person reads it. Paddock sets CI=1 and TERM=dumb, yet colour libraries
// (vitest's, mocha's) still write escape sequences into a pipe, and progress bars redraw lines
// with carriage returns. Every runner's output is read through this first (issue 24 §1).

/** CSI (`ESC [ … final`, and the 8-bit `0x9b` form), OSC (`ESC ] … BEL|ST`), DCS/PM/APC strings, and the two-byte escapes. */
const ESCAPES =
  /\u001b\[[0-?]*[ -/]*[@-~]|\u009b[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[P^_][^\u001b]*(?:\u001b\\)?|\u001b[ -/]*[0-~]/g;

/** The text without escape sequences. */
export function stripTerminalCodes(text: string): string {
  return text.includes('\u001b') || text.includes('\u009b') ? text.replace(ESCAPES, '') : text;
}

/**
 * The lines a terminal would show: escapes removed, and for a line redrawn with `\r` only what was
 * drawn last (a trailing `\r` before the newline, as in `\r\n`, redraws nothing).
 */
export function displayLines(text: string): string[] {
  return stripTerminalCodes(text).split('\n').map(lastDrawn);
}

/** One line (no `\n` in it) as a terminal shows it: `displayLines(line)[0]`, without the array. */
export function displayLine(line: string): string {
  return lastDrawn(stripTerminalCodes(line));
}

function lastDrawn(line: string): string {
  if (!line.includes('\r')) return line;
  const trimmed = line.endsWith('\r') ? line.slice(0, -1) : line;
  const cut = trimmed.lastIndexOf('\r');
  return cut < 0 ? trimmed : trimmed.slice(cut + 1);
}
