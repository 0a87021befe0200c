// npm run bench:context — the agent loop in a long session (issues 16 and 22).
// Part 1: a scripted 200-step session through the real Anthropic SDK against the fake model server,
// which counts tokens and simulates the prompt cache from the cache_control breakpoints. Per step:
// tokens sent, tokens read from the cache, and the time the loop adds outside the model. The model
// server runs in a child process of its own, so its work (parsing each request, counting tokens) is
// not counted as the loop's; the added time is the gap minus a bare fs.readFile of the same file.
// Part 2: the loop's own cost per call at 1,000 calls in one conversation against 50, with an
// in-process model, anchored on a bare fs.readFile of the same file measured in the same run.
// Goals: cached share of input tokens >= 80% after step 5; < 1 ms added per step at the median,
// at 1,000 calls as at 50.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAgentRunner, type AgentRunner } from '../src/main/agent/loop';
import { createProjectLock } from '../src/main/workspace/projectLock';
import { createProviderFor } from '../src/main/agent/providers';
import { createFileSecretStore } from '../src/main/agent/keys';
import type { ModelEvent, ModelProvider, ModelRequest } from '../src/main/agent/providers/types';
import type { AgentEvent } from '../src/main/agent/events';
import { createPendingCards } from '../src/main/approvals/pendingCards';
import { createDispatcher } from '../src/main/dispatch/dispatcher';
import { createAgentsRepository } from '../src/main/store/agents';
import { createConversationsRepository } from '../src/main/store/conversations';
import { openDatabase } from '../src/main/store/database';
import { createToolCallsRepository } from '../src/main/store/toolCalls';
import { createWorkspacesRepository } from '../src/main/store/workspaces';
import { readTool } from '../src/main/tools/read';
import { startFakeModelServer } from '../test/support/fakeModelServer';

const STEPS = 200;
const LONG = 1_000;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number): string => `${value.toFixed(3)} ms`;

function setupCore() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-data-'));
  const workspaceDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-ws-')));
  for (let i = 0; i < 20; i++)
    fs.writeFileSync(path.join(workspaceDir, `file${i}.ts`), `export const value${i} = ${i};\n`.repeat(60));
  const db = openDatabase(dataDir);
  const agents = createAgentsRepository(db);
  const workspaces = createWorkspacesRepository(db);
  const agent = agents.create({
    name: 'developer',
    handle: '@dev',
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
    scopes: ['file_read'],
    mode: 'run',
  });
  workspaces.set({ agentId: agent.id, directory: workspaceDir, capturedPath: '/usr/bin:/bin', gitBinary: null });
  // The floor's live owner requests: the turns of the runners each benchmark builds on this core.
  const runners: Pick<AgentRunner, 'activeTurn'>[] = [];
  const dispatcher = createDispatcher({
    ownerRequestLive: (id, conversationId) => runners.some((runner) => runner.activeTurn(conversationId) === id),
    db,
    agents,
    workspaces,
    toolCalls: createToolCallsRepository(db),
    cards: createPendingCards({ onPending: () => {}, onResolved: () => {} }),
    tools: [readTool],
    installed: new Set(['read']),
    home: os.homedir(),
    dataDir,
    rememberChoicesFor: () => [],
    rememberCommand: () => {},
  });
  const conversations = createConversationsRepository(db);
  const cleanup = (): void => {
    db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(workspaceDir, { recursive: true, force: true });
  };
  return { dataDir, workspaceDir, db, agents, agent, workspaces, dispatcher, conversations, runners, cleanup };
}

/** Wraps a provider to time the gap between one response's end and the next request: the loop's own work. */
function timer(gaps: number[]): (inner: ModelProvider) => ModelProvider {
  // The provider is built afresh for each request (AC-10), so the clock lives outside it.
  let endedAt: number | null = null;
  return (inner) => ({
    maxRetries: inner.maxRetries,
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      if (endedAt !== null) gaps.push(performance.now() - endedAt);
      endedAt = null;
      for await (const event of inner.stream(request)) {
        if (event.type === 'stop') endedAt = performance.now();
        yield event;
      }
    },
  });
}

