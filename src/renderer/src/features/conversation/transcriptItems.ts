import type { MessageView } from '../../../../shared/domain';
import type { LiveTurn } from '../../stores/useConversationStore';

/** One row of the virtualised transcript: small rows measure and scroll well. */
export type TranscriptItem =
  | { key: string; kind: 'owner'; text: string }
  | { key: string; kind: 'assistant'; text: string }
  | { key: string; kind: 'call'; callId: string; tool: string; args: unknown; result?: { text: string; isError: boolean } }
  | { key: string; kind: 'notice'; text: string }
  | { key: string; kind: 'error'; message: string; retryable: boolean }
  | { key: string; kind: 'working' };

/** Stored messages, then what the current turn has streamed; tool results fold into their call's row. */
export function transcriptItems(messages: MessageView[], live: LiveTurn | undefined): TranscriptItem[] {
  const results = new Map<string, { text: string; isError: boolean }>();
  for (const message of messages) {
    if (message.role === 'tool') results.set(message.callId, { text: message.text, isError: message.isError });
  }
  const items: TranscriptItem[] = [];
  const shownCalls = new Set<string>();
  for (const message of messages) {
    switch (message.role) {
      case 'owner':
        items.push({ key: `m${message.id}`, kind: 'owner', text: message.text });
        break;
      case 'assistant':
        if (message.text.trim() !== '') items.push({ key: `m${message.id}`, kind: 'assistant', text: message.text });
        for (const call of message.toolCalls) {
          shownCalls.add(call.id);
          items.push({ key: `c${call.id}`, kind: 'call', callId: call.id, tool: call.name, args: call.args, result: results.get(call.id) });
        }
        break;
      case 'tool':
        break;
      case 'notice':
        items.push({ key: `m${message.id}`, kind: 'notice', text: message.text });
        break;
    }
  }
  if (!live) return items;
  if (live.ownerText !== null) items.push({ key: 'live-owner', kind: 'owner', text: live.ownerText });
  live.segments.forEach((segment, index) => {
    if (segment.kind === 'text') items.push({ key: `live-text-${index}`, kind: 'assistant', text: segment.text });
    else if (!shownCalls.has(segment.callId))
      items.push({ key: `c${segment.callId}`, kind: 'call', callId: segment.callId, tool: segment.tool, args: segment.args });
  });
  live.notices.forEach((text, index) => items.push({ key: `live-notice-${index}`, kind: 'notice', text }));
  if (live.error) items.push({ key: 'live-error', kind: 'error', ...live.error });
  if (live.working) items.push({ key: 'live-working', kind: 'working' });
  return items;
}
