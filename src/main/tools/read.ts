// read {path, from?, lines?} (SPEC §6): numbered lines, at most 2,000 lines and 200 KB per call,
// binary refused with its size. Auto in every mode; the path is resolved before anything is opened.
import fs from 'node:fs';
import { z } from 'zod';
import { TOOL_SCOPE, type CardPreview, type ToolResult } from '../../shared/domain';
import { pathArgument } from './facts';
import type { RememberedCommand } from '../policy/types';
import { rememberedReadArgv } from '../policy/remembered';
import type { ToolDefinition } from './types';
import { openInside } from '../workspace/files';
import { resolveDetailed } from '../workspace/resolve';
import { isSecretPath } from '../policy/secretFiles';
import { imageTypeOf, readImageFile } from './readImage';
import { NO_WORKSPACE, pathContextOf, shownPath } from './toolContext';

export const READ_MAX_LINES = 2_000;
export const READ_MAX_BYTES = 200 * 1024;
const CHUNK = 64 * 1024;
const WINDOW = 256 * 1024;
/** Enough bytes that a line filling them is always cut at the byte bound before their end. */
const LONG_LINE_WINDOW = 4 * READ_MAX_BYTES + 16;
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

/** Reads `buf.length` bytes at `pos` (fewer only at the end of the file). */
function readAt(fd: number, buf: Buffer, pos: number): number {
  let got = 0;
  while (got < buf.length) {
    const n = fs.readSync(fd, buf, got, buf.length - got, pos + got);
    if (n === 0) break;
    got += n;
  }
  return got;
}

/**
 * Finds where line `from` starts by counting newlines, nothing decoded or kept. When the file ends
 * first, `lines` is how many it has (a last line without a newline counts).
 */
function skipTo(fd: number, size: number, from: number): { found: boolean; start: number; lines: number } {
  let lineNo = 1;
  let start = 0;
  let pos = 0;
  if (from <= 1) return { found: true, start: 0, lines: 0 };
  const buf = Buffer.allocUnsafe(CHUNK);
  while (pos < size) {
    const n = fs.readSync(fd, buf, 0, Math.min(CHUNK, size - pos), pos);
    if (n === 0) break;
    const view = buf.subarray(0, n);
    for (let nl = view.indexOf(10); nl >= 0; nl = view.indexOf(10, nl + 1)) {
      lineNo++;
      start = pos + nl + 1;
      if (lineNo === from) return { found: true, start, lines: 0 };
    }
    pos += n;
  }
  return { found: false, start, lines: start < pos ? lineNo : lineNo - 1 };
}

/**
 * Reads from line `from`, keeping lines until a bound is met. Whole windows of complete lines are
 * decoded at once ('\n' never occurs inside a UTF-8 sequence, so this is the text line-by-line
 * decoding gives) and cut at newlines; most files take one window.
 */
function readLines(
  fd: number,
  size: number,
  from: number,
  want: number,
): { out: string[]; last: number; more: boolean } {
  const out: string[] = [];
  const skipped = skipTo(fd, size, from);
  if (!skipped.found) return { out, last: skipped.lines, more: false };
  let bytes = 0;
  let lineNo = from;
  const full = (): boolean => out.length >= want || bytes >= READ_MAX_BYTES;
  const take = (line: string): void => {
    let text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (bytes + text.length > READ_MAX_BYTES)
      text = `${text.slice(0, Math.max(0, READ_MAX_BYTES - bytes))}… (line cut at 200 KB)`;
    out.push(numbered(lineNo, text));
    bytes += text.length + 8;
    lineNo++;
  };
  let pos = skipped.start;
  let window = WINDOW;
  while (pos < size) {
    const buf = Buffer.allocUnsafe(Math.min(window, size - pos));
    const got = readAt(fd, buf, pos);
    if (got === 0) break;
    const atEnd = pos + got >= size;
    const lastNl = buf.lastIndexOf(10, got - 1);
    if (lastNl < 0 && !atEnd) {
      if (window < LONG_LINE_WINDOW) {
        window = LONG_LINE_WINDOW;
        continue;
      }
      // One line longer than the long window: its beginning is more than the byte bound holds
      // (a character takes at most 3 bytes per UTF-16 unit), so it is cut before the window ends.
      if (!full()) take(buf.toString('utf8', 0, got));
      return { out, last: lineNo - 1, more: true };
    }
    const end = atEnd ? got : lastNl + 1;
    const text = buf.toString('utf8', 0, end);
    let i = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', i)) {
      if (full()) return { out, last: lineNo - 1, more: true };
      take(text.slice(i, nl));
      i = nl + 1;
    }
    if (i < text.length) {
      if (full()) return { out, last: lineNo - 1, more: true };
      take(text.slice(i));
    }
    pos += end;
    // Any byte left is at least one more line.
    if (full()) return { out, last: lineNo - 1, more: pos < size };
  }
  return { out, last: lineNo - 1, more: pos < size };
}

