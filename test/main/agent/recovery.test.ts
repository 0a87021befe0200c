// Recovery after a SIGKILL of the core in the middle of a `run` (SPEC §8, seed 000): the call is
// marked interrupted, the model is told "interrupted, not repeated", and nothing runs it again.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { recoverInterruptedCalls } from '../../../src/main/agent/recovery';
import { INTERRUPTED_NOT_REPEATED, INTERRUPTED_REPLAY_SAFE } from '../../../src/main/agent/transcript';
import { createToolCallsRepository } from '../../../src/main/store/toolCalls';
import { startFakeModelServer } from '../../support/fakeModelServer';
import { createCore, createFakeDispatcher } from './harness';
import { toolResultsIn } from './wire';

const CHILD = path.join(__dirname, 'fixtures', 'crashingCore.ts');
let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

function runUntilCallStarts(args: string[]): Promise<{ callId: string; kill: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /RUNNING (\S+)\n/.exec(stdout);
      if (match) resolve({ callId: match[1]!, kill: async () => void (child.kill('SIGKILL'), await exited) });
    });
    child.on('exit', (code) => reject(new Error(`the child exited (${code}) before the call started: ${stderr}`)));
  });
}

describe.each(['anthropic', 'openai'] as const)('recovery after a SIGKILL mid-call (%s)', (provider) => {
  it('marks the call interrupted, tells the model, and never runs it again', async () => {
    const server = await startFakeModelServer((_request, index) =>
      index === 0
        ? { text: 'Running the tests.', toolCalls: [{ name: 'run', args: { command: 'npm test' } }] }
        : { text: 'It was interrupted; I will check first.' },
    );
    cleanups.push(() => server.close());
    const baseUrl = provider === 'anthropic' ? server.url : server.openaiUrl;
    const first = createCore({ provider, baseUrl, dispatcher: createFakeDispatcher({}) });
    const { dataDir, conversationId } = first;
    first.close();

    const child = await runUntilCallStarts([dataDir, conversationId, provider, baseUrl]);
    await child.kill();

    const again = createFakeDispatcher({ run: () => ({ ok: true, text: 'ran again' }) });
    const core = createCore({ provider, baseUrl, dataDir, conversationId, dispatcher: again });
    cleanups.push(() => core.close());
    const interrupted = recoverInterruptedCalls(createToolCallsRepository(core.db), core.conversations);
    expect(interrupted).toEqual([{ id: child.callId, conversationId, tool: 'run', was: 'running', replaySafe: false }]);
    expect(createToolCallsRepository(core.db).get(child.callId)).toMatchObject({
      status: 'interrupted',
      error: 'interrupted, not repeated: Paddock stopped while the call was running',
    });
    // Recovery is idempotent: a second start finds nothing to mark.
    expect(recoverInterruptedCalls(createToolCallsRepository(core.db), core.conversations)).toEqual([]);

    const turnId = core.runner.startTurn({ agentId: core.agent.id, conversationId, text: 'what happened?' });
    expect(await core.runner.settled(turnId)).toBe('completed');
    const sent = toolResultsIn(server.requests[1]!);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.callId).toBe(child.callId);
    expect(sent[0]!.text).toMatch(/^interrupted, not repeated/);
    expect(again.calls).toHaveLength(0);
    const stored = core.conversations.all(conversationId);
    expect(stored.map((m) => m.role)).toEqual(['owner', 'assistant', 'tool', 'owner', 'assistant']);
    expect(stored[2]).toMatchObject({ role: 'tool', callId: child.callId, isError: true });
  });
});

describe('recovery of a card nobody answered', () => {
  it('marks a pending call interrupted as unanswered and keeps a tool result in the transcript', async () => {
    const core = createCore({
      provider: 'anthropic',
      baseUrl: 'http://127.0.0.1:9',
      dispatcher: createFakeDispatcher({}),
    });
    cleanups.push(() => core.close());
    core.conversations.append(core.conversationId, {
      role: 'assistant',
      text: '',
      toolCalls: [{ id: 'toolu_card', name: 'write', args: { path: 'a' } }],
    });
    const calls = createToolCallsRepository(core.db);
    calls.open({
      id: 'toolu_card',
      conversationId: core.conversationId,
      agentId: core.agent.id,
      tool: 'write',
      args: {},
    });
    calls.setTier('toolu_card', 'gated', 'writes are cards in ask mode');
    calls.markPending('toolu_card', {
      id: 'card-1',
      callId: 'toolu_card',
      agentId: core.agent.id,
      conversationId: core.conversationId,
      tool: 'write',
      args: {},
      reason: 'writes are cards in ask mode',
      createdAt: new Date().toISOString(),
    });
    expect(recoverInterruptedCalls(createToolCallsRepository(core.db), core.conversations)).toEqual([
      { id: 'toolu_card', conversationId: core.conversationId, tool: 'write', was: 'pending', replaySafe: false },
    ]);
    expect(calls.get('toolu_card')).toMatchObject({
      status: 'interrupted',
      error: 'interrupted, not repeated: the card was unanswered when Paddock stopped',
    });
    expect(core.conversations.all(core.conversationId).at(-1)).toMatchObject({
      role: 'tool',
      callId: 'toolu_card',
      isError: true,
    });
  });
});

describe('recovery reads what the tool declared when the call opened', () => {
  it('tells the model a cut-off call its tool declares safe to repeat may simply be asked again, and any other one that its effect is unknown', () => {
    const core = createCore({
      provider: 'anthropic',
      baseUrl: 'http://127.0.0.1:9',
      dispatcher: createFakeDispatcher({}),
    });
    cleanups.push(() => core.close());
    core.conversations.append(core.conversationId, {
      role: 'assistant',
      text: '',
      toolCalls: [
        { id: 'toolu_read', name: 'read', args: { path: 'a' } },
        { id: 'toolu_run', name: 'run', args: { command: 'npm test' } },
      ],
    });
    const calls = createToolCallsRepository(core.db);
    calls.open({
      id: 'toolu_read',
      conversationId: core.conversationId,
      agentId: core.agent.id,
      tool: 'read',
      args: { path: 'a' },
      replaySafe: true,
    });
    calls.open({
      id: 'toolu_run',
      conversationId: core.conversationId,
      agentId: core.agent.id,
      tool: 'run',
      args: { command: 'npm test' },
      replaySafe: false,
    });
    recoverInterruptedCalls(calls, core.conversations);
    const results = core.conversations.all(core.conversationId).filter((message) => message.role === 'tool');
    expect(results).toMatchObject([
      { callId: 'toolu_read', text: INTERRUPTED_REPLAY_SAFE, isError: true },
      { callId: 'toolu_run', text: INTERRUPTED_NOT_REPEATED, isError: true },
    ]);
    expect(calls.get('toolu_read')?.outcome).toEqual({ ending: 'interrupted' });
  });
});
