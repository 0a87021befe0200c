// The one shape every model provider speaks to the loop (SPEC §8). The loop never sees an SDK type.
import type { OfferedTool } from '../../dispatch/types';

export interface ModelToolCall {
  id: string;
  name: string;
  args: unknown;
}

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

/** A picture a tool returned (a screenshot, a read of an image file) or the owner pasted, base64 without a data: prefix. */
export interface ModelImage {
  mediaType: ImageMediaType;
  base64: string;
}

/** Extended thinking (Anthropic): kept with its signature and sent back unchanged across tool steps. */
export type ThinkingBlock =
  { type: 'thinking'; thinking: string; signature: string } | { type: 'redacted_thinking'; data: string };

/** The provider-neutral transcript the loop sends; each provider translates it to its wire format. */
export type ModelMessage =
  /** images: pictures the owner pasted with the message (ownerImages.ts). */
  | { role: 'user'; text: string; images?: ModelImage[] }
  | { role: 'assistant'; text: string; toolCalls: ModelToolCall[]; thinking?: ThinkingBlock[] }
  | { role: 'tool'; callId: string; tool: string; text: string; isError: boolean; images?: ModelImage[] };

export interface ModelRequest {
  model: string;
  system: string;
  messages: ModelMessage[];
  tools: OfferedTool[];
  /** Already clamped by the caller (AC-10). */
  maxOutputTokens: number;
  /** Extended thinking budget in tokens (Anthropic); absent: thinking off. */
  thinkingBudget?: number;
  signal: AbortSignal;
}

export type StopReason = 'end' | 'tool_use' | 'max_tokens' | 'other';

/** Tokens of one model request as the provider counted them. */
export interface ModelUsage {
  /** Input tokens not read from or written to the cache. */
  inputTokens?: number;
  outputTokens?: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

export type ModelEvent =
  | { type: 'text'; text: string }
  | { type: 'thinking'; block: ThinkingBlock }
  /** argsJson is the raw JSON the model produced; the loop parses it (it may be truncated or invalid). */
  | { type: 'tool_call'; id: string; name: string; argsJson: string }
  | { type: 'stop'; reason: StopReason; usage?: ModelUsage };

export interface ModelProvider {
  /** How many times the loop may send a request again after a retryable failure. */
  readonly maxRetries: number;
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
}

/** A stream that ended before its message did: nothing of it is kept, and it is requested again. */
export const STREAM_CUT = 'the model provider closed the stream before the message ended';

/**
 * A provider failure as the owner reads it: one sentence, never a stack trace, never the key.
 * `retryable` says whether a Retry can help (network, 429, 5xx) or the settings must change first.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    readonly extra: {
      /** What the provider asked for (retry-after, retry-after-ms), in milliseconds. */
      retryAfterMs?: number;
      /** A few words for the retry banner: "overloaded", "rate limited", "connection dropped". */
      reason?: string;
      /** The same failure described after `retries` automatic retries. */
      after?: (retries: number) => ProviderError;
    } = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
