// Between the stored transcript and what the model is sent (SPEC §8, §11). File contents are never
// stored, so a read's row keeps a summary; the loop keeps the full text in memory for the model
// while the process lives. Every call the model made gets exactly one result in what is sent.
import type { StoredMessage } from '../store/conversations';
import type { ToolResult } from '../../shared/domain';
import type { ModelMessage } from './providers/types';

/** What the transcript and the model see for a call cut off by a stop (SPEC §8). */
export const INTERRUPTED_NOT_REPEATED =
  'interrupted, not repeated: Paddock stopped while this call was in progress, so its effect is unknown. Check the state before doing it again.';

/** Tools whose result is (or quotes) file contents: the transcript keeps a summary only. */
const FILE_CONTENT_TOOLS: ReadonlySet<string> = new Set(['read', 'search', 'list', 'summarise', 'git']);
const STORED_RESULT_LIMIT = 64 * 1024;

/** The text the model is sent for a result. */
export function resultText(result: ToolResult): string {
  return result.ok ? result.text : `error${result.status ? ` (${result.status})` : ''}: ${result.error}`;
}

/** The text the transcript keeps for a result: errors and non-file outputs whole (bounded), file tools summarised. */
export function storedResultText(tool: string, args: unknown, result: ToolResult): string {
  if (!result.ok) return resultText(result);
  if (FILE_CONTENT_TOOLS.has(tool)) {
    const target = describeTarget(args);
    const lines = result.text.length === 0 ? 0 : result.text.split('\n').length;
    return `${tool}${target}: returned ${lines} lines, ${result.text.length} characters (contents are not stored)`;
  }
  if (result.text.length <= STORED_RESULT_LIMIT) return result.text;
  return `[${result.text.length - STORED_RESULT_LIMIT} earlier characters not stored]\n${result.text.slice(-STORED_RESULT_LIMIT)}`;
}

function describeTarget(args: unknown): string {
  if (!args || typeof args !== 'object') return '';
  const record = args as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of ['action', 'path', 'query']) {
    if (typeof record[key] === 'string') parts.push(`${key} ${JSON.stringify(record[key])}`);
  }
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/**
 * The stored conversation as the model reads it. Results are paired to their calls by id, in the
 * order the model made them; a call with no stored result was cut off and reads "interrupted, not
 * repeated". Notices are for the owner, not the model (except what a restore says it reverted).
 */
export function toModelMessages(stored: StoredMessage[], fullResults: ReadonlyMap<string, string>): ModelMessage[] {
  const results = new Map<string, Extract<StoredMessage, { role: 'tool' }>>();
  for (const message of stored) {
    if (message.role === 'tool') results.set(message.callId, message);
  }
  const out: ModelMessage[] = [];
  for (const message of stored) {
    // Taken back by a restore (issue 20): kept for the owner, never sent.
    if (message.undone) continue;
    switch (message.role) {
      case 'owner':
        out.push({ role: 'user', text: message.text });
        break;
      case 'assistant':
        out.push({ role: 'assistant', text: message.text, toolCalls: message.toolCalls, ...(message.thinking ? { thinking: message.thinking } : {}) });
        for (const call of message.toolCalls) {
          const result = results.get(call.id);
          out.push({
            role: 'tool',
            callId: call.id,
            tool: call.name,
            text: result ? (fullResults.get(call.id) ?? result.text) : INTERRUPTED_NOT_REPEATED,
            isError: result ? result.isError : true,
          });
        }
        break;
      case 'notice':
        // A restore tells the model what was reverted; other notices are the owner's only.
        if (message.forModel) out.push({ role: 'user', text: message.forModel });
        break;
      case 'tool':
        break;
    }
  }
  return out;
}
