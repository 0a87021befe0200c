// What `tool_calls.args` keeps of a call's arguments (SPEC §11: file contents are never stored;
// issue 14 §4). Short arguments (a path, a command, a process name) are kept as they are; a long
// string, which is what a write's content or an edit's text is, is replaced by its length in bytes
// and its sha256, so the record still says what was written and can be matched against a file.
import crypto from 'node:crypto';

/** Strings longer than this many UTF-8 bytes are recorded by length and hash. */
export const MAX_RECORDED_STRING_BYTES = 256;
/** Nesting deeper than this is recorded as a note: no argument schema nests this far. */
const MAX_DEPTH = 16;

export interface OmittedText {
  omitted: 'long text';
  bytes: number;
  sha256: string;
}

function recordString(value: string): string | OmittedText {
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes <= MAX_RECORDED_STRING_BYTES) return value;
  return { omitted: 'long text', bytes, sha256: crypto.createHash('sha256').update(value, 'utf8').digest('hex') };
}

/** A copy of `args` fit for the durable record: every long string replaced, everything else kept. */
export function recordedArgs(args: unknown, depth = 0): unknown {
  if (typeof args === 'string') return recordString(args);
  if (args === null || typeof args !== 'object') return args;
  if (depth >= MAX_DEPTH) return { omitted: 'nested too deep' };
  if (Array.isArray(args)) return args.map((item) => recordedArgs(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) out[key] = recordedArgs(value, depth + 1);
  return out;
}
