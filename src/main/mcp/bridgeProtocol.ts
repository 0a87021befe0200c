// The bridge between `paddock mcp` and a running Paddock on the same data directory: JSON lines over
// a unix socket in the data directory (0700, so only the owner's user connects; the OS sandbox hides
// the data directory from agents' processes). Every message is schema-checked on arrival.
import { z } from 'zod';
import { MODES } from '../../shared/domain';

export const BRIDGE_SOCKET_NAME = 'mcp.sock';

const helloSchema = z.object({
  type: z.literal('hello'),
  client: z.object({ name: z.string().max(200), version: z.string().max(100) }),
  workspace: z.string().min(1).max(4096),
  agentHandle: z.string().min(1).max(64),
  mode: z.enum(MODES).optional(),
});

export const clientMessageSchema = z.discriminatedUnion('type', [
  helloSchema,
  z.object({
    type: z.literal('call'),
    id: z.number().int().nonnegative(),
    name: z.string().max(64),
    args: z.unknown(),
    canElicit: z.boolean(),
  }),
  z.object({ type: z.literal('cancel'), id: z.number().int().nonnegative() }),
  z.object({
    type: z.literal('elicited'),
    id: z.number().int().nonnegative(),
    answer: z.enum(['approve', 'deny', 'unanswered']),
  }),
]);
export type BridgeClientMessage = z.infer<typeof clientMessageSchema>;

const effectsSchema = z.object({
  readOnly: z.boolean(),
  destructive: z.boolean(),
  idempotent: z.boolean(),
  openWorld: z.boolean(),
  changesFiles: z.boolean(),
  runsCode: z.boolean(),
  replaySafe: z.boolean(),
});
const offeredToolSchema = z.object({
  name: z.string(),
  description: z.string(),
  inputSchema: z.record(z.string(), z.unknown()),
  effects: effectsSchema,
});
const toolResultSchema = z.union([
  z.object({ ok: z.literal(true), text: z.string() }),
  z.object({ ok: z.literal(false), status: z.number().optional(), error: z.string() }),
]);

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), tools: z.array(offeredToolSchema), conversationId: z.string() }),
  z.object({ type: z.literal('refused'), message: z.string() }),
  z.object({
    type: z.literal('elicit'),
    id: z.number().int(),
    card: z.record(z.string(), z.unknown()),
    text: z.string(),
  }),
  z.object({ type: z.literal('progress'), id: z.number().int(), message: z.string() }),
  z.object({ type: z.literal('result'), id: z.number().int(), result: toolResultSchema }),
]);
export type BridgeServerMessage = z.infer<typeof serverMessageSchema>;

/** Splits a byte stream into lines, bounded: a peer that never sends a newline is cut off. */
export function lineReader(onLine: (line: string) => void, onOverflow: () => void, maxLine = 16 * 1024 * 1024) {
  let pending = '';
  return (chunk: Buffer | string): void => {
    pending += chunk.toString();
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (line.trim() !== '') onLine(line);
      newline = pending.indexOf('\n');
    }
    if (pending.length > maxLine) {
      pending = '';
      onOverflow();
    }
  };
}