/** The scripted model, in this file so the child process runs the same script. */
function serveModel(): Promise<{ url: string }> {
  return startFakeModelServer((_request, index) =>
    index < STEPS
      ? { text: `step ${index + 1}`, toolCalls: [{ name: 'read', args: { path: `file${index % 20}.ts` } }] }
      : { text: 'done' },
  );
}

/** Starts this script as the model server in a child process; resolves with its URL. */
function modelServerProcess(): Promise<{ url: string; close(): void }> {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, '--serve-model'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n')[0]!;
      if (out.includes('\n')) resolve({ url: line.trim(), close: () => child.kill() });
    });
    child.on('exit', (code) => reject(new Error(`the model server exited ${code}`)));
  });
}

function bareReadMedian(file: string, count: number): Promise<number> {
  return (async () => {
    const bare: number[] = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      await fs.promises.readFile(file, 'utf8');
      bare.push(performance.now() - t0);
    }
    return median(bare);
  })();
}

async function sessionThroughSdk(): Promise<void> {
  const core = setupCore();
  const server = await modelServerProcess();
  const secrets = createFileSecretStore(core.dataDir);
  secrets.set(core.agent.id, 'sk-bench');
  core.agents.update(core.agent.id, { baseUrl: server.url });
  const providerFor = createProviderFor({ secrets, env: {}, maxRetries: 0 });
  const gaps: number[] = [];
  const timed = timer(gaps);
  const usage: Extract<AgentEvent, { type: 'usage' }>[] = [];
  const runner = createAgentRunner({
    db: core.db,
    dispatcher: core.dispatcher,
    vocabularyFor: () => [],
    providerFor: (agent) => timed(providerFor(agent)),
    agents: core.agents,
    workspaces: core.workspaces,
    emit: (event) => event.type === 'usage' && usage.push(event),
    lock: createProjectLock(),
    conversations: core.conversations,
    turnLimit: STEPS + 5,
  });
  core.runners.push(runner);

  const conversation = core.conversations.create(core.agent.id, 'bench');
  const turnId = runner.startTurn({
    agentId: core.agent.id,
    conversationId: conversation.id,
    text: 'read the files one by one',
  });
  const reason = await runner.settled(turnId);
  if (reason !== 'completed' || usage.length !== STEPS + 1)
    throw new Error(`the session ended ${reason} after ${usage.length} requests`);

  console.log(`Part 1: a ${STEPS}-step session through the Anthropic SDK (fake server; tokens = characters / 4)`);
  console.log('  step   sent tokens   cache read   cache write   uncached   cached share   loop gap');
  const shares: number[] = [];
  usage.forEach((event, index) => {
    const u = event.request;
    const sent = u.inputTokens + u.cacheReadTokens + u.cacheWriteTokens;
    const share = sent === 0 ? 0 : u.cacheReadTokens / sent;
    if (index >= 5) shares.push(share);
    const step = index + 1;
    if (step <= 8 || step % 25 === 0 || step === usage.length) {
      const gap = index > 0 ? ms(gaps[index - 1]!) : '—';
      console.log(
        `  ${String(step).padStart(4)} ${String(sent).padStart(13)} ${String(u.cacheReadTokens).padStart(12)} ${String(u.cacheWriteTokens).padStart(13)} ${String(u.inputTokens).padStart(10)} ${(share * 100).toFixed(1).padStart(13)}% ${gap.padStart(10)}`,
      );
    }
  });
  const minShare = Math.min(...shares);
  const totalSent = usage
    .slice(5)
    .reduce((sum, e) => sum + e.request.inputTokens + e.request.cacheReadTokens + e.request.cacheWriteTokens, 0);
  const totalRead = usage.slice(5).reduce((sum, e) => sum + e.request.cacheReadTokens, 0);
  console.log(
    `  cached share after step 5: overall ${((totalRead / totalSent) * 100).toFixed(1)}%, lowest step ${(minShare * 100).toFixed(1)}% goal ≥ 80%: ${minShare >= 0.8 ? 'met' : 'NOT met'}`,
  );
  const anchor = await bareReadMedian(path.join(core.workspaceDir, 'file1.ts'), 1_000);
  const gap = median(gaps);
  console.log(
    `  loop gap (the read included) median ${ms(gap)}, steps 1-50 ${ms(median(gaps.slice(0, 50)))}, steps 150-200 ${ms(median(gaps.slice(-50)))}`,
  );
  console.log(
    `  anchor: bare fs.readFile of the same file, median ${ms(anchor)}; added by the loop ${ms(gap - anchor)}; ratio ${(gap / anchor).toFixed(1)}x`,
  );
  console.log(`  goal < 1 ms added per step at the median: ${gap - anchor < 1 ? 'met' : 'NOT met'}`);
  server.close();
  core.cleanup();
}

