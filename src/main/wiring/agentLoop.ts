// The agents' side, as the core wires it: the model tables and spending limits the loop reads at
// every request, the providers, the helpers a delegate call asks (seed 003 §10.5), the
// conversations' search index, and the loop itself over the dispatcher.
import type { ToolName, Workspace } from '../../shared/domain';
import { BUDGETS_KEY, createBudgetGate } from '../agent/budgets';
import { createDelegate, helperAgents } from '../agent/delegate';
import type { SecretStore } from '../agent/keys';
import { createAgentRunner, type TurnHooks } from '../agent/loop';
import { createModelTables } from '../agent/modelTables';
import { createProviderFor } from '../agent/providers';
import type { Dispatcher } from '../dispatch/types';
import type { OwnerRequests } from '../dispatch/ownerRequests';
import { describeVocabulary } from '../dispatch/vocabulary';
import type { EventBus } from '../events';
import type { ProjectInstructions } from '../owner/projectInstructions';
import type { TaskActivity } from '../owner/taskActivity';
import type { SandboxChoices } from '../sandbox/choices';
import { createConversationSearch } from '../store/conversationSearch';
import type { Db } from '../store/database';
import type { AnyToolDefinition } from '../tools/types';
import type { ProjectLock } from '../workspace/projectLock';
import { helpersOf } from './callPath';
import type { Records } from './records';

export interface AgentLoopDeps {
  db: Db;
  env: NodeJS.ProcessEnv;
  modelRetries?: number;
  records: Records;
  secrets: SecretStore;
  events: EventBus;
  dispatcher: Dispatcher;
  installed: Set<ToolName>;
  sandboxChoices: SandboxChoices;
  mcpToolsFor(agentId: string): { definition: AnyToolDefinition }[];
  projectInstructions: ProjectInstructions;
  taskActivity: TaskActivity;
  lock: ProjectLock;
  turnHooks: TurnHooks;
  ownerRequests: OwnerRequests;
  log(message: string): void;
}

export function createAgentLoop(deps: AgentLoopDeps) {
  const { records, events } = deps;
  const settings = records.settings;
  const helpers = helpersOf(records);
  const vocabularyFor = (agentId: string) =>
    describeVocabulary(
      deps.installed,
      records.agents.get(agentId)?.scopes ?? [],
      deps.sandboxChoices.containmentOf(agentId),
      deps.mcpToolsFor(agentId).map((tool) => tool.definition.name as `mcp__${string}`),
      helperAgents(helpers, agentId).map((helper) => helper.handle),
    );
  const modelTables = createModelTables(settings);
  // Spending limits: Settings' limits against model_usage, checked by the loop before each request.
  const budgets = createBudgetGate({
    usage: records.usage,
    raises: records.budgetRaises,
    read: () => settings.get<unknown>(BUDGETS_KEY, null),
    write: (value) => settings.set(BUDGETS_KEY, value),
  });
  // Full-text search (issue 32 §4): messages written while Paddock was stopped (or by a `paddock mcp`) are indexed now.
  const search = createConversationSearch(deps.db);
  const indexingFailed = (error: Error): void =>
    deps.log(`the search index could not take new messages (${error.message}); the next search tries again`);
  search.indexSoon(indexingFailed);
  const providerFor = createProviderFor({ secrets: deps.secrets, env: deps.env, maxRetries: deps.modelRetries });
  // Delegates think but cannot act: each runs at depth 1, offered no tool, its calls refused by the floor.
  const delegate = createDelegate({
    ...helpers,
    providerFor,
    dispatcher: deps.dispatcher,
    delegations: records.delegations,
    usage: records.usage,
    budgets,
    modelOverrides: modelTables.overrides,
    onChanged: (callId) => {
      const view = records.delegations.get(callId);
      if (view) events.emit({ type: 'delegation.changed', delegation: view });
    },
  });
  const runner = createAgentRunner({
    db: deps.db,
    dispatcher: deps.dispatcher,
    vocabularyFor,
    instructionsFor: (workspace: Workspace, conversationId) =>
      deps.projectInstructions.forPrompt(workspace, conversationId),
    providerFor,
    agents: records.agents,
    workspaces: records.workspaces,
    emit: (event) => {
      deps.taskActivity.noteTurn(event);
      events.emit({ type: 'conversation', event });
      // What the turn wrote goes into the search index after it, never inside its steps.
      if (event.type === 'turn_ended') search.indexSoon(indexingFailed);
    },
    lock: deps.lock,
    conversations: records.conversations,
    turnHooks: deps.turnHooks,
    ownerRequests: deps.ownerRequests,
    // Settings override the known context windows and prices (issue 16), read at every request.
    modelOverrides: modelTables.overrides,
    budgets,
  });
  return { vocabularyFor, modelTables, budgets, search, delegate, runner };
}
