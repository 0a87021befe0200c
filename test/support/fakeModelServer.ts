// A fake model provider on 127.0.0.1 speaking the real wire formats, so tests drive the real SDKs:
// Anthropic Messages SSE (/v1/messages) and OpenAI chat-completions SSE (/v1/chat/completions).
// Plain TypeScript with no test-runner import: vitest and Playwright specs both start it.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeToolCall {
  id?: string;
  name: string;
  args: unknown;
  /** Sent as-is instead of JSON.stringify(args): to send invalid or truncated JSON. */
  rawArgs?: string;
}

export interface FakeTurn {
  /** Text, streamed in the given chunks (a string is one chunk). */
  text?: string | string[];
  toolCalls?: FakeToolCall[];
  /** Defaults: 'tool_use' when there are tool calls, else 'end'. */
  stop?: 'end' | 'tool_use' | 'max_tokens';
  /** Answer with this HTTP status and an error body instead of a stream. */
  status?: number;
  errorMessage?: string;
  /** With `status`: the retry-after the error asks for, in ms (default 5, to keep tests short). */
  retryAfterMs?: number;
  /** Stream the text, then keep the response open until the client goes away (cancel tests). */
  hang?: boolean;
  /** Write this many stream events, then destroy the connection (a stream cut mid-message). */
  cutAfterEvents?: number;
  /** Thinking text sent before anything else, as a signed thinking block (Anthropic). */
  thinking?: string;
  /** The usage this response reports (budget tests), instead of the fake's count of the request (output: 12). */
  usage?: { input: number; output: number };
}