async function longConversation(): Promise<void> {
  const core = setupCore();
  const gaps: number[] = [];
  const timed = timer(gaps);
  let requests = 0;
  const provider: ModelProvider = {
    maxRetries: 0,
    async *stream(): AsyncIterable<ModelEvent> {
      if (++requests > LONG) {
        yield { type: 'stop', reason: 'end', usage: { inputTokens: 1_000, outputTokens: 10 } };
        return;
      }
      yield { type: 'tool_call', id: '', name: 'read', argsJson: `{"path":"file${requests % 20}.ts"}` };
      yield { type: 'stop', reason: 'tool_use', usage: { inputTokens: 1_000, outputTokens: 10 } };
    },
  };
  const runner = createAgentRunner({
    db: core.db,
    dispatcher: core.dispatcher,
    vocabularyFor: () => [],
    providerFor: () => timed(provider),
    agents: core.agents,
    workspaces: core.workspaces,
    emit: () => {},
    lock: createProjectLock(),
    conversations: core.conversations,
    turnLimit: LONG + 5,
    // A window large enough that nothing is compacted: the cost measured is the conversation's length.
    modelOverrides: () => ({ contextWindows: { 'claude-sonnet-5-5': 10_000_000 }, prices: {} }),
  });
  core.runners.push(runner);

  const conversation = core.conversations.create(core.agent.id, 'bench');
  const reason = await runner.settled(
    runner.startTurn({ agentId: core.agent.id, conversationId: conversation.id, text: 'read' }),
  );
  if (reason !== 'completed') throw new Error(`the long conversation ended ${reason}`);

  const anchor = await bareReadMedian(path.join(core.workspaceDir, 'file1.ts'), LONG);
  const early = median(gaps.slice(0, 50));
  const late = median(gaps.slice(-50));
  console.log(
    `\nPart 2: ${LONG} read calls in one conversation (in-process model; anchor: bare fs.readFile of the same file)`,
  );
  console.log(`  bare fs.readFile median ${ms(anchor)}`);
  console.log(`  calls 1-50:     loop gap median ${ms(early)}, added ${ms(early - anchor)}`);
  console.log(
    `  calls 951-1000: loop gap median ${ms(late)}, added ${ms(late - anchor)}; ratio late/early ${(late / early).toFixed(2)}x`,
  );
  const met = late - anchor < 1 && early - anchor < 1;
  console.log(`  goal < 1 ms added at the median at 1,000 calls as at 50: ${met ? 'met' : 'NOT met'}`);
  core.cleanup();
}

async function main(): Promise<void> {
  if (process.argv.includes('--serve-model')) {
    const server = await serveModel();
    process.stdout.write(`${server.url}\n`);
    return;
  }
  if (!process.env.ONLY_LONG) await sessionThroughSdk();
  if (!process.env.ONLY_SDK) await longConversation();
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
