// Anthropic Messages API, streamed, with tool use (SPEC §8). Tool inputs arrive as input_json_delta
// fragments and are accumulated per content block until the block stops. The prompt is cached:
// breakpoints on the tools, the system prompt and the growing transcript (issue 16).
import type Anthropic from '@anthropic-ai/sdk';
import { describeProviderError } from './errors';
import { loadAnthropic } from './sdks';
import {
  ProviderError,
  STREAM_CUT,
  type ModelEvent,
  type ModelMessage,
  type ModelProvider,
  type ModelRequest,
  type ModelUsage,
  type StopReason,
  type ThinkingBlock,
} from './types';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

export interface ProviderOptions {
  apiKey: string | null;
  baseUrl: string;
  /** Retries the loop makes (visible, cancellable); the SDK itself makes none. */
  maxRetries: number;
  timeoutMs?: number;
}

type MessageParam = Anthropic.Messages.MessageParam;
type ContentBlockParam = Anthropic.Messages.ContentBlockParam;
const EPHEMERAL = { type: 'ephemeral' } as const;

export function createAnthropicProvider(options: ProviderOptions): ModelProvider {
  // The SDK loads at the first request (sdks.ts), and the client is made once per provider.
  let client: Anthropic | undefined;
  const clientNow = async (): Promise<Anthropic> => {
    const Sdk = await loadAnthropic();
    client ??= new Sdk({
      // A placeholder keeps the SDK from looking for credentials of its own (environment, profiles);
      // a local proxy needs none, and the real API answers 401, which is reported as such.
      apiKey: options.apiKey ?? 'no-key-configured',
      baseURL: options.baseUrl,
      maxRetries: 0,
      timeout: options.timeoutMs ?? 10 * 60_000,
      logLevel: 'off',
    });
    return client;
  };
  return {
    maxRetries: options.maxRetries,
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const context = { baseUrl: options.baseUrl, model: request.model, retries: 0, apiKey: options.apiKey };
      const thinking = request.thinkingBudget !== undefined;
      try {
        const tools = request.tools.map((tool, index) => ({
          name: tool.name,
          description: tool.description,
          input_schema: { type: 'object', ...tool.inputSchema } as Anthropic.Messages.Tool.InputSchema,
          ...(index === request.tools.length - 1 ? { cache_control: EPHEMERAL } : {}),
        }));
        const stream = await (
          await clientNow()
        ).messages.create(
          {
            model: request.model,
            system: [{ type: 'text', text: request.system, cache_control: EPHEMERAL }],
            messages: withTranscriptBreakpoints(toAnthropicMessages(request.messages, thinking)),
            tools,
            max_tokens: request.maxOutputTokens,
            ...(thinking
              ? { thinking: { type: 'enabled' as const, budget_tokens: request.thinkingBudget as number } }
              : {}),
            stream: true,
          },
          { signal: request.signal },
        );
        const toolBlocks = new Map<number, { id: string; name: string; json: string }>();
        const thinkingBlocks = new Map<number, { thinking: string; signature: string }>();
        let stopReason: StopReason = 'other';
        const usage: ModelUsage = {};
        let ended = false;
        for await (const event of stream) {
          switch (event.type) {
            case 'message_start': {
              const start = event.message.usage;
              usage.inputTokens = start?.input_tokens ?? undefined;
              usage.cacheReadTokens = start?.cache_read_input_tokens ?? undefined;
              usage.cacheWriteTokens = start?.cache_creation_input_tokens ?? undefined;
              usage.outputTokens = start?.output_tokens ?? undefined;
              break;
            }
            case 'content_block_start':
              if (event.content_block.type === 'tool_use') {
                toolBlocks.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
              } else if (event.content_block.type === 'thinking') {
                thinkingBlocks.set(event.index, {
                  thinking: event.content_block.thinking ?? '',
                  signature: event.content_block.signature ?? '',
                });
              } else if (event.content_block.type === 'redacted_thinking') {
                yield { type: 'thinking', block: { type: 'redacted_thinking', data: event.content_block.data } };
              }
              break;
            case 'content_block_delta':
              if (event.delta.type === 'text_delta') yield { type: 'text', text: event.delta.text };
              else if (event.delta.type === 'input_json_delta') {
                const block = toolBlocks.get(event.index);
                if (block) block.json += event.delta.partial_json;
              } else if (event.delta.type === 'thinking_delta') {
                const block = thinkingBlocks.get(event.index);
                if (block) block.thinking += event.delta.thinking;
              } else if (event.delta.type === 'signature_delta') {
                const block = thinkingBlocks.get(event.index);
                if (block) block.signature += event.delta.signature;
              }
              break;
            case 'content_block_stop': {
              const block = toolBlocks.get(event.index);
              if (block) {
                toolBlocks.delete(event.index);
                yield { type: 'tool_call', id: block.id, name: block.name, argsJson: block.json || '{}' };
              }
              const thought = thinkingBlocks.get(event.index);
              if (thought) {
                thinkingBlocks.delete(event.index);
                yield { type: 'thinking', block: { type: 'thinking', ...thought } };
              }
              break;
            }
            case 'message_delta':
              stopReason = mapStopReason(event.delta.stop_reason);
              usage.outputTokens = event.usage?.output_tokens ?? usage.outputTokens;
              break;
            case 'message_stop':
              ended = true;
              break;
          }
        }
        if (!ended) throw new ProviderError(STREAM_CUT, true, undefined, { reason: 'the stream was cut' });
        // A block still open here was cut off (the bound): hand it over unparsed, the loop decides.
        for (const block of toolBlocks.values()) {
          yield { type: 'tool_call', id: block.id, name: block.name, argsJson: block.json };
        }
        yield { type: 'stop', reason: stopReason, usage };
      } catch (error) {
        if (request.signal.aborted) throw error;
        throw describeProviderError(error, context);
      }
    },
  };
}

