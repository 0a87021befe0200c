// Anthropic Messages API, streamed, with tool use (SPEC §8). Tool inputs arrive as input_json_delta
// fragments and are accumulated per content block until the block stops.
import Anthropic from '@anthropic-ai/sdk';
import { describeProviderError } from './errors';
import type { ModelEvent, ModelMessage, ModelProvider, ModelRequest, StopReason } from './types';

export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

export interface ProviderOptions {
  apiKey: string | null;
  baseUrl: string;
  maxRetries: number;
  timeoutMs?: number;
}

type MessageParam = Anthropic.Messages.MessageParam;
type ContentBlockParam = Anthropic.Messages.ContentBlockParam;

export function createAnthropicProvider(options: ProviderOptions): ModelProvider {
  const client = new Anthropic({
    // A placeholder keeps the SDK from looking for credentials of its own (environment, profiles);
    // a local proxy needs none, and the real API answers 401, which is reported as such.
    apiKey: options.apiKey ?? 'no-key-configured',
    baseURL: options.baseUrl,
    maxRetries: options.maxRetries,
    timeout: options.timeoutMs ?? 10 * 60_000,
    logLevel: 'off',
  });
  return {
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const context = {
        baseUrl: options.baseUrl,
        model: request.model,
        retries: options.maxRetries,
        apiKey: options.apiKey,
      };
      try {
        const stream = await client.messages.create(
          {
            model: request.model,
            system: request.system,
            messages: toAnthropicMessages(request.messages),
            tools: request.tools.map((tool) => ({
              name: tool.name,
              description: tool.description,
              input_schema: { type: 'object', ...tool.inputSchema } as Anthropic.Messages.Tool.InputSchema,
            })),
            max_tokens: request.maxOutputTokens,
            stream: true,
          },
          { signal: request.signal },
        );
        const toolBlocks = new Map<number, { id: string; name: string; json: string }>();
        let stopReason: StopReason = 'other';
        let outputTokens: number | undefined;
        let inputTokens: number | undefined;
        for await (const event of stream) {
          switch (event.type) {
            case 'message_start':
              inputTokens = event.message.usage?.input_tokens;
              break;
            case 'content_block_start':
              if (event.content_block.type === 'tool_use') {
                toolBlocks.set(event.index, { id: event.content_block.id, name: event.content_block.name, json: '' });
              }
              break;
            case 'content_block_delta':
              if (event.delta.type === 'text_delta') yield { type: 'text', text: event.delta.text };
              else if (event.delta.type === 'input_json_delta') {
                const block = toolBlocks.get(event.index);
                if (block) block.json += event.delta.partial_json;
              }
              break;
            case 'content_block_stop': {
              const block = toolBlocks.get(event.index);
              if (block) {
                toolBlocks.delete(event.index);
                yield { type: 'tool_call', id: block.id, name: block.name, argsJson: block.json || '{}' };
              }
              break;
            }
            case 'message_delta':
              stopReason = mapStopReason(event.delta.stop_reason);
              outputTokens = event.usage?.output_tokens ?? outputTokens;
              break;
            case 'message_stop':
              break;
          }
        }
        // A block still open here was cut off (the bound): hand it over unparsed, the loop decides.
        for (const block of toolBlocks.values()) {
          yield { type: 'tool_call', id: block.id, name: block.name, argsJson: block.json };
        }
        yield { type: 'stop', reason: stopReason, usage: { inputTokens, outputTokens } };
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

/** Tool results travel in a user message; consecutive same-role messages are merged. */
export function toAnthropicMessages(messages: ModelMessage[]): MessageParam[] {
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
        push('user', message.text ? [{ type: 'text', text: message.text }] : []);
        break;
      case 'assistant': {
        const blocks: ContentBlockParam[] = [];
        if (message.text) blocks.push({ type: 'text', text: message.text });
        for (const call of message.toolCalls) {
          blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.args ?? {} });
        }
        push('assistant', blocks);
        break;
      }
      case 'tool':
        push('user', [
          { type: 'tool_result', tool_use_id: message.callId, content: message.text, is_error: message.isError },
        ]);
        break;
    }
  }
  return out;
}
