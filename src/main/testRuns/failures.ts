// The failing tests' own blocks, kept while output streams (issue 24 §5). A command's result is a
// 200 KB tail: a runner that prints 300 KB (node --test's TAP) loses the failing test's name and
// diff from it while its counts survive. Every reader's failure blocks (name, assertion message,
// file:line) are collected from the whole stream within a fixed budget, and once the runner is
// known the blocks the tail no longer shows are put back ahead of it, within the same bound.
import type { BlockRule, RunnerReader, TestRunner } from './types';
import { displayLine } from './terminal';

export interface FailureBlock {
  runner: TestRunner;
  /** Byte offset in the raw stream where the block's first line began. */
  offset: number;
  text: string;
}

export interface CollectorLimits {
  /** Lines kept of one block; the rest is marked as cut. */
  blockLines: number;
  /** Bytes kept of one block. */
  blockBytes: number;
  /** Bytes kept per runner, all blocks together. */
  runnerBytes: number;
  /** The longest line read whole; a longer one is read by its start. */
  lineBytes: number;
}

export const COLLECTOR_LIMITS: CollectorLimits = {
  blockLines: 60,
  blockBytes: 6 * 1024,
  runnerBytes: 48 * 1024,
  lineBytes: 8 * 1024,
};

interface Open {
  rule: BlockRule;
  offset: number;
  lines: string[];
  bytes: number;
  cut: number;
}

interface ReaderState {
  reader: RunnerReader;
  armed: boolean[];
  open: Open | null;
  kept: FailureBlock[];
  keptBytes: number;
  /** Blocks seen but not kept (the runner's budget was spent). */
  leftOut: number;
}

export class FailureCollector {
  private readonly states: ReaderState[];
  private partial: Buffer[] = [];
  private partialBytes = 0;
  private lineOffset = 0;
  private streamed = 0;
  /**
   * Every reader's start and arming patterns in one expression: a line it does not match, read
   * while no block is open, changes nothing, so the rules are not tried one by one (a flood of
   * plain lines costs one test per line). Null when a pattern's flags forbid joining them.
   */
  private readonly anyStart: RegExp | null;

  constructor(
    readers: readonly RunnerReader[],
    private readonly limits: CollectorLimits = COLLECTOR_LIMITS,
  ) {
    this.states = readers.map((reader) => ({
      reader,
      armed: reader.failures.map((rule) => !rule.armedBy),
      open: null,
      kept: [],
      keptBytes: 0,
      leftOut: 0,
    }));
    this.anyStart = joinedPattern(
      readers.flatMap((reader) =>
        reader.failures.flatMap((rule) => (rule.armedBy ? [rule.start, rule.armedBy] : [rule.start])),
      ),
    );
  }