export interface RecordedRequest {
  api: 'anthropic' | 'openai';
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export type FakeScript = FakeTurn[] | ((request: RecordedRequest, index: number) => FakeTurn | Promise<FakeTurn>);

export interface FakeModelServer {
  /** Base URL for the Anthropic SDK (it appends /v1/messages). */
  url: string;
  /** Base URL for the OpenAI SDK (it appends /chat/completions). */
  openaiUrl: string;
  requests: RecordedRequest[];
  /** Headers of each models-endpoint request (to see which key asked). */
  modelListRequests: http.IncomingHttpHeaders[];
  /** Resolves when `count` requests have arrived. */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

/** Tokens as this fake counts them: a quarter of the characters of the request's JSON. */
export function fakeTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export interface FakeServerOptions {
  /** Model ids the models endpoint lists (GET /v1/models, in each API's page format); absent: 404. */
  models?: string[];
  /** When set, /v1/models answers 401 to any other key (x-api-key or Bearer), as the providers do. */
  apiKey?: string;
}

export async function startFakeModelServer(
  script: FakeScript,
  options: FakeServerOptions = {},
): Promise<FakeModelServer> {
  const requests: RecordedRequest[] = [];
  const modelListRequests: http.IncomingHttpHeaders[] = [];
  // Prompt-cache prefixes seen so far (Anthropic): what a later request may read back.
  const cache = new Set<string>();
  const sockets = new Set<Socket>();
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      if (req.method === 'GET' && path === '/v1/models' && options.models) {
        modelListRequests.push(req.headers);
        listModels(req, res, options.models, options.apiKey);
        return;
      }
      const api = path.endsWith('/messages') ? 'anthropic' : path.endsWith('/chat/completions') ? 'openai' : null;
      if (!api || req.method !== 'POST') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        body = {};
      }
      const recorded: RecordedRequest = { api, path, headers: req.headers, body };
      const index = requests.length;
      requests.push(recorded);
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      Promise.resolve(typeof script === 'function' ? script(recorded, index) : script[index])
        .then((turn) =>
          respond(api, res, turn ?? { status: 500, errorMessage: `the fake script has no turn ${index}` }, body, cache),
        )
        .catch((error: Error) => respond(api, res, { status: 500, errorMessage: error.message }, body, cache));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openaiUrl: `${url}/v1`,
    requests,
    modelListRequests,
    waitForRequests(count) {
      if (requests.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface FakeUsage {
  input: number;
  cacheRead: number;
  cacheWrite: number;
}

const withoutCacheControl = (key: string, value: unknown): unknown => (key === 'cache_control' ? undefined : value);

/**
 * What the request costs in this fake's tokens, with Anthropic's prompt cache simulated: every
 * cache_control breakpoint names the prefix up to it (tools, system, messages); a prefix sent
 * before is read from the cache, the longest new one is written to it.
 */
export function fakeUsage(api: 'anthropic' | 'openai', body: Record<string, unknown>, cache: Set<string>): FakeUsage {
  const total = fakeTokens(
    JSON.stringify({ tools: body.tools, system: body.system, messages: body.messages }, withoutCacheControl),
  );
  if (api !== 'anthropic') return { input: total, cacheRead: 0, cacheWrite: 0 };
  const prefixes: string[] = [];
  const tools = (body.tools ?? []) as Record<string, unknown>[];
  const system = Array.isArray(body.system) ? (body.system as Record<string, unknown>[]) : [];
  const messages = (body.messages ?? []) as { role: string; content: unknown }[];
  const marked = (block: unknown): boolean => typeof block === 'object' && block !== null && 'cache_control' in block;
  tools.forEach(
    (tool, i) => marked(tool) && prefixes.push(JSON.stringify([tools.slice(0, i + 1)], withoutCacheControl)),
  );
  system.forEach(
    (block, i) => marked(block) && prefixes.push(JSON.stringify([tools, system.slice(0, i + 1)], withoutCacheControl)),
  );
  messages.forEach((message, i) => {
    if (!Array.isArray(message.content)) return;
    message.content.forEach((block, j) => {
      if (!marked(block)) return;
      const partial = { role: message.role, content: (message.content as unknown[]).slice(0, j + 1) };
      prefixes.push(JSON.stringify([tools, system, [...messages.slice(0, i), partial]], withoutCacheControl));
    });
  });
  let read = 0;
  for (const prefix of prefixes) if (cache.has(prefix)) read = Math.max(read, fakeTokens(prefix));
  const longest = prefixes.reduce((a, b) => (b.length > a.length ? b : a), '');
  const write = longest && !cache.has(longest) ? Math.max(0, fakeTokens(longest) - read) : 0;
  for (const prefix of prefixes) cache.add(prefix);
  return { input: Math.max(0, total - read - write), cacheRead: read, cacheWrite: write };
}

/** The models endpoint: the Anthropic SDK sends anthropic-version, the OpenAI SDK does not. */
function listModels(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  models: string[],
  apiKey: string | undefined,
): void {
  const given = req.headers['x-api-key'] ?? /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
  if (apiKey !== undefined && given !== apiKey) {
    res
      .writeHead(401, { 'content-type': 'application/json' })
      .end(JSON.stringify({ type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } }));
    return;
  }
  const anthropic = req.headers['anthropic-version'] !== undefined;
  const body = anthropic
    ? {
        data: models.map((id) => ({ type: 'model', id, display_name: id, created_at: '2026-01-01T00:00:00Z' })),
        has_more: false,
        first_id: models[0] ?? null,
        last_id: models.at(-1) ?? null,
      }
    : { object: 'list', data: models.map((id) => ({ id, object: 'model', created: 0, owned_by: 'fake' })) };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function respond(
  api: 'anthropic' | 'openai',
  res: http.ServerResponse,
  turn: FakeTurn,
  body: Record<string, unknown>,
  cache: Set<string>,
): void {
  if (turn.status !== undefined) {
    const message = turn.errorMessage ?? `fake error ${turn.status}`;
    const type = turn.status === 401 ? 'authentication_error' : turn.status === 529 ? 'overloaded_error' : 'api_error';
    const payload =
      api === 'anthropic'
        ? { type: 'error', error: { type, message } }
        : { error: { message, type: 'fake_error', code: null } };
    // retry-after-ms keeps the SDKs' backoff short in tests; both SDKs honour it.
    res
      .writeHead(turn.status, { 'content-type': 'application/json', 'retry-after-ms': String(turn.retryAfterMs ?? 5) })
      .end(JSON.stringify(payload));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const model = typeof body.model === 'string' ? body.model : 'fake-model';
  const usage: FakeUsage & { output?: number } = turn.usage
    ? { input: turn.usage.input, cacheRead: 0, cacheWrite: 0, output: turn.usage.output }
    : fakeUsage(api, body, cache);
  const events =
    api === 'anthropic'
      ? anthropicEvents(turn, model, usage)
      : openAiEvents(turn, model, usage, body.stream_options !== undefined);
  if (turn.cutAfterEvents !== undefined) {
    for (const event of events.slice(0, turn.cutAfterEvents)) res.write(event);
    // Let the written events reach the client, then break the connection mid-message.
    setTimeout(() => res.socket?.destroy(), 20);
    return;
  }
  for (const event of events) res.write(event);
  if (!turn.hang) res.end();
}

function textChunks(turn: FakeTurn): string[] {
  if (turn.text === undefined) return [];
  return Array.isArray(turn.text) ? turn.text : [turn.text];
}

function stopOf(turn: FakeTurn): 'end' | 'tool_use' | 'max_tokens' {
  return turn.stop ?? (turn.toolCalls && turn.toolCalls.length > 0 ? 'tool_use' : 'end');
}

let nextId = 1;
function callId(prefix: string, call: FakeToolCall): string {
  return call.id ?? `${prefix}${String(nextId++).padStart(6, '0')}${Date.now().toString(36)}`;
}

function anthropicEvents(turn: FakeTurn, model: string, usage: FakeUsage & { output?: number }): string[] {
  const sse = (type: string, data: unknown): string => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
  const out = [
    sse('message_start', {
      type: 'message_start',
      message: {
        id: `msg_${nextId++}`,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: usage.input,
          cache_read_input_tokens: usage.cacheRead,
          cache_creation_input_tokens: usage.cacheWrite,
          output_tokens: 1,
        },
      },
    }),
  ];
  let index = 0;
  if (turn.thinking !== undefined) {
    out.push(
      sse('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      }),
    );
    out.push(
      sse('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'thinking_delta', thinking: turn.thinking },
      }),
    );
    out.push(
      sse('content_block_delta', {
        type: 'content_block_delta',
        index,
        delta: { type: 'signature_delta', signature: `sig-${turn.thinking.length}` },
      }),
    );
    out.push(sse('content_block_stop', { type: 'content_block_stop', index }));
    index++;
  }
  const chunks = textChunks(turn);
  if (chunks.length > 0) {
    out.push(
      sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }),
    );
    for (const text of chunks)
      out.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text } }));
    if (turn.hang) return out;
    out.push(sse('content_block_stop', { type: 'content_block_stop', index }));
    index++;
  }
  for (const call of turn.toolCalls ?? []) {
    const json = call.rawArgs ?? JSON.stringify(call.args);
    out.push(
      sse('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: callId('toolu_', call), name: call.name, input: {} },
      }),
    );
    // Split the JSON in two fragments, the way the API streams it.
    const half = Math.floor(json.length / 2);
    for (const part of [json.slice(0, half), json.slice(half)]) {
      out.push(
        sse('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: part },
        }),
      );
    }
    out.push(sse('content_block_stop', { type: 'content_block_stop', index }));
    index++;
  }
  const stop = stopOf(turn);
  const stopReason = stop === 'end' ? 'end_turn' : stop;
  out.push(
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: usage.output ?? 12 },
    }),
  );
  out.push(sse('message_stop', { type: 'message_stop' }));
  return out;
}

