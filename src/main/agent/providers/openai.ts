// OpenAI-compatible chat completions, streamed, with tools (SPEC §8): OpenAI, Ollama, LM Studio,
// vLLM and OpenRouter by base URL. Tool-call fragments arrive by index and are accumulated.
import OpenAI from 'openai';
import { describeProviderError } from './errors';
import type { ProviderOptions } from './anthropic';
import type { ModelEvent, ModelMessage, ModelProvider, ModelRequest, StopReason } from './types';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

export function createOpenAiProvider(options: ProviderOptions): ModelProvider {
  const client = new OpenAI({
    // Local servers (Ollama, LM Studio) want no key; the SDK insists on one, so send a placeholder.
    apiKey: options.apiKey ?? 'no-key-configured',
    baseURL: options.baseUrl,
    maxRetries: options.maxRetries,
    timeout: options.timeoutMs ?? 10 * 60_000,
    logLevel: 'off',
  });
  // OpenAI's own API wants max_completion_tokens (its reasoning models refuse max_tokens);
  // the compatible servers know max_tokens.
  const officialApi = /^https:\/\/api\.openai\.com(\/|$)/.test(options.baseUrl);
  return {
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const context = {
        baseUrl: options.baseUrl,
        model: request.model,
        retries: options.maxRetries,
        apiKey: options.apiKey,
      };
      try {
        const stream = await client.chat.completions.create(
          {
            model: request.model,
            messages: toOpenAiMessages(request.system, request.messages),
            ...(request.tools.length > 0
              ? {
                  tools: request.tools.map((tool) => ({
                    type: 'function' as const,
                    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
                  })),
                }
              : {}),
            ...(officialApi
              ? { max_completion_tokens: request.maxOutputTokens }
              : { max_tokens: request.maxOutputTokens }),
            stream: true,
          },
          { signal: request.signal },
        );
        const calls = new Map<number, { id: string; name: string; json: string }>();
        let stopReason: StopReason = 'other';
        let usage: { inputTokens?: number; outputTokens?: number } | undefined;
        for await (const chunk of stream) {
          if (chunk.usage) {
            usage = { inputTokens: chunk.usage.prompt_tokens, outputTokens: chunk.usage.completion_tokens };
          }
          const choice = chunk.choices?.[0];
          if (!choice) continue;
          const delta = choice.delta;
          if (delta?.content) yield { type: 'text', text: delta.content };
          for (const part of delta?.tool_calls ?? []) {
            const entry = calls.get(part.index) ?? { id: '', name: '', json: '' };
            if (part.id) entry.id = part.id;
            if (part.function?.name) entry.name += part.function.name;
            if (part.function?.arguments) entry.json += part.function.arguments;
            calls.set(part.index, entry);
          }
          if (choice.finish_reason) stopReason = mapFinishReason(choice.finish_reason);
        }
        const ordered = [...calls.entries()].sort((a, b) => a[0] - b[0]);
        for (const [index, call] of ordered) {
          yield { type: 'tool_call', id: call.id || `call_${index}`, name: call.name, argsJson: call.json || '{}' };
        }
        yield { type: 'stop', reason: stopReason, usage };
      } catch (error) {
        if (request.signal.aborted) throw error;
        throw describeProviderError(error, context);
      }
    },
  };
}

function mapFinishReason(reason: string): StopReason {
  switch (reason) {
    case 'stop':
      return 'end';
    case 'tool_calls':
    case 'function_call':
      return 'tool_use';
    case 'length':
      return 'max_tokens';
    default:
      return 'other';
  }
}

export function toOpenAiMessages(system: string, messages: ModelMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [{ role: 'system', content: system }];
  for (const message of messages) {
    switch (message.role) {
      case 'user':
        out.push({ role: 'user', content: message.text });
        break;
      case 'assistant':
        if (!message.text && message.toolCalls.length === 0) break;
        out.push({
          role: 'assistant',
          content: message.text || null,
          ...(message.toolCalls.length > 0
            ? {
                tool_calls: message.toolCalls.map((call) => ({
                  id: call.id,
                  type: 'function' as const,
                  function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) },
                })),
              }
            : {}),
        });
        break;
      case 'tool':
        out.push({ role: 'tool', tool_call_id: message.callId, content: message.text });
        break;
    }
  }
  return out;
}
