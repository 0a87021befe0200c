// npm run bench:dispatch — what the loop and the dispatcher add to a tool call (issue 7; issue 22
// items 1 and 4): a `read` of a small file through the loop, the real dispatcher and the transcript,
// against the tool's own work — readTool.run on the same file with the same context, called directly
// (resolve, open, read, format) — so the difference is exactly the loop's: parse, dispatch (record,
// floor, tier, run, record), store, project the conversation, compact. The model is an in-process
// provider that asks for one read per request. Two shapes of conversation, in the same run: 50 calls
// each, and 1,000 calls each (a call's cost must not grow with the conversation).
// Goal: under 1 ms added at the median, at 1,000 calls as at 50. BENCH_CALLS sets calls per shape.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPendingCards } from '../src/main/approvals/pendingCards';
import { createAgentRunner } from '../src/main/agent/loop';
import { createProjectLock } from '../src/main/workspace/projectLock';
import type { ModelEvent, ModelProvider } from '../src/main/agent/providers/types';
import { createDispatcher } from '../src/main/dispatch/dispatcher';
import { createAgentsRepository } from '../src/main/store/agents';
import { createConversationsRepository } from '../src/main/store/conversations';
import { openDatabase } from '../src/main/store/database';
import { createToolCallsRepository } from '../src/main/store/toolCalls';
import { createWorkspacesRepository } from '../src/main/store/workspaces';
import { readTool } from '../src/main/tools/read';
import type { ToolCallContext } from '../src/shared/domain';

const CALLS = Number(process.env.BENCH_CALLS ?? 3_000);
const SHAPES = [50, 1_000] as const;

function stats(samples: number[]): { median: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p99: sorted[Math.floor(sorted.length * 0.99)]! };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-data-'));
  const workspaceDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-ws-')));
  const file = path.join(workspaceDir, 'small.txt');
  fs.writeFileSync(file, 'export const answer = 42;\n'.repeat(40));

  const db = openDatabase(dataDir);
  const agents = createAgentsRepository(db);
  const workspaces = createWorkspacesRepository(db);
  const agent = agents.create({
    name: 'developer',
    handle: '@dev',
    provider: 'anthropic',
    model: 'bench',
    scopes: ['file_read'],
    mode: 'run',
  });
  workspaces.set({ agentId: agent.id, directory: workspaceDir, capturedPath: '/usr/bin:/bin', gitBinary: null });
  // The floor's live owner request: the turn the runner below is running.
  const dispatcher = createDispatcher({
    ownerRequestLive: (id, conversationId) => runner.activeTurn(conversationId) === id,
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
    // The call's one lifecycle: a read that did not end done is a failure.
    onCallChanged: (call) => {
      if (call.outcome && call.outcome.ending !== 'done') failures++;
    },
  });

  const samples: number[] = [];
  let callYieldedAt: number | null = null;
  let requestsInTurn = 0;
  let callsPerTurn: number = SHAPES[0];
  let failures = 0;
  const provider: ModelProvider = {
    maxRetries: 0,
    async *stream(): AsyncIterable<ModelEvent> {
      if (callYieldedAt !== null) samples.push(performance.now() - callYieldedAt);
      callYieldedAt = null;
      if (++requestsInTurn > callsPerTurn) {
        yield { type: 'stop', reason: 'end' };
        return;
      }
      callYieldedAt = performance.now();
      yield { type: 'tool_call', id: '', name: 'read', argsJson: '{"path":"small.txt"}' };
      yield { type: 'stop', reason: 'tool_use' };
    },
  };
  const conversations = createConversationsRepository(db);
  const runner = createAgentRunner({
    db,
    dispatcher,
    vocabularyFor: () => [],
    providerFor: () => provider,
    agents,
    workspaces,
    emit: () => {},
    lock: createProjectLock(),
    conversations,
    turnLimit: Math.max(...SHAPES) + 1,
  });

  // The anchor: the tool's own work, called directly with the context the dispatcher would give it.
  const workspace = workspaces.get(agent.id);
  const toolCtx: ToolCallContext = {
    agent: agents.get(agent.id) ?? agent,
    workspace,
    home: os.homedir(),
    dataDir,
    callId: 'bench',
    conversationId: 'bench',
    signal: new AbortController().signal,
  };
  const ownWork = async (): Promise<{ median: number; p99: number }> => {
    const times: number[] = [];
    for (let i = 0; i < 1_000; i++) {
      const t0 = performance.now();
      const result = await readTool.run({ path: 'small.txt' }, toolCtx);
      times.push(performance.now() - t0);
      if (!result.ok) throw new Error(`the anchor read failed: ${JSON.stringify(result)}`);
    }
    return stats(times);
  };

  const fmt = (ms: number): string => `${ms.toFixed(3)} ms`;
  console.log(
    `read of a small file through the loop, ${CALLS} calls per shape; ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const verdicts: string[] = [];
  for (const shape of SHAPES) {
    callsPerTurn = shape;
    samples.length = 0;
    // Fresh conversations of `shape` calls each, until CALLS calls are measured (at least one whole one).
    while (samples.length < Math.max(CALLS, shape)) {
      requestsInTurn = 0;
      const conversation = conversations.create(agent.id, 'bench');
      const turnId = runner.startTurn({ agentId: agent.id, conversationId: conversation.id, text: 'read it' });
      await runner.settled(turnId);
    }
    if (failures > 0) throw new Error(`${failures} reads failed; the benchmark measures nothing`);
    // The anchor is timed right after each shape's run, so a busy moment of the machine hits both.
    const anchor = await ownWork();
    const loop = stats(samples);
    const added = loop.median - anchor.median;
    console.log(`${String(shape).padStart(5)} calls per conversation:`);
    console.log(`  anchor: readTool.run directly  median ${fmt(anchor.median)}  p99 ${fmt(anchor.p99)}`);
    console.log(
      `  through loop+dispatcher+store  median ${fmt(loop.median)}  p99 ${fmt(loop.p99)}  (${samples.length} calls)`,
    );
    console.log(
      `  added at the median ${fmt(added)}; ratio ${(loop.median / anchor.median).toFixed(1)}x the tool's own work; goal < 1 ms: ${added < 1 ? 'met' : 'NOT met'}`,
    );
    verdicts.push(`${shape}: ${fmt(added)} added`);
  }
  console.log(`added per call by conversation length: ${verdicts.join(', ')} (goal < 1 ms at each)`);
  db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(workspaceDir, { recursive: true, force: true });
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