export interface ReadToolDeps {
  /** The owner's remembered commands and files for (agent, workspace directory): a remembered file is `read <path>`, exact. */
  rememberedFor?: (agentId: string, directory: string) => readonly RememberedCommand[];
  /** A remembered file let this read through without a card: Settings shows when. */
  rememberedUsed?: (id: number) => void;
}

export function createReadTool(deps: ReadToolDeps = {}): ToolDefinition<ReadArgs> {
  /** The secrets file this read would show, as its workspace-relative path, or null. */
  const secretOf = (args: ReadArgs, ctx: Parameters<ToolDefinition<ReadArgs>['tierFor']>[1]): string | null => {
    const pctx = pathContextOf(ctx);
    const res = pctx ? resolveDetailed(pctx, { path: args.path, for: 'read' }) : null;
    return res?.ok && isSecretPath(res.rel.join('/')) ? shownPath(res.rel) : null;
  };
  return {
    name: 'read',
    scope: TOOL_SCOPE.read,
    description:
      'Read a text file in the workspace, with line numbers. At most 2000 lines or 200 KB per call; use from/lines to page. PNG, JPEG, GIF and WebP pictures come back as an image (downscaled when large); other binary files are refused.',
    schema: readSchema,
    effects: {
      readOnly: true,
      destructive: false,
      idempotent: true,
      openWorld: false,
      changesFiles: false,
      runsCode: false,
      replaySafe: true,
    },
    // Reading only: plan mode offers it.
    planSafe: true,
    views: {
      quotesFiles: true,
      icon: 'file-read',
      again: (args) =>
        typeof args.path === 'string'
          ? `read ${JSON.stringify(args.path)} again if you need it`
          : 'read the file again if you need it',
      file: pathArgument,
    },
    tierFor: (args, ctx) => {
      // What read returns goes to the model: a secrets file inside the workspace (.env, a private key,
      // credentials) is shown only with the owner's approval, in every mode, or once the owner
      // remembered reading that very file for this agent in this workspace.
      const secret = secretOf(args, ctx);
      if (secret !== null && ctx.workspace) {
        const argv = rememberedReadArgv(secret);
        const entry = (deps.rememberedFor?.(ctx.agent.id, ctx.workspace.directory) ?? []).find(
          (r) => r.kind === 'exact' && r.argv.length === 2 && r.argv[0] === argv[0] && r.argv[1] === argv[1],
        );
        if (entry) {
          deps.rememberedUsed?.(entry.id);
          return { tier: 'auto', reason: `you allowed reading ${secret} for this agent in this workspace` };
        }
      }
      if (secret !== null) {
        return {
          tier: 'gated',
          reason: `${secret} is a secrets file: what read returns goes to the model, so reading it asks you first, in every mode`,
        };
      }
      return { tier: 'auto', reason: 'reading inside the workspace is allowed in every mode' };
    },
    // The card names the file and offers to remember reading it (that file only, this agent, this workspace).
    preview: async (args, ctx): Promise<CardPreview> => {
      const secret = secretOf(args, ctx);
      if (secret === null) return {};
      return {
        path: secret,
        choices: [{ kind: 'remember-file', label: `always allow reading ${secret} for this agent` }],
        rememberArgv: rememberedReadArgv(secret),
      };
    },
    async run(args, ctx): Promise<ToolResult> {
      const pctx = pathContextOf(ctx);
      if (pctx === null) return NO_WORKSPACE;
      const opened = openInside(pctx, args.path);
      if (!opened.ok) return opened;
      const { fd, stat, rel, path } = opened.file;
      const shown = shownPath(rel);
      try {
        if (stat.isDirectory())
          return { ok: false, status: 400, error: `${shown} is a directory; use list to see what it holds.` };
        if (!stat.isFile()) return { ok: false, status: 400, error: `${shown} is not a regular file.` };
        const probe = Buffer.alloc(Math.min(BINARY_PROBE, stat.size));
        const got = fs.readSync(fd, probe, 0, probe.length, 0);
        const picture = imageTypeOf(probe.subarray(0, got));
        if (picture) return await readImageFile(fd, stat.size, shown, picture);
        if (probe.subarray(0, got).includes(0)) {
          return {
            ok: false,
            status: 415,
            error: `refused: ${shown} is a binary file (${stat.size} bytes); read shows text only.`,
          };
        }
        const from = args.from ?? 1;
        const { out, last, more } = readLines(fd, stat.size, from, args.lines ?? READ_MAX_LINES);
        if (out.length === 0) {
          const text =
            stat.size === 0 ? `${shown} is empty.` : `${shown} has ${last} lines; nothing from line ${from}.`;
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
}

export const readTool = createReadTool();
