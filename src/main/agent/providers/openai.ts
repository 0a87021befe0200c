// OpenAI-compatible chat completions, streamed, with tools (SPEC §8): OpenAI, Ollama, LM Studio,
// vLLM and OpenRouter by base URL. Tool-call fragments arrive by index and are accumulated.
import type OpenAI from 'openai';
import { describeProviderError } from './errors';
import { loadOpenAi } from './sdks';
import type { ProviderOptions } from './anthropic';
import {
  ProviderError,
  STREAM_CUT,
  type ModelEvent,
  type ModelMessage,
  type ModelProvider,
  type ModelRequest,
  type ModelUsage,
  type StopReason,
} from './types';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

export function createOpenAiProvider(options: ProviderOptions): ModelProvider {
  // The SDK loads at the first request (sdks.ts), and the client is made once per provider.
  let client: OpenAI | undefined;
  const clientNow = async (): Promise<OpenAI> => {
    const Sdk = await loadOpenAi();
    client ??= new Sdk({
      // Local servers (Ollama, LM Studio) want no key; the SDK insists on one, so send a placeholder.
      apiKey: options.apiKey ?? 'no-key-configured',
      baseURL: options.baseUrl,
      maxRetries: 0,
      timeout: options.timeoutMs ?? 10 * 60_000,
      logLevel: 'off',
    });
    return client;
  };
  // OpenAI's own API wants max_completion_tokens (its reasoning models refuse max_tokens);
  // the compatible servers know max_tokens.
  const officialApi = isOfficialOpenAi(options.baseUrl);
  return {
    maxRetries: options.maxRetries,
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const context = { baseUrl: options.baseUrl, model: request.model, retries: 0, apiKey: options.apiKey };
      try {
        const stream = await (
          await clientNow()
        ).chat.completions.create(
          {
            model: request.model,
            messages: toOpenAiMessages(request.system, request.messages, officialApi || acceptsImages(request.model)),
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
            stream_options: { include_usage: true },
          },
          { signal: request.signal },
        );
        const calls = new Map<number, { id: string; name: string; json: string }>();
        let stopReason: StopReason = 'other';
        let usage: ModelUsage | undefined;
        let finished = false;
        for await (const chunk of stream) {
          if (chunk.usage) {
            const cached = chunk.usage.prompt_tokens_details?.cached_tokens ?? 0;
            usage = {
              inputTokens: chunk.usage.prompt_tokens - cached,
              outputTokens: chunk.usage.completion_tokens,
              cacheReadTokens: cached,
            };
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
          if (choice.finish_reason) {
            stopReason = mapFinishReason(choice.finish_reason);
            finished = true;
          }
        }
        if (!finished) throw new ProviderError(STREAM_CUT, true, undefined, { reason: 'the stream was cut' });
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

/** OpenAI's own API (not a compatible server): it wants max_completion_tokens and reads pictures. */
export function isOfficialOpenAi(baseUrl: string): boolean {
  return /^https:\/\/api\.openai\.com(\/|$)/.test(baseUrl);
}

/** Models known to take image_url parts on any compatible endpoint (OpenRouter, a proxy). */
export function acceptsImages(model: string): boolean {
  return /^(openai\/)?(gpt-4o|gpt-4\.1|gpt-5|o3|o4)/.test(model) || /claude|gemini|llava|vision|-vl\b/i.test(model);
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

/** Images go in a user message after the tool results (a tool message holds text only), where the endpoint accepts them. */
export function toOpenAiMessages(system: string, messages: ModelMessage[], sendImages = false): ChatMessage[] {
  const out: ChatMessage[] = [{ role: 'system', content: system }];
  let pendingImages: { callId: string; url: string }[] = [];
  const flushImages = (): void => {
    if (pendingImages.length === 0) return;
    out.push({
      role: 'user',
      content: [
        {
          type: 'text',
          text: `The images returned by ${[...new Set(pendingImages.map((image) => image.callId))].join(', ')}:`,
        },
        ...pendingImages.map((image) => ({ type: 'image_url' as const, image_url: { url: image.url } })),
      ],
    });
    pendingImages = [];
  };
  for (const message of messages) {
    if (message.role !== 'tool') flushImages();
    switch (message.role) {
      case 'user':
        if (message.images && message.images.length > 0) {
          out.push({
            role: 'user',
            content: [
              { type: 'text', text: message.text },
              ...message.images.map((image) => ({
                type: 'image_url' as const,
                image_url: { url: `data:${image.mediaType};base64,${image.base64}` },
              })),
            ],
          });
        } else out.push({ role: 'user', content: message.text });
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
        if (sendImages) {
          for (const image of message.images ?? [])
            pendingImages.push({ callId: message.callId, url: `data:${image.mediaType};base64,${image.base64}` });
        }
        break;
    }
  }
  flushImages();
  return out;
}
