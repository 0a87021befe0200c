// Reading a started process's log back with an offset cursor (`output {name, since}`, seed 003
// §4). Each answer is a bounded chunk; `next` is where the following call continues.
import fs from 'node:fs';
import { decodeFromBoundary, formatBytes } from './tail';

export const DEFAULT_OUTPUT_CHUNK_BYTES = 200 * 1024;

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
  while (i >= 0 && back < 3 && (bytes[i] & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i < 0) return bytes;
  const lead = bytes[i];
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return bytes.length - i < need ? bytes.subarray(0, i) : bytes;
}

/**
 * The chunk of `logPath` from `since` (at most `maxBytes`). Without `since`, the latest
 * `maxBytes` — what a process printed last is what the model asks for first. A `since` past the
 * end (the log was restarted) starts again at 0 and says so.
 */
export function readLogChunk(logPath: string, since: number | undefined, maxBytes = DEFAULT_OUTPUT_CHUNK_BYTES): LogChunk {
  let fd: number;
  try {
    fd = fs.openSync(logPath, 'r');
  } catch {
    return { text: '', next: 0, size: 0 };
  }
  try {
    const size = fs.fstatSync(fd).size;
    let notes = '';
    let start: number;
    if (since === undefined) {
      start = Math.max(0, size - maxBytes);
      if (start > 0) notes += `[${formatBytes(start)} of earlier output not shown; pass since=0 to read from the start]\n`;
    } else if (since > size) {
      start = 0;
      notes += `[the log is shorter than ${since} bytes (the process was restarted); reading from the start]\n`;
    } else {
      start = since;
    }
    const length = Math.min(maxBytes, size - start);
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const n = fs.readSync(fd, buffer, read, length - read, start + read);
      if (n === 0) break;
      read += n;
    }
    let bytes: Buffer = buffer.subarray(0, read);
    if (start + read < size) bytes = endOnBoundary(bytes);
    const next = start + bytes.length;
    const text = decodeFromBoundary(bytes, start > 0).toString('utf8');
    const more = next < size ? `\n[${formatBytes(size - next)} more; continue with since=${next}]` : '';
    return { text: notes + text + more, next, size };
  } finally {
    fs.closeSync(fd);
  }
}
