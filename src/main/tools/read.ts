// read {path, from?, lines?} (SPEC §6): numbered lines, at most 2,000 lines and 200 KB per call,
// binary refused with its size. Auto in every mode; the path is resolved before anything is opened.
import fs from 'node:fs';
import { z } from 'zod';
import { TOOL_SCOPE } from '../../shared/domain';
import type { ToolDefinition, ToolResult } from './types';
import { openInside } from '../workspace/files';
import { NO_WORKSPACE, pathContextOf, shownPath } from '../workspace/toolContext';

export const READ_MAX_LINES = 2_000;
export const READ_MAX_BYTES = 200 * 1024;
const CHUNK = 64 * 1024;
const BINARY_PROBE = 8 * 1024;

const readSchema = z.object({
  path: z.string().describe('File path relative to the workspace'),
  from: z.number().int().min(1).optional().describe('First line to show (1-based)'),
  lines: z.number().int().min(1).max(READ_MAX_LINES).optional().describe('How many lines (at most 2000)'),
});
export type ReadArgs = z.infer<typeof readSchema>;

function numbered(n: number, text: string): string {
  return `${String(n).padStart(6, ' ')}\t${text}`;
}

/** Streams the file from the descriptor: skips to `from`, keeps lines until a bound is met. */
function readLines(fd: number, size: number, from: number, want: number): { out: string[]; last: number; more: boolean } {
  const out: string[] = [];
  let bytes = 0;
  let lineNo = 1;
  let carry = Buffer.alloc(0);
  let pos = 0;
  const buf = Buffer.alloc(CHUNK);
  const take = (line: Buffer): boolean => {
    if (lineNo >= from) {
      if (out.length >= want || bytes >= READ_MAX_BYTES) return false;
      let text = line.toString('utf8').replace(/\r$/, '');
      if (bytes + text.length > READ_MAX_BYTES) text = `${text.slice(0, Math.max(0, READ_MAX_BYTES - bytes))}… (line cut at 200 KB)`;
      out.push(numbered(lineNo, text));
      bytes += text.length + 8;
    }
    lineNo++;
    return true;
  };
  while (pos < size) {
    const n = fs.readSync(fd, buf, 0, CHUNK, pos);
    if (n === 0) break;
    pos += n;
    const data = carry.length > 0 ? Buffer.concat([carry, buf.subarray(0, n)]) : buf.subarray(0, n);
    let start = 0;
    for (let nl = data.indexOf(10, start); nl >= 0; nl = data.indexOf(10, start)) {
      if (!take(data.subarray(start, nl))) return { out, last: lineNo - 1, more: true };
      start = nl + 1;
    }
    carry = Buffer.from(data.subarray(start));
    // A single line longer than the byte bound: no need to keep buffering it.
    if (carry.length > READ_MAX_BYTES * 2 && lineNo >= from) break;
  }
  if (carry.length > 0 && !take(carry)) return { out, last: lineNo - 1, more: true };
  return { out, last: lineNo - 1, more: pos < size };
}

export const readTool: ToolDefinition<ReadArgs> = {
  name: 'read',
  scope: TOOL_SCOPE.read,
  description:
    'Read a text file in the workspace, with line numbers. At most 2000 lines or 200 KB per call; use from/lines to page. Binary files are refused.',
  schema: readSchema,
  replayUnsafe: false,
  tierFor: () => ({ tier: 'auto', reason: 'reading inside the workspace is allowed in every mode' }),
  async run(args, ctx): Promise<ToolResult> {
    const pctx = pathContextOf(ctx);
    if (pctx === null) return NO_WORKSPACE;
    const opened = openInside(pctx, args.path);
    if (!opened.ok) return opened;
    const { fd, stat, rel, path } = opened.file;
    const shown = shownPath(rel);
    try {
      if (stat.isDirectory()) return { ok: false, status: 400, error: `${shown} is a directory; use list to see what it holds.` };
      if (!stat.isFile()) return { ok: false, status: 400, error: `${shown} is not a regular file.` };
      const probe = Buffer.alloc(Math.min(BINARY_PROBE, stat.size));
      const got = fs.readSync(fd, probe, 0, probe.length, 0);
      if (probe.subarray(0, got).includes(0)) {
        return { ok: false, status: 415, error: `refused: ${shown} is a binary file (${stat.size} bytes); read shows text only.` };
      }
      const from = args.from ?? 1;
      const { out, last, more } = readLines(fd, stat.size, from, args.lines ?? READ_MAX_LINES);
      if (out.length === 0) {
        const text = stat.size === 0 ? `${shown} is empty.` : `${shown} has ${last} lines; nothing from line ${from}.`;
        return { ok: true, text, data: { path, from, to: from - 1, truncated: false } };
      }
      const to = from + out.length - 1;
      const header = `${shown} (lines ${from}–${to}${more ? `; more follow, continue with from=${to + 1}` : ''})`;
      return { ok: true, text: `${header}\n${out.join('\n')}`, data: { path, from, to, truncated: more } };
    } finally {
      fs.closeSync(fd);
    }
  },
};
