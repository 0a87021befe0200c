// The one shape every model provider speaks to the loop (SPEC §8). The loop never sees an SDK type.
import type { OfferedTool } from '../../dispatch/types';

export interface ModelToolCall {
  id: string;
  name: string;
  args: unknown;
}

/** The provider-neutral transcript the loop sends; each provider translates it to its wire format. */
export type ModelMessage =
  | { role: 'user'; text: string }
  | { role: 'assistant'; text: string; toolCalls: ModelToolCall[] }
  | { role: 'tool'; callId: string; tool: string; text: string; isError: boolean };

export interface ModelRequest {
  model: string;
  system: string;
  messages: ModelMessage[];
  tools: OfferedTool[];
  /** Already clamped by the caller (AC-10). */
  maxOutputTokens: number;
  signal: AbortSignal;
}

export type StopReason = 'end' | 'tool_use' | 'max_tokens' | 'other';

export interface ModelUsage {
  inputTokens?: number;
  outputTokens?: number;
}

export type ModelEvent =
  | { type: 'text'; text: string }
  /** argsJson is the raw JSON the model produced; the loop parses it (it may be truncated or invalid). */
  | { type: 'tool_call'; id: string; name: string; argsJson: string }
  | { type: 'stop'; reason: StopReason; usage?: ModelUsage };

export interface ModelProvider {
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
}

/**
 * A provider failure as the owner reads it: one sentence, never a stack trace, never the key.
 * `retryable` says whether a Retry can help (network, 429, 5xx) or the settings must change first.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
