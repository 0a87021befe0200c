// A started process's log (`start`, seed 003 §4, §11): written by Paddock from the child's pipes
// into two rotating segments, so a flood never keeps more than LOG_BOUND_BYTES on disk; read back
// with an offset cursor (`output {name, since}`) whose offsets count every byte the process ever
// printed, so a cursor stays valid across rotations. Each answer is a bounded chunk; `next` is
// where the following call continues.
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { decodeFromBoundary, formatBytes } from './tail';

export const DEFAULT_OUTPUT_CHUNK_BYTES = 200 * 1024;
/** What a process's log keeps on disk at most: the current segment and the one before, each half of it. */
export const LOG_BOUND_BYTES = 20 * 1024 * 1024;

const previousSegment = (logPath: string): string => `${logPath}.1`;
const offsetFile = (logPath: string): string => `${logPath}.offset`;

/** The offset (in bytes the process printed) at which the oldest kept segment begins. */
function keptFrom(logPath: string): number {
  try {
    const value = Number(fs.readFileSync(offsetFile(logPath), 'utf8'));
    return Number.isSafeInteger(value) && value >= 0 ? value : 0;
  } catch {
    return 0;
  }
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

export interface ProcessLog {
  /** Appends what the process printed; resolves when it is written (the caller pauses its pipe until then). */
  append(chunk: Buffer): Promise<void>;
  /** Closes the file once every append queued before is written; resolves then. */
  close(): Promise<void>;
}

/**
 * Opens a fresh log at `logPath` (a restarted name starts empty). When the current segment
 * reaches half the bound it becomes `<log>.1` (replacing the older one) and a new segment begins:
 * nothing is lost but what the bound must drop, and writing never races a truncation.
 */
export function openProcessLog(logPath: string, boundBytes = LOG_BOUND_BYTES): ProcessLog {
  const segmentBytes = Math.max(1024, Math.floor(boundBytes / 2));
  fs.rmSync(previousSegment(logPath), { force: true });
  fs.rmSync(offsetFile(logPath), { force: true });
  let fd: number | null = fs.openSync(logPath, 'w', 0o600);
  let written = 0;
  let queue = Promise.resolve();

  function rotate(): void {
    if (fd === null) return;
    fs.closeSync(fd);
    const droppedBefore = keptFrom(logPath) + sizeOf(previousSegment(logPath));
    fs.renameSync(logPath, previousSegment(logPath));
    fs.writeFileSync(offsetFile(logPath), String(droppedBefore), { mode: 0o600 });
    fd = fs.openSync(logPath, 'w', 0o600);
    written = 0;
  }

  function writeAll(chunk: Buffer): Promise<void> {
    return new Promise((resolve) => {
      let offset = 0;
      const next = (): void => {
        if (fd === null || offset >= chunk.length) return resolve();
        if (written >= segmentBytes) rotate();
        const length = Math.min(chunk.length - offset, segmentBytes - written);
        fs.write(fd, chunk, offset, length, null, (error, bytes) => {
          if (error) return resolve();
          offset += bytes;
          written += bytes;
          next();
        });
      };
      next();
    });
  }

  return {
    append(chunk) {
      queue = queue.then(() => writeAll(chunk));
      return queue;
    },
    close() {
      queue = queue.then(() => {
        if (fd !== null) fs.closeSync(fd);
        fd = null;
      });
      return queue;
    },
  };
}

/**
 * Pipes a child's streams into its log, pausing each pipe while its chunk is written (backpressure: a
 * flood waits, never piles up in memory). Resolves when every stream has closed and all it printed is
 * in the log: what a process said before it exited is readable once its exit is reported.
 */
export function pipeIntoLog(log: ProcessLog, streams: (Readable | null)[]): Promise<void> {
  let open = streams.filter((stream) => stream !== null).length;
  if (open === 0) return log.close();
  return new Promise((resolve) => {
    for (const stream of streams) {
      if (!stream) continue;
      stream.on('data', (chunk: Buffer) => {
        stream.pause();
        void log.append(chunk).then(() => stream.resume());
      });
      stream.on('close', () => {
        open -= 1;
        if (open === 0) void log.close().then(resolve);
      });
    }
  });
}

export interface LogChunk {
  text: string;
  /** The byte offset to pass as `since` next time. */
  next: number;
  /** Bytes in the log file now. */
  size: number;
}

/** Cuts `bytes` back to the last complete UTF-8 character so the next chunk starts on one. */
function endOnBoundary(bytes: Buffer): Buffer {
  let i = bytes.length - 1;
  let back = 0;
  while (i >= 0 && back < 3 && (bytes[i]! & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i < 0) return bytes;
  const lead = bytes[i];
  const need = lead! >= 0xf0 ? 4 : lead! >= 0xe0 ? 3 : lead! >= 0xc0 ? 2 : 1;
  return bytes.length - i < need ? bytes.subarray(0, i) : bytes;
}

/**
 * The chunk of the log from `since` (at most `maxBytes`), in offsets that count every byte the
 * process printed. Without `since`, the latest `maxBytes` — what a process printed last is what
 * the model asks for first. A `since` older than what the bound kept starts at the oldest kept
 * byte and says how much was rotated away; a `since` past the end (the log was restarted) starts
 * again at the beginning and says so.
 */
export function readLogChunk(
  logPath: string,
  since: number | undefined,
  maxBytes = DEFAULT_OUTPUT_CHUNK_BYTES,
): LogChunk {
  const first = keptFrom(logPath);
  const olderSize = sizeOf(previousSegment(logPath));
  const currentSize = sizeOf(logPath);
  const end = first + olderSize + currentSize;
  let notes = '';
  let start: number;
  if (since === undefined) {
    start = Math.max(first, end - maxBytes);
    if (start > 0)
      notes += `[${formatBytes(start)} of earlier output not shown; pass since=${first} to read the oldest output kept]\n`;
  } else if (since > end) {
    start = first;
    notes += `[the log is shorter than ${since} bytes (the process was restarted); reading from the start]\n`;
  } else if (since < first) {
    start = first;
    notes += `[${formatBytes(first - since)} after offset ${since} were rotated away (a log keeps the last ${formatBytes(LOG_BOUND_BYTES)}); reading from offset ${first}]\n`;
  } else {
    start = since;
  }
  // The older segment's part, then the current one's: a chunk may span a rotation.
  const parts: Buffer[] = [];
  let hadMore = false;
  let wanted = Math.min(maxBytes, end - start);
  if (start < first + olderSize) {
    const older = readRange(previousSegment(logPath), start - first, Math.min(wanted, first + olderSize - start));
    parts.push(older.bytes);
    wanted -= older.bytes.length;
    hadMore = older.hadMore;
  }
  if (wanted > 0 && !hadMore) {
    const currentStart = Math.max(0, start - first - olderSize);
    const current = readRange(logPath, currentStart, Math.min(wanted, currentSize - currentStart));
    parts.push(current.bytes);
    hadMore = current.hadMore;
  }
  const bytes = Buffer.concat(parts);
  const next = start + bytes.length;
  const text = decodeFromBoundary(bytes, start > first).toString('utf8');
  const more = next < end || hadMore ? `\n[${formatBytes(end - next)} more; continue with since=${next}]` : '';
  return { text: notes + text + more, next, size: end };
}

function readRange(file: string, start: number, length: number): { bytes: Buffer; hadMore: boolean } {
  if (length <= 0) return { bytes: Buffer.alloc(0), hadMore: false };
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return { bytes: Buffer.alloc(0), hadMore: false };
  }
  try {
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const n = fs.readSync(fd, buffer, read, length - read, start + read);
      if (n === 0) break;
      read += n;
    }
    const size = fs.fstatSync(fd).size;
    let bytes: Buffer = buffer.subarray(0, read);
    const hadMore = start + read < size;
    if (hadMore) bytes = endOnBoundary(bytes);
    return { bytes, hadMore };
  } finally {
    fs.closeSync(fd);
  }
}
