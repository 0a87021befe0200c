// The composition root: builds every module of the core from a data directory and the environment
// and wires them together; a rule is a method of the module that owns it, never a closure here.
// No import of electron: the same core runs in Electron, the web host, the CLI and tests.
import path from 'node:path';
import type { Agent, Workspace } from '../shared/domain';
import { proposeDefaultAgent } from './agent/defaultAgent';
import { createFileSecretStore, type SecretCipher } from './agent/keys';
import { createAgentRunner } from './agent/loop';
import { createDelegate, helperAgents } from './agent/delegate';
import { createDelegationsRepository } from './store/delegations';
import { createTasksRepository } from './store/tasks';
import { createTasks } from './owner/tasks';
import { createTaskActivity } from './owner/taskActivity';
import { createProjectLock } from './workspace/projectLock';
import { createProviderFor } from './agent/providers';
import { createPendingCards } from './approvals/pendingCards';
import { rememberChoices } from './policy';
import { createRememberedCommandsRepository } from './store/rememberedCommands';
import { createOwnerRequests } from './dispatch/ownerRequests';
import { createDispatcher } from './dispatch/dispatcher';
import { installedToolNames } from './dispatch/registry';
import { resolveSwitches } from './dispatch/switches';
import { describeVocabulary } from './dispatch/vocabulary';
import { createEventBus } from './events';
import { eventsAfter } from './tools/facts';
import { createWorkspaceWatchers } from './owner/workspaceWatcher';
import { createModelTables } from './agent/modelTables';
import { BUDGETS_KEY, createBudgetGate } from './agent/budgets';
import { createBudgetRaisesRepository } from './store/budgetRaises';
import { createAttentionChoices } from './owner/attentionSettings';
import { createWorkspaceAssignment } from './owner/workspaceAssignment';
import { ownerEnvFrom } from './processes/env';
import { capturePath, findGitBinary } from './processes/shellPath';
import { createAgentsRepository } from './store/agents';
import { createConversationsRepository } from './store/conversations';
import { createConversationSearch } from './store/conversationSearch';
import { createSettingsRepository } from './store/settings';
import { createToolCallsRepository } from './store/toolCalls';
import { createWorkspacesRepository } from './store/workspaces';
import { createAgentCommitsRepository } from './store/agentCommits';
import { createInstructionPinsRepository } from './store/instructionPins';
import { createPlansRepository } from './store/plans';
import { createTodosRepository } from './store/todos';
import { createProjectInstructions, pathsNamedBy } from './owner/projectInstructions';
import { createProjectCommands } from './owner/projectCommands';
import { createAgentCommitLog } from './dispatch/agentCommits';
import { createToolSet } from './tools';
import { startServices } from './services';
import { createChromiumCapture } from './preview/chromiumCapture';
import type { CapturePage } from './preview/types';
import { createCheckpoints } from './checkpoints';
import { startMcpBridge } from './mcp/bridgeServer';
import { createMcpLiveSessions } from './mcp/liveSessions';
import { mcpOwnerRequestId } from './mcp/session';
import { createAgentMcpServers, readHeaders } from './mcp/agentServers';
import { createMcpServerManager } from './mcp/servers';
import { mcpToolsFor } from './mcp/serverTools';
import { createMcpServersRepository } from './store/mcpServers';
import { lastRun } from './store/testRuns';
import { createTestRunRecorder } from './testRuns/record';
import { createUsageRepository } from './store/usage';
import { failingTestsFor, summaryFor } from './owner/summaryView';
import { createOwnerApi, type CoreServices } from './ownerApi';
import { validateWorkspaceRoot } from './workspace/root';
import { detectSandbox } from './sandbox/engine';
import { createGroupLedger } from './processes/ledger';
import { createSandbox } from './sandbox/sandbox';
import { loadShellGrammar } from './policy/shellGrammar';
import { containmentFor } from './sandbox/containment';
import { createSandboxChoices } from './sandbox/choices';
import { createInstanceSettings } from './owner/instanceSettings';
import { openDataDir, recoverAtStart } from './startup';

export interface CoreOptions {
  dataDir: string;
  home: string;
  env: NodeJS.ProcessEnv;
  host: 'electron' | 'web' | 'cli' | 'test';
  /** Electron's safeStorage, when the system keychain can encrypt; absent elsewhere (keys then sit in a 0600 file). */
  cipher?: SecretCipher;
  /** Serve MCP sessions of `paddock mcp` on <data>/mcp.sock; on by default where a window is attached (web, electron). */
  mcpBridge?: boolean;
  /** Retries of 429/5xx per model request (tests set 0). */
  modelRetries?: number;
  log?: (message: string) => void;
  /**
   * How the screenshot tool takes its picture; the host chooses (SPEC §6). Electron passes an
   * offscreen sandboxed window in its own partition; otherwise the system Chromium through Playwright.
   */
  capture?: CapturePage;
}

