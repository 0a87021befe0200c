// Reads what a recorded request sent, in either provider's wire format, for assertions.
import type { RecordedRequest } from '../../support/fakeModelServer';

export interface SentToolResult {
  callId: string;
  text: string;
}

export function toolResultsIn(request: RecordedRequest): SentToolResult[] {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown; tool_call_id?: string }[];
  if (request.api === 'openai') {
    return messages
      .filter((m) => m.role === 'tool')
      .map((m) => ({ callId: String(m.tool_call_id), text: String(m.content) }));
  }
  const out: SentToolResult[] = [];
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as { type: string; tool_use_id?: string; content?: unknown }[]) {
      if (block.type === 'tool_result') out.push({ callId: String(block.tool_use_id), text: String(block.content) });
    }
  }
  return out;
}

export function toolCallIdsIn(request: RecordedRequest): string[] {
  const messages = (request.body.messages ?? []) as { role: string; content: unknown; tool_calls?: { id: string }[] }[];
  if (request.api === 'openai') return messages.flatMap((m) => (m.tool_calls ?? []).map((call) => call.id));
  return messages.flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as { type: string; id?: string }[]).filter((b) => b.type === 'tool_use').map((b) => String(b.id))
      : [],
  );
}

export function maxTokensOf(request: RecordedRequest): unknown {
  return request.body.max_tokens ?? request.body.max_completion_tokens;
}

export function systemOf(request: RecordedRequest): string {
  if (request.api === 'anthropic') {
    const system = request.body.system;
    return Array.isArray(system) ? (system as { text: string }[]).map((block) => block.text).join('') : String(system);
  }
  const messages = request.body.messages as { role: string; content: string }[];
  return messages.find((m) => m.role === 'system')?.content ?? '';
}