function openAiEvents(
  turn: FakeTurn,
  model: string,
  usage: FakeUsage & { output?: number },
  includeUsage: boolean,
): string[] {
  const id = `chatcmpl-${nextId++}`;
  const chunk = (delta: Record<string, unknown>, finish: string | null): string =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const out = [chunk({ role: 'assistant', content: '' }, null)];
  for (const text of textChunks(turn)) out.push(chunk({ content: text }, null));
  if (turn.hang) return out;
  (turn.toolCalls ?? []).forEach((call, index) => {
    const json = call.rawArgs ?? JSON.stringify(call.args);
    const half = Math.floor(json.length / 2);
    out.push(
      chunk(
        {
          tool_calls: [
            {
              index,
              id: callId('call_', call),
              type: 'function',
              function: { name: call.name, arguments: json.slice(0, half) },
            },
          ],
        },
        null,
      ),
    );
    out.push(chunk({ tool_calls: [{ index, function: { arguments: json.slice(half) } }] }, null));
  });
  const stop = stopOf(turn);
  out.push(chunk({}, stop === 'end' ? 'stop' : stop === 'tool_use' ? 'tool_calls' : 'length'));
  if (includeUsage) {
    out.push(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model, choices: [], usage: { prompt_tokens: usage.input, completion_tokens: usage.output ?? 12, total_tokens: usage.input + (usage.output ?? 12) } })}\n\n`,
    );
  }
  out.push('data: [DONE]\n\n');
  return out;
}

/** GET /v1/models in a shape both SDKs page through: Anthropic's (has_more, first_id) and OpenAI's (object: list). */
