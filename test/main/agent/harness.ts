// A core for the loop tests: a real SQLite file in a temp data directory, the real conversation
// store, real providers (real SDKs) pointed at the fake model server, and a fake in-process
// dispatcher (the edge of this module: the real one is the lead's, issue 5).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Agent, Provider, ScopeReport, Workspace, ToolResult } from '../../../src/shared/domain';
import type { Dispatcher, OfferedTool, ToolCallRequest } from '../../../src/main/dispatch/types';
import { createToolSet, type ToolSetDeps } from '../../../src/main/tools';
import { UNKNOWN_TOOL_FACTS } from '../../../src/main/tools/facts';
import type { ToolFacts } from '../../../src/main/tools/types';
import { openDatabase, type Db } from '../../../src/main/store/database';
import { createAgentsRepository } from '../../../src/main/store/agents';
import { createConversationsRepository, type ConversationsRepository } from '../../../src/main/store/conversations';
import { createAgentRunner, type AgentRunner } from '../../../src/main/agent/loop';
import type { AgentEvent } from '../../../src/main/agent/events';
import { createProjectLock, type ProjectLock } from '../../../src/main/workspace/projectLock';
import { createProviderFor } from '../../../src/main/agent/providers';
import { createFileSecretStore } from '../../../src/main/agent/keys';
import { defaultAgent } from '../../../src/main/agent/defaultAgent';
import type { ModelOverrides } from '../../../src/main/agent/models';
import type { BudgetGate } from '../../../src/main/agent/budgets';

export const TEST_KEY = 'sk-test-secret-key-0123456789';

export type FakeTool = (
  args: Record<string, unknown>,
  request: ToolCallRequest,
  signal: AbortSignal,
) => Promise<ToolResult> | ToolResult;

// What each built-in tool declares about itself (effects, result views), read from the real tools:
// the fake dispatches to fakes, but the loop asks the tools' own facts as it does in the core.
const builtinFacts = new Map<string, ToolFacts>(createToolSet({} as ToolSetDeps).map((tool) => [tool.name, tool]));

export function createFakeDispatcher(tools: Record<string, FakeTool>): Dispatcher & { calls: ToolCallRequest[] } {
  const calls: ToolCallRequest[] = [];
  return {
    calls,
    factsOf: (_agentId, name) => builtinFacts.get(name) ?? UNKNOWN_TOOL_FACTS,
    offeredTools(): OfferedTool[] {
      return Object.keys(tools).map((name) => ({
        name: name as OfferedTool['name'],
        description: `the ${name} tool`,
        inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
        effects: (builtinFacts.get(name) ?? UNKNOWN_TOOL_FACTS).effects,
      }));
    },
    async dispatch(request, signal) {
      calls.push(request);
      const tool = tools[request.tool];
      if (!tool) return { ok: false, status: 403, error: `refused: ${request.tool} is not granted` };
      return tool(request.args as Record<string, unknown>, request, signal);
    },
  };
}

export interface Core {
  dataDir: string;
  db: Db;
  agent: Agent;
  workspace: Workspace;
  conversations: ConversationsRepository;
  conversationId: string;
  lock: ProjectLock;
  runner: AgentRunner;
  events: AgentEvent[];
  text(turnId: string): string;
  close(): void;
}

export function createCore(options: {
  provider: Provider;
  baseUrl: string;
  dispatcher: Dispatcher;
  maxRetries?: number;
  dataDir?: string;
  /** Reopen an existing conversation (after a restart) instead of creating one. */
  conversationId?: string;
  vocabulary?: ScopeReport[];
  emit?: (event: AgentEvent) => void;
  modelOverrides?: ModelOverrides;
  turnLimit?: number;
  /** Spending limits, built on the test's database. */
  budgets?: (db: Db) => BudgetGate;
}): Core {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-agent-'));
  const workspaceDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-ws-'));
  const db = openDatabase(dataDir);
  const agent: Agent = { ...defaultAgent(), provider: options.provider, model: 'fake-model', baseUrl: options.baseUrl };
  const agents = createAgentsRepository(db);
  if (!agents.get(agent.id)) agents.create({ ...agent, id: agent.id });
  const workspace: Workspace = {
    agentId: agent.id,
    directory: workspaceDir,
    capturedPath: '/usr/bin:/bin',
    gitBinary: null,
    createdAt: agent.createdAt,
  };
  const conversations = createConversationsRepository(db);
  const conversationId = options.conversationId ?? conversations.create(agent.id, 'test').id;
  const secrets = createFileSecretStore(dataDir);
  secrets.set(agent.id, TEST_KEY);
  const lock = createProjectLock();
  const events: AgentEvent[] = [];
  const runner = createAgentRunner({
    db,
    dispatcher: options.dispatcher,
    vocabularyFor: () => options.vocabulary ?? [],
    providerFor: createProviderFor({ secrets, env: {}, maxRetries: options.maxRetries ?? 0 }),
    agents: { get: (id) => (id === agent.id ? agent : null) },
    workspaces: { get: (id) => (id === agent.id ? workspace : null) },
    emit: (event) => {
      events.push(event);
      options.emit?.(event);
    },
    lock,
    conversations,
    modelOverrides: options.modelOverrides ? () => options.modelOverrides as ModelOverrides : undefined,
    turnLimit: options.turnLimit,
    budgets: options.budgets?.(db),
  });
  return {
    dataDir,
    db,
    agent,
    workspace,
    conversations,
    conversationId,
    lock,
    runner,
    events,
    text: (turnId) =>
      events
        .filter(
          (event): event is Extract<AgentEvent, { type: 'text' }> => event.type === 'text' && event.turnId === turnId,
        )
        .map((event) => event.text)
        .join(''),
    close: () => db.close(),
  };
}

/** Resolves when the predicate holds for some event already emitted or emitted later. */
export function waitForEvent(
  core: Core,
  predicate: (event: AgentEvent) => boolean,
  timeoutMs = 20_000,
): Promise<AgentEvent> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = (): void => {
      const found = core.events.find(predicate);
      if (found) return resolve(found);
      if (Date.now() - started > timeoutMs) return reject(new Error('event did not arrive'));
      setTimeout(check, 5);
    };
    check();
  });
}

/** A deferred the test resolves, standing in for the owner answering a card. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