  /** Raw output, in the order it was written (both streams). */
  push(chunk: Buffer): void {
    let start = 0;
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, start)) {
      if (this.partialBytes === 0) {
        // The whole line is in this chunk: decoded where it lies, its first `lineBytes` bytes.
        this.line(chunk.toString('utf8', start, Math.min(i, start + Math.max(0, this.limits.lineBytes))));
      } else {
        this.take(chunk.subarray(start, i));
        this.line(Buffer.concat(this.partial, this.partialBytes).toString('utf8'));
        this.partial = [];
        this.partialBytes = 0;
      }
      this.lineOffset = this.streamed + i + 1;
      start = i + 1;
    }
    this.take(chunk.subarray(start));
    this.streamed += chunk.length;
  }

  /** The stream ended: a last line without a newline, and every open block, are closed. */
  end(): void {
    if (this.partialBytes > 0) this.line(Buffer.concat(this.partial, this.partialBytes).toString('utf8'));
    this.partial = [];
    this.partialBytes = 0;
    for (const state of this.states) this.close(state);
  }

  /** The kept blocks of these runners, in stream order, and how many of theirs were left out. */
  blocksOf(runners: readonly TestRunner[]): { blocks: FailureBlock[]; leftOut: number } {
    const chosen = this.states.filter((state) => runners.includes(state.reader.runner));
    return {
      blocks: chosen.flatMap((state) => state.kept).sort((a, b) => a.offset - b.offset),
      leftOut: chosen.reduce((n, state) => n + state.leftOut, 0),
    };
  }

  private take(bytes: Buffer): void {
    const room = this.limits.lineBytes - this.partialBytes;
    if (room <= 0 || bytes.length === 0) return;
    const kept = bytes.length > room ? bytes.subarray(0, room) : bytes;
    this.partial.push(kept);
    this.partialBytes += kept.length;
  }

  private line(decoded: string): void {
    const text = displayLine(decoded);
    if (this.anyStart && !this.states.some((state) => state.open !== null) && !this.anyStart.test(text)) return;
    for (const state of this.states) this.feed(state, text, this.lineOffset);
  }

  private feed(state: ReaderState, text: string, offset: number): void {
    const rules = state.reader.failures;
    for (let i = 0; i < rules.length; i++) {
      if (!state.armed[i] && rules[i]!.armedBy?.test(text)) state.armed[i] = true;
    }
    const open = state.open;
    if (open) {
      const ends = open.rule.stopBefore?.test(text) || (open.rule.continueWhile && !open.rule.continueWhile.test(text));
      if (!ends) {
        this.append(open, text);
        if (open.rule.stopAt?.test(text)) this.close(state);
        return;
      }
      this.close(state);
    }
    let index = -1;
    for (let i = 0; i < rules.length && index < 0; i++) if (state.armed[i] && rules[i]!.start.test(text)) index = i;
    if (index < 0) return;
    const rule = rules[index];
    state.open = { rule: rule!, offset, lines: [], bytes: 0, cut: 0 };
    this.append(state.open, text);
    // A rule with neither an end nor a continuation is one line: the failing test's name.
    if (!rule!.stopBefore && !rule!.stopAt && !rule!.continueWhile) this.close(state);
  }

  private append(open: Open, text: string): void {
    const bytes = Buffer.byteLength(text) + 1;
    if (open.lines.length >= this.limits.blockLines || open.bytes + bytes > this.limits.blockBytes) {
      open.cut += 1;
      return;
    }
    open.lines.push(text);
    open.bytes += bytes;
  }

  private close(state: ReaderState): void {
    const open = state.open;
    state.open = null;
    if (!open) return;
    while (open.lines.length > 1 && open.lines[open.lines.length - 1]!.trim() === '') open.lines.pop();
    const text =
      open.lines.join('\n') +
      (open.cut > 0 ? `\n[${open.cut} more line${open.cut === 1 ? '' : 's'} of this block cut]` : '') +
      '\n';
    const bytes = Buffer.byteLength(text);
    if (state.keptBytes + bytes > this.limits.runnerBytes) {
      state.leftOut += 1;
      return;
    }
    state.kept.push({ runner: state.reader.runner, offset: open.offset, text });
    state.keptBytes += bytes;
  }
}

/**
 * One expression that matches wherever any of `patterns` does; null unless every one is flagless
 * (a joined `i` or `u` would read differently) and free of back-references and named groups (their
 * numbers and names would clash once joined).
 */
export function joinedPattern(patterns: readonly RegExp[]): RegExp | null {
  if (
    patterns.length === 0 ||
    patterns.some((pattern) => pattern.flags !== '' || /\\[1-9]|\\k<|\(\?<[^=!]/.test(pattern.source))
  )
    return null;
  try {
    // When every pattern is anchored as a whole, the anchor is hoisted: the joined one is then
    // tried at a line's start only, not at each of its characters.
    if (patterns.every((pattern) => anchoredAsWhole(pattern.source))) {
      return new RegExp(`^(?:${patterns.map((pattern) => `(?:${pattern.source.slice(1)})`).join('|')})`);
    }
    return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join('|'));
  } catch {
    return null;
  }
}

/** The source starts with `^` and has no `|` outside its groups and classes (`^a|b` is anchored in its first branch only). */
function anchoredAsWhole(source: string): boolean {
  if (!source.startsWith('^')) return false;
  let depth = 0;
  let inClass = false;
  for (let i = 1; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return false;
  }
  return true;
}
