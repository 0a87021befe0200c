// Between the stored transcript and what the model is sent (SPEC §8, §11). File contents are never
// stored, so a result that quotes them keeps a summary (the tool's own view: tools/facts.ts
// storedResultText); the loop keeps the full text in memory for the model while the process
// lives. Every call the model made gets exactly one result in what is sent.
import type { StoredMessage } from '../store/conversations';
import type { ModelImage, ModelMessage } from './providers/types';
import { loadOwnerImage } from './ownerImages';

/** What the transcript and the model see for a call cut off by a stop (SPEC §8). */
export const INTERRUPTED_NOT_REPEATED =
  'interrupted, not repeated: Paddock stopped while this call was in progress, so its effect is unknown. Check the state before doing it again.';

/** The same, for a call its tool declares safe to repeat (a read): it changed nothing. */
export const INTERRUPTED_REPLAY_SAFE =
  'interrupted, not repeated: Paddock stopped while this call was in progress. It changes nothing, so call it again if you need its result.';

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
      case 'owner': {
        // The pictures the owner sent, read again from Paddock's files; one gone since is said, not sent.
        const images = (message.images ?? []).map(loadOwnerImage);
        const kept = images.filter((image): image is ModelImage => image !== null);
        const gone = images.length - kept.length;
        const text =
          gone > 0
            ? `${message.text}\n\n[${gone} picture${gone === 1 ? '' : 's'} sent with this message ${gone === 1 ? 'is' : 'are'} no longer stored]`
            : message.text;
        out.push({ role: 'user', text, ...(kept.length > 0 ? { images: kept } : {}) });
        break;
      }
      case 'assistant':
        out.push({
          role: 'assistant',
          text: message.text,
          toolCalls: message.toolCalls,
          ...(message.thinking ? { thinking: message.thinking } : {}),
        });
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
