// npm run bench:dispatch — what a tool call costs: a `read` of a small file through the loop, the
// real dispatcher and the transcript, against a bare fs.readFile of the same file (issue 7 goal:
// under 1 ms added at the median). The model is an in-process provider that asks for one read per
// request, so the sample is exactly the loop's work between a call arriving and the next request:
// parse, dispatch (record, floor, tier, run, record), store, project the conversation, compact.
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

const CALLS = 10_000;
const CALLS_PER_TURN = 50;

function stats(samples: number[]): { median: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p99: sorted[Math.floor(sorted.length * 0.99)] };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-data-'));
  const workspaceDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-bench-ws-')));
  const file = path.join(workspaceDir, 'small.txt');
  fs.writeFileSync(file, 'export const answer = 42;\n'.repeat(40));

  const db = openDatabase(dataDir);
  const agents = createAgentsRepository(db);
  const workspaces = createWorkspacesRepository(db);
  const agent = agents.create({ name: 'developer', handle: '@dev', provider: 'anthropic', model: 'bench', scopes: ['file_read'], mode: 'run' });
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
  });

  const samples: number[] = [];
  let callYieldedAt: number | null = null;
  let requestsInTurn = 0;
  let failures = 0;
  const provider: ModelProvider = {
    maxRetries: 0,
    async *stream(): AsyncIterable<ModelEvent> {
      if (callYieldedAt !== null) samples.push(performance.now() - callYieldedAt);
      callYieldedAt = null;
      if (++requestsInTurn > CALLS_PER_TURN) {
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
    emit: (event) => {
      if (event.type === 'tool_call_finished' && !event.ok) failures++;
    },
    lock: createProjectLock(),
    conversations,
    turnLimit: CALLS_PER_TURN + 1,
  });

  // A fresh conversation per 50 calls: a turn's own length, not an ever-growing transcript.
  while (samples.length < CALLS) {
    requestsInTurn = 0;
    const conversation = conversations.create(agent.id, 'bench');
    const turnId = runner.startTurn({ agentId: agent.id, conversationId: conversation.id, text: 'read it' });
    await runner.settled(turnId);
  }
  if (failures > 0) throw new Error(`${failures} reads failed; the benchmark measures nothing`);

  const bare: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    await fs.promises.readFile(file, 'utf8');
    bare.push(performance.now() - t0);
  }

  const loop = stats(samples.slice(0, CALLS));
  const base = stats(bare);
  const fmt = (ms: number): string => `${ms.toFixed(3)} ms`;
  console.log(`read of a small file, ${CALLS} calls`);
  console.log(`  bare fs.readFile           median ${fmt(base.median)}  p99 ${fmt(base.p99)}`);
  console.log(`  loop+dispatcher+transcript median ${fmt(loop.median)}  p99 ${fmt(loop.p99)}`);
  console.log(`  added at the median ${fmt(loop.median - base.median)} (goal < 1 ms); ratio ${(loop.median / base.median).toFixed(1)}x`);
  db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(workspaceDir, { recursive: true, force: true });
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