function mapStopReason(reason: string | null | undefined): StopReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
      return 'end';
    case 'tool_use':
      return 'tool_use';
    case 'max_tokens':
      return 'max_tokens';
    default:
      return 'other';
  }
}

/**
 * Tool results travel in a user message; consecutive same-role messages are merged. Thinking
 * blocks go back first in their assistant message, unchanged, when thinking is on (the API
 * requires them across tool steps).
 */
export function toAnthropicMessages(messages: ModelMessage[], thinking = false): MessageParam[] {
  const out: { role: 'user' | 'assistant'; content: ContentBlockParam[] }[] = [];
  const push = (role: 'user' | 'assistant', blocks: ContentBlockParam[]): void => {
    if (blocks.length === 0) return;
    const last = out[out.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        push('user', [
          ...(message.text ? [{ type: 'text' as const, text: message.text }] : []),
          ...(message.images ?? []).map((image) => ({
            type: 'image' as const,
            source: { type: 'base64' as const, media_type: image.mediaType, data: image.base64 },
          })),
        ]);
        break;
      case 'assistant': {
        const blocks: ContentBlockParam[] = thinking ? (message.thinking ?? []).map(thinkingParam) : [];
        if (message.text) blocks.push({ type: 'text', text: message.text });
        for (const call of message.toolCalls) {
          blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.args ?? {} });
        }
        push('assistant', blocks);
        break;
      }
      case 'tool': {
        const images = message.images ?? [];
        push('user', [
          {
            type: 'tool_result',
            tool_use_id: message.callId,
            content:
              images.length === 0
                ? message.text
                : [
                    { type: 'text', text: message.text },
                    ...images.map((image) => ({
                      type: 'image' as const,
                      source: { type: 'base64' as const, media_type: image.mediaType, data: image.base64 },
                    })),
                  ],
            is_error: message.isError,
          },
        ]);
        break;
      }
    }
  }
  return out;
}

function thinkingParam(block: ThinkingBlock): ContentBlockParam {
  return block.type === 'thinking'
    ? { type: 'thinking', thinking: block.thinking, signature: block.signature }
    : { type: 'redacted_thinking', data: block.data };
}

/**
 * Two breakpoints on the transcript: the end of this request, which the next request reads back,
 * and the end of the previous user message, which this one reads back (the cache looks back only
 * 20 blocks from a breakpoint, and a step of parallel reads can add more than that).
 */
export function withTranscriptBreakpoints(messages: MessageParam[]): MessageParam[] {
  const marks = [messages.length - 1, messages.length - 3].filter(
    (index) => index >= 0 && messages[index]!.role === 'user',
  );
  for (const index of marks) {
    const content = messages[index]!.content as ContentBlockParam[];
    const last = content[content.length - 1];
    if (last && last.type !== 'thinking' && last.type !== 'redacted_thinking') {
      content[content.length - 1] = { ...last, cache_control: EPHEMERAL } as ContentBlockParam;
    }
  }
  return messages;
}
