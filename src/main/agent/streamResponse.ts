// One model request, streamed, sent again on a retryable failure (issue 16). Nothing of a failed
// attempt is kept: its tool calls were only collected, never recorded or run, and the window is
// told to drop the text it streamed, so a stream cut mid-message never yields a duplicate or
// half-recorded call.
import type { AgentEvent } from './events';
import {
  ProviderError,
  type ModelProvider,
  type ModelRequest,
  type ModelUsage,
  type StopReason,
  type ThinkingBlock,
} from './providers/types';
import {
  backoffDelay,
  DEFAULT_BACKOFF,
  finalFailure,
  retrySentence,
  waitUnlessAborted,
  type BackoffOptions,
} from './retry';
import type { Coalescer } from '../processes/coalesce';

export interface StreamedResponse {
  text: string;
  thinking: ThinkingBlock[];
  calls: { id: string; name: string; argsJson: string }[];
  stop: StopReason;
  usage: ModelUsage | null;
  aborted: boolean;
}

type EventBase = Pick<AgentEvent, 'turnId' | 'agentId' | 'conversationId'>;

export interface StreamOptions {
  batcher: Coalescer<string>;
  base: EventBase;
  emit(event: AgentEvent): void;
  backoff?: BackoffOptions;
}

export async function streamWithRetries(
  provider: ModelProvider,
  request: ModelRequest,
  options: StreamOptions,
): Promise<StreamedResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await streamOnce(provider, request, options);
    } catch (error) {
      if (request.signal.aborted) return abortedResponse();
      if (!(error instanceof ProviderError) || !error.retryable || attempt >= provider.maxRetries)
        throw finalFailure(error, attempt);
      options.batcher.flush();
      const delayMs = backoffDelay(attempt + 1, error, options.backoff ?? DEFAULT_BACKOFF);
      const reason = error.extra.reason ?? 'the request failed';
      options.emit({
        ...options.base,
        type: 'retry',
        attempt: attempt + 1,
        of: provider.maxRetries,
        delayMs,
        reason,
        message: retrySentence(delayMs, reason, attempt + 1, provider.maxRetries),
      });
      try {
        await waitUnlessAborted(delayMs, request.signal);
      } catch {
        return abortedResponse();
      }
    }
  }
}

function abortedResponse(): StreamedResponse {
  return { text: '', thinking: [], calls: [], stop: 'other', usage: null, aborted: true };
}

async function streamOnce(
  provider: ModelProvider,
  request: ModelRequest,
  options: StreamOptions,
): Promise<StreamedResponse> {
  const response: StreamedResponse = { text: '', thinking: [], calls: [], stop: 'other', usage: null, aborted: false };
  try {
    for await (const event of provider.stream(request)) {
      switch (event.type) {
        case 'text':
          response.text += event.text;
          options.batcher.push(event.text);
          break;
        case 'thinking':
          response.thinking.push(event.block);
          options.emit({
            ...options.base,
            type: 'thinking',
            text: event.block.type === 'thinking' ? event.block.thinking : '',
            redacted: event.block.type === 'redacted_thinking',
          });
          break;
        case 'tool_call':
          response.calls.push({ id: event.id, name: event.name, argsJson: event.argsJson });
          break;
        case 'stop':
          response.stop = event.reason;
          response.usage = event.usage ?? null;
          break;
      }
    }
  } catch (error) {
    if (!request.signal.aborted) throw error;
    response.aborted = true;
  }
  if (request.signal.aborted) response.aborted = true;
  return response;
}
