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
  /** Stream the text, then keep the response open until the client goes away (cancel tests). */
  hang?: boolean;
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
  /** Resolves when `count` requests have arrived. */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFakeModelServer(script: FakeScript): Promise<FakeModelServer> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const waiters: { count: number; resolve: () => void }[] = [];

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
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
        .then((turn) => respond(api, res, turn ?? { status: 500, errorMessage: `the fake script has no turn ${index}` }, body))
        .catch((error: Error) => respond(api, res, { status: 500, errorMessage: error.message }, body));
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

function respond(api: 'anthropic' | 'openai', res: http.ServerResponse, turn: FakeTurn, body: Record<string, unknown>): void {
  if (turn.status !== undefined) {
    const message = turn.errorMessage ?? `fake error ${turn.status}`;
    const payload =
      api === 'anthropic'
        ? { type: 'error', error: { type: turn.status === 401 ? 'authentication_error' : 'api_error', message } }
        : { error: { message, type: 'fake_error', code: null } };
    // retry-after-ms keeps the SDKs' backoff short in tests; both SDKs honour it.
    res.writeHead(turn.status, { 'content-type': 'application/json', 'retry-after-ms': '5' }).end(JSON.stringify(payload));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const model = typeof body.model === 'string' ? body.model : 'fake-model';
  const events = api === 'anthropic' ? anthropicEvents(turn, model) : openAiEvents(turn, model);
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

function anthropicEvents(turn: FakeTurn, model: string): string[] {
  const sse = (type: string, data: unknown): string => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
  const out = [
    sse('message_start', {
      type: 'message_start',
      message: { id: `msg_${nextId++}`, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } },
    }),
  ];
  let index = 0;
  const chunks = textChunks(turn);
  if (chunks.length > 0) {
    out.push(sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }));
    for (const text of chunks) out.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text } }));
    if (turn.hang) return out;
    out.push(sse('content_block_stop', { type: 'content_block_stop', index }));
    index++;
  }
  for (const call of turn.toolCalls ?? []) {
    const json = call.rawArgs ?? JSON.stringify(call.args);
    out.push(sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: callId('toolu_', call), name: call.name, input: {} } }));
    // Split the JSON in two fragments, the way the API streams it.
    const half = Math.floor(json.length / 2);
    for (const part of [json.slice(0, half), json.slice(half)]) {
      out.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: part } }));
    }
    out.push(sse('content_block_stop', { type: 'content_block_stop', index }));
    index++;
  }
  const stop = stopOf(turn);
  const stopReason = stop === 'end' ? 'end_turn' : stop;
  out.push(sse('message_delta', { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 12 } }));
  out.push(sse('message_stop', { type: 'message_stop' }));
  return out;
}

function openAiEvents(turn: FakeTurn, model: string): string[] {
  const id = `chatcmpl-${nextId++}`;
  const chunk = (delta: Record<string, unknown>, finish: string | null): string =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const out = [chunk({ role: 'assistant', content: '' }, null)];
  for (const text of textChunks(turn)) out.push(chunk({ content: text }, null));
  if (turn.hang) return out;
  (turn.toolCalls ?? []).forEach((call, index) => {
    const json = call.rawArgs ?? JSON.stringify(call.args);
    const half = Math.floor(json.length / 2);
    out.push(chunk({ tool_calls: [{ index, id: callId('call_', call), type: 'function', function: { name: call.name, arguments: json.slice(0, half) } }] }, null));
    out.push(chunk({ tool_calls: [{ index, function: { arguments: json.slice(half) } }] }, null));
  });
  const stop = stopOf(turn);
  out.push(chunk({}, stop === 'end' ? 'stop' : stop === 'tool_use' ? 'tool_calls' : 'length'));
  out.push('data: [DONE]\n\n');
  return out;
}