/** How the lock names each host to a second start. */
const HOLDER_NAMES: Record<CoreOptions['host'], string> = {
  electron: 'the Paddock window',
  web: 'paddock serve',
  cli: "paddock mcp (a client's session with no Paddock window)",
  test: 'a Paddock test core',
};

export async function createCore(options: CoreOptions) {
  const log = options.log ?? ((message: string) => process.stderr.write(`[paddock] ${message}\n`));
  const dataDir = path.resolve(options.dataDir);
  // One core per data directory, before recovery touches anything another one may still be running.
  const { db, dataDirLock } = openDataDir(dataDir, HOLDER_NAMES[options.host]);

  const agents = createAgentsRepository(db);
  const workspaces = createWorkspacesRepository(db);
  const settings = createSettingsRepository(db);
  const toolCalls = createToolCallsRepository(db);
  const agentCommits = createAgentCommitLog(
    createAgentCommitsRepository(db),
    (agentId) => workspaces.get(agentId)?.directory ?? null,
  );
  const remembered = createRememberedCommandsRepository(db);
  const conversations = createConversationsRepository(db);
  const usage = createUsageRepository(db);
  // The project's instruction files: only what the owner accepted (pinned) is an instruction.
  const instructionPins = createInstructionPinsRepository(db);
  // Slash commands: the owner's own, and the project's once the owner accepted their text.
  const slashCommands = createProjectCommands({ pins: instructionPins, home: options.home, dataDir });
  const projectInstructions = createProjectInstructions({
    pins: instructionPins,
    home: options.home,
    dataDir,
    workedPaths: (conversationId) => pathsNamedBy(toolCalls.listForConversation(conversationId)),
    onWaiting: (agentId) => events.emit({ type: 'instructions.changed', agentId }),
  });
  const delegations = createDelegationsRepository(db);
  const taskRecords = createTasksRepository(db);
  // A task's status follows its agent's turns and cards (owner/taskActivity.ts).
  const taskActivity = createTaskActivity(taskRecords, () => events.emit({ type: 'tasks.changed' }));
  // The helpers the owner picked per agent (none by default).
  const helperLookup = { agents, helpersOf: (agentId: string) => delegations.helpersOf(agentId) };
  const secrets = createFileSecretStore(dataDir, options.cipher);
  const events = createEventBus();
  const watchers = createWorkspaceWatchers((agentId, paths) => events.emit({ type: 'files.changed', agentId, paths }));

  // The first start proposes one agent, developer (@dev), with the developer tools (seed 003 §11).
  proposeDefaultAgent(agents, settings);

  // Switches are read once, here; a change in Settings is saved and applies at the next start.
  const instance = createInstanceSettings(settings);
  const { switches, fromEnvironment } = resolveSwitches(instance.savedSwitches(), options.env);
  const installed = installedToolNames(switches);

  const ledger = createGroupLedger(db);
  recoverAtStart({ dataDir, toolCalls, conversations, ledger }, log);
  delegations.interruptRunning('Paddock stopped before the helper answered');

  const services = await startServices({
    db,
    ledger,
    dataDir,
    env: options.env,
    events,
    tailscaleEnabled: instance.tailscaleEnabled,
    log,
  });
  const { supervisor } = services;

  const assignment = createWorkspaceAssignment({
    workspaces,
    validateRoot: (directory) => validateWorkspaceRoot(directory, { home: options.home, dataDir }),
    capturePath: async () => (await capturePath(options.env.SHELL, { env: options.env })).path,
    findGit: (capturedPath) => findGitBinary(capturedPath),
    // A new directory: the agent's processes and its stdio MCP servers stop (they start again there).
    stopAgentProcesses: async (agentId) => {
      await supervisor.stopAllForAgent(agentId);
      await mcpManager.stopFor(agentId);
    },
  });

  // The MCP servers the owner added for agents (issue 21): started in the workspace through the exec seam.
  const mcpServerRecords = createMcpServersRepository(db);
  const mcpManager = createMcpServerManager({
    servers: mcpServerRecords,
    workspaces,
    headersFor: (serverId) => readHeaders(secrets, serverId),
    home: options.home,
    ownerEnv: ownerEnvFrom(options.env),
    version: 'paddock',
    ledger,
    // In the agent's sandbox, like its commands (SPEC §14): sandbox is built below, before any server starts.
    guardFor: (agentId, workspace, stop) =>
      containmentFor(agentId, workspace, { sandbox, choicesFor: sandboxChoices.choicesFor }).longLived(stop),
    onChanged: (agentId) => events.emit({ type: 'mcp.changed', agentId }),
  });
  const mcpServers = createAgentMcpServers({ servers: mcpServerRecords, manager: mcpManager, agents, secrets });
  const offeredMcpTools = (agentId: string) => mcpToolsFor(agentId, mcpServerRecords, mcpManager);

  const cards = createPendingCards({
    onPending: (card) => {
      events.emit({ type: 'card.pending', card });
      taskActivity.cardPending(card);
    },
    onResolved: (cardId, decision) => {
      events.emit({ type: 'card.resolved', cardId, decision });
      taskActivity.cardResolved();
    },
  });

  // The OS sandbox (SPEC §14), found once at start. PADDOCK_SANDBOX=off turns it off (then every
  // command that runs the project's code is a card, and Settings says why).
  // The bash grammar for run's shell forms in the sandbox, loaded once; until it is, they are cards.
  loadShellGrammar().catch((error: Error) =>
    log(`the shell grammar did not load (${error.message}); shell forms in run are cards`),
  );
  const sandbox = createSandbox({
    status: detectSandbox({ disabledBy: options.env.PADDOCK_SANDBOX === 'off' ? 'PADDOCK_SANDBOX=off' : null }),
    home: options.home,
    dataDir,
  });
  const sandboxChoices = createSandboxChoices(settings, sandbox);
  const testRuns = createTestRunRecorder(db, (agentId) => events.emit({ type: 'summary.changed', agentId }));

  const plans = createPlansRepository(db);
  const todos = createTodosRepository(db);
  const env = options.env;
  const tools = createToolSet({
    plans: { plans, onProposed: (plan) => events.emit({ type: 'plans.changed', conversationId: plan.conversationId }) },
    todos: { todos, onChanged: (conversationId) => events.emit({ type: 'todos.changed', conversationId }) },
    ledger,
    sandbox,
    sandboxChoicesFor: sandboxChoices.choicesFor,
    // Settings → Developer → Sandbox: "Run list only" keeps seed 003 §5 in run mode even while contained.
    runListOnlyFor: (agentId) => sandboxChoices.choicesFor(agentId).runListOnly,
    assignment,
    supervisor,
    ownServices: services.ownServices,
    preview: services.preview,
    capture: options.capture ?? createChromiumCapture({ executablePath: env.PADDOCK_CHROMIUM }),
    ownerEnv: ownerEnvFrom(env),
    shell: env.SHELL,
    rememberedFor: (agentId, directory) => remembered.listFor(agentId, directory),
    rememberedUsed: (id) => {
      remembered.markUsed(id);
      events.emit({ type: 'remembered.changed' });
    },
    lastTestRun: (agentId, directory) => lastRun(db, agentId, directory),
    agentCommits: agentCommits.forDirectory,
    // Every run whose program is a real test runner is recorded (seed 003 §11), its tail with it.
    onCommandFinished: testRuns.commandFinished,
    // A delegate's answer (seed 003 §10.5), run by the delegation runner built beside the dispatcher;
    // the tool is offered only to an agent the owner picked a helper for.
    delegate: (input) => delegate(input),
    hasHelpers: (agentId) => helperAgents(helperLookup, agentId).length > 0,
  });

  const lock = createProjectLock();
  // Checkpoints (issue 20): the dispatcher's beforeRun and the loop's turnHooks are its two hooks.
  const checkpoints = createCheckpoints({
    db,
    dataDir,
    home: options.home,
    settings,
    conversations,
    workspaces,
    agentHandle: (agentId) => agents.get(agentId)?.handle ?? null,
    findGit: (capturedPath) => findGitBinary(capturedPath),
    cards,
    lock,
    processes: { list: () => supervisor.list(), stop: (agentId, name) => supervisor.stop(agentId, name) },
    // Snapshots read the workspace inside its reader sandbox, where no link leads to the owner's files.
    sandbox,
    changed: (conversationId) => {
      // A restore marks messages undone behind the loop: its kept history is read again next turn.
      runner.forgetHistory(conversationId);
      events.emit({ type: 'checkpoints.changed', conversationId });
    },
    log,
  });

  // The floor's live owner requests: a working turn (the loop opens it) or an open MCP session.
  const ownerRequests = createOwnerRequests();
  const mcpLiveSessions = createMcpLiveSessions();
  const dispatcher = createDispatcher({
    ownerRequestLive: ownerRequests.isLive,
    db,
    agents,
    workspaces,
    toolCalls,
    cards,
    tools,
    installed,
    turnModeFor: (turnId) => runner.turnMode(turnId),
    home: options.home,
    dataDir,
    rememberChoicesFor: (argv, directory) =>
      rememberChoices(argv, directory).map((choice) => ({ kind: choice.kind, label: choice.sentence })),
    allowDomains: (agentId, domains) => {
      sandboxChoices.allowDomains(agentId, domains);
      events.emit({ type: 'sandbox.changed', agentId });
    },
    rememberCommand: (input) => {
      remembered.remember(input);
      events.emit({ type: 'remembered.changed' });
    },
    onOutput: (callId, chunk) => events.emit({ type: 'toolCall.output', callId, chunk }),
    onCallChanged: (call) => events.emit({ type: 'toolCall.changed', call }),
    mcpToolsFor: offeredMcpTools,
    onSucceeded: (tool, agentId, args, result) => {
      for (const event of eventsAfter(tool, { agentId, args, data: result.data })) events.emit(event);
      agentCommits.noteSucceeded(agentId, result.data);
    },
    beforeRun: checkpoints.beforeRun,
  });

  const vocabularyFor = (agentId: string) =>
    describeVocabulary(
      installed,
      agents.get(agentId)?.scopes ?? [],
      sandboxChoices.containmentOf(agentId),
      offeredMcpTools(agentId).map((tool) => tool.definition.name as `mcp__${string}`),
      helperAgents(helperLookup, agentId).map((helper) => helper.handle),
    );
  // Servers of agents that have a workspace start now, so their tools are offered from the first turn.
  for (const record of mcpServerRecords.list()) void mcpManager.ensureStarted(record.agentId);
  const modelTables = createModelTables(settings);
  // Spending limits: Settings' limits against model_usage, checked by the loop before each request.
  const budgets = createBudgetGate({
    usage,
    raises: createBudgetRaisesRepository(db),
    read: () => settings.get<unknown>(BUDGETS_KEY, null),
    write: (value) => settings.set(BUDGETS_KEY, value),
  });
  const attention = createAttentionChoices(settings);
  // Full-text search (issue 32 §4): messages written while Paddock was stopped (or by a `paddock mcp`) are indexed now.
  const search = createConversationSearch(db);
  const indexingFailed = (error: Error): void =>
    log(`the search index could not take new messages (${error.message}); the next search tries again`);
  search.indexSoon(indexingFailed);
  const providerFor = createProviderFor({ secrets, env: options.env, maxRetries: options.modelRetries });
  // Delegates think but cannot act: each runs at depth 1, offered no tool, its calls refused by the floor.
  const delegate = createDelegate({
    ...helperLookup,
    providerFor,
    dispatcher,
    delegations,
    usage,
    modelOverrides: modelTables.overrides,
    onChanged: (callId) => {
      const view = delegations.get(callId);
      if (view) events.emit({ type: 'delegation.changed', delegation: view });
    },
  });
  const runner = createAgentRunner({
    db,
    dispatcher,
    vocabularyFor,
    instructionsFor: (workspace, conversationId) => projectInstructions.forPrompt(workspace, conversationId),
    providerFor,
    agents,
    workspaces,
    emit: (event) => {
      taskActivity.noteTurn(event);
      events.emit({ type: 'conversation', event });
      // What the turn wrote goes into the search index after it, never inside its steps.
      if (event.type === 'turn_ended') search.indexSoon(indexingFailed);
    },
    lock,
    conversations,
    turnHooks: checkpoints.turnHooks,
    ownerRequests,
    // Settings override the known context windows and prices (issue 16), read at every request.
    modelOverrides: modelTables.overrides,
    budgets,
  });

  // A `paddock mcp` on this data directory sends its calls here, so its cards wait on this window;
  // a lone `paddock mcp` serves later ones too (no window: their cards are elicited or refused).
  const wantsBridge =
    options.mcpBridge ?? (options.host === 'web' || options.host === 'electron' || options.host === 'cli');
  const mcpBridge = wantsBridge
    ? await startMcpBridge(
        {
          agents,
          workspaces,
          assignment,
          conversations,
          dispatcher,
          ownerRequests,
          liveSessions: mcpLiveSessions,
          windowCards: options.host === 'cli' ? null : cards,
          turnHooks: checkpoints.turnHooks,
          onOpened: (agentId) => {
            events.emit({ type: 'agents.changed' });
            events.emit({ type: 'conversations.changed', agentId });
          },
        },
        dataDir,
        log,
      )
    : null;

  // Tasks (issue 34): a branch and worktree of an agent's repository, with an agent of its own.
  const tasks = createTasks({
    dataDir,
    home: options.home,
    ownerEnv: ownerEnvFrom(options.env),
    agents,
    workspaces,
    tasks: taskRecords,
    assignment,
    secrets,
    sandboxChoicesFor: sandboxChoices.choicesFor,
    setSandboxChoices: (agentId, choices) => void sandboxChoices.setChoices(agentId, choices),
    containmentFor: (agentId, workspace) =>
      containmentFor(agentId, workspace, { sandbox, choicesFor: sandboxChoices.choicesFor }),
    ledger,
    stopAgentProcesses: async (agentId) => {
      await supervisor.stopAllForAgent(agentId);
      await mcpManager.stopFor(agentId);
    },
    removeAgent: async (agentId) => {
      await supervisor.stopAllForAgent(agentId);
      agents.remove(agentId);
    },
  });

  const core = {
    options: { ...options, dataDir },
    log,
    db,
    /** Every process group started for an agent or for the owner's test run is recorded here (issue 14 §3). */
    ledger,
    agents,
    workspaces,
    settings,
    toolCalls,
    remembered,
    conversations,
    search,
    /** An MCP client's session writes into this conversation while it is open (issue 21). */
    mcpSessionOpen: (conversationId: string): boolean =>
      ownerRequests.isLive(mcpOwnerRequestId(conversationId), conversationId),
    projectInstructions,
    slashCommands,
    plans,
    /** Each conversation's task list; a fork calls todos.copyTo(from, to). */
    todos,
    delegations,
    tasks,
    lastTurnEnd: taskActivity.lastTurnEnd,
    secrets,
    events,
    switches,
    switchesFromEnvironment: fromEnvironment,
    savedSwitches: instance.savedSwitches,
    installed,
    assignment,
    capturedPath: assignment.capturedPath,
    findGit: (capturedPath: string) => findGitBinary(capturedPath),
    cards,
    checkpoints,
    modelTables,
    budgets,
    attention,
    dispatcher,
    ownerRequests,
    /** The MCP sessions open on this core (a lone `paddock mcp` has one; the bridge may have many). */
    mcpLiveSessions,
    vocabularyFor,
    lock,
    runner,
    tailscaleEnabled: instance.tailscaleEnabled,
    setTailscaleEnabled: instance.setTailscaleEnabled,
    tailscaleStatement: services.tailscaleStatement,
    services,
    supervisor,
    sandbox,
    sandboxChoices,
    sandboxChoicesFor: sandboxChoices.choicesFor,
    setSandboxChoices: sandboxChoices.setChoices,
    mcpBridge,
    mcpServers,
    watchers,
    saveSwitches: instance.saveSwitches,
    usageFor: (conversationId: string) => usage.forConversation(conversationId),
    summaryFor: (agent: Agent, workspace: Workspace) =>
      summaryFor(db, agent, workspace, { home: options.home, dataDir }),
    failingTestsFor: (agentId: string, workspace: Workspace | null) => failingTestsFor(db, agentId, workspace),
    testRuns,
    async removeAgent(agentId: string): Promise<void> {
      // Its processes die with it (seed 003 §4).
      await supervisor.stopAllForAgent(agentId);
      agents.remove(agentId);
    },
    async shutdown(): Promise<void> {
      // Turns first: nothing may reach the model or the tools while the rest stops.
      const turns = runner.cancelAll();
      cards.cancelAll('Paddock quit before the card was answered');
      await mcpBridge?.close();
      await turns;
      // Let the dispatcher record those cards as unanswered before the database closes.
      await new Promise((resolve) => setImmediate(resolve));
      await mcpManager.stopAll();
      await services.stop();
      await watchers.close();
      await sandbox.close();
      events.flush();
      db.close();
      dataDirLock.release();
    },
  };
  // The window's view of the core (api/coreApi.ts): one method per owner action, all a handler reaches.
  const built: CoreServices = core;
  return { ...core, api: createOwnerApi(built) };
}

export type Core = Awaited<ReturnType<typeof createCore>>;
