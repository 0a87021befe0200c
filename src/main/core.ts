// The composition root: builds every module of the core from a data directory and the environment
// and wires them together; a rule is a method of the module that owns it, never a closure here.
// Its parts are wired in wiring/: the store's repositories, the call path, the agent loop, MCP.
// No import of electron: the same core runs in Electron, the web host, the CLI and tests.
import path from 'node:path';
import type { Agent, Workspace } from '../shared/domain';
import { proposeDefaultAgent } from './agent/defaultAgent';
import { createFileSecretStore, type SecretCipher } from './agent/keys';
import { createTasks } from './owner/tasks';
import { createTaskSetup, SETUP_SCRIPTS_KEY } from './owner/taskSetup';
import { createTaskActivity } from './owner/taskActivity';
import { createProjectLock } from './workspace/projectLock';
import { installedToolNames } from './dispatch/registry';
import { resolveSwitches } from './dispatch/switches';
import { createEventBus } from './events';
import { createWorkspaceWatchers } from './owner/workspaceWatcher';
import { createAttentionChoices } from './owner/attentionSettings';
import { createWorkspaceAssignment } from './owner/workspaceAssignment';
import { ownerEnvFrom } from './processes/env';
import { capturePath, findGitBinary } from './processes/shellPath';
import { createProjectInstructions, pathsNamedBy } from './owner/projectInstructions';
import { createProjectCommands } from './owner/projectCommands';
import { createAgentCommitLog } from './dispatch/agentCommits';
import { startServices } from './services';
import type { CapturePage } from './preview/types';
import { createMcpLiveSessions } from './mcp/liveSessions';
import { mcpOwnerRequestId } from './mcp/session';
import { createTestRunRecorder } from './testRuns/record';
import { failingTestsFor, summaryFor } from './owner/summaryView';
import { createOwnerApi, type CoreServices } from './ownerApi';
import { validateWorkspaceRoot } from './workspace/root';
import { detectSandbox } from './sandbox/engine';
import { createGroupLedger } from './processes/ledger';
import { createSandbox } from './sandbox/sandbox';
import { containmentFor } from './sandbox/containment';
import { createSandboxChoices } from './sandbox/choices';
import { createInstanceSettings } from './owner/instanceSettings';
import { openDataDir, recoverAtStart } from './startup';
import { openRecords } from './wiring/records';
import { createAgentMcp, serveMcpBridge } from './wiring/agentMcp';
import { createCallPath } from './wiring/callPath';
import { createAgentLoop } from './wiring/agentLoop';
import { iconOf } from './tools/facts';

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

  // A call's record carries what its tool declares the window's row draws: read when a record is
  // read, which is never before the call path (and so the dispatcher) exists.
  const records = openRecords(db, { iconOf: (agentId, tool) => iconOf(dispatcher.factsOf(agentId, tool)) });
  const { agents, workspaces, settings, toolCalls, remembered, conversations, usage, delegations } = records;
  const agentCommits = createAgentCommitLog(
    records.agentCommits,
    (agentId) => workspaces.get(agentId)?.directory ?? null,
  );
  // Slash commands: the owner's own, and the project's once the owner accepted their text.
  const slashCommands = createProjectCommands({ pins: records.instructionPins, home: options.home, dataDir });
  const projectInstructions = createProjectInstructions({
    pins: records.instructionPins,
    home: options.home,
    dataDir,
    workedPaths: (conversationId) => pathsNamedBy(toolCalls.listForConversation(conversationId)),
    onWaiting: (agentId) => events.emit({ type: 'instructions.changed', agentId }),
  });
  // A task's status follows its agent's turns and cards (owner/taskActivity.ts).
  const taskActivity = createTaskActivity(records.tasks, () => events.emit({ type: 'tasks.changed' }));
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

  // The OS sandbox (SPEC §14), found once at start. PADDOCK_SANDBOX=off turns it off (then every
  // command that runs the project's code is a card, and Settings says why).
  const sandbox = createSandbox({
    status: detectSandbox({ disabledBy: options.env.PADDOCK_SANDBOX === 'off' ? 'PADDOCK_SANDBOX=off' : null }),
    home: options.home,
    dataDir,
  });
  const sandboxChoices = createSandboxChoices(settings, sandbox);

  // The MCP servers the owner added for agents (issue 21), in the agent's sandbox like its commands.
  const mcp = createAgentMcp({
    records,
    secrets,
    home: options.home,
    env: options.env,
    ledger,
    sandbox,
    sandboxChoices,
    events,
  });
  const mcpManager = mcp.manager;
  // An agent's processes are its supervised commands and its stdio MCP servers.
  const stopAgentProcesses = async (agentId: string): Promise<void> => {
    await supervisor.stopAllForAgent(agentId);
    await mcpManager.stopFor(agentId);
  };
  // A removed agent's processes die with it (seed 003 §4).
  const removeAgent = async (agentId: string): Promise<void> => {
    await supervisor.stopAllForAgent(agentId);
    agents.remove(agentId);
  };

  const assignment = createWorkspaceAssignment({
    workspaces,
    validateRoot: (directory) => validateWorkspaceRoot(directory, { home: options.home, dataDir }),
    capturePath: async () => (await capturePath(options.env.SHELL, { env: options.env })).path,
    findGit: (capturedPath) => findGitBinary(capturedPath),
    // A new directory: the agent's processes and its stdio MCP servers stop (they start again there).
    stopAgentProcesses,
  });
  const testRuns = createTestRunRecorder(db, (agentId) => events.emit({ type: 'summary.changed', agentId }));

  const lock = createProjectLock();
  // The loop is built after the call path it drives: what the call path asks of it is read at call time.
  const { cards, checkpoints, ownerRequests, dispatcher } = createCallPath({
    db,
    dataDir,
    home: options.home,
    env: options.env,
    capture: options.capture,
    records,
    events,
    ledger,
    sandbox,
    sandboxChoices,
    services,
    assignment,
    testRuns,
    agentCommits,
    taskActivity,
    lock,
    installed,
    mcpToolsFor: mcp.offeredTools,
    loop: {
      turnMode: (turnId) => loop.runner.turnMode(turnId),
      forgetHistory: (conversationId) => loop.runner.forgetHistory(conversationId),
      delegate: (input) => loop.delegate(input),
    },
    log,
  });
  const mcpLiveSessions = createMcpLiveSessions();
  mcp.startAll();
  const attention = createAttentionChoices(settings);
  const loop = createAgentLoop({
    db,
    env: options.env,
    modelRetries: options.modelRetries,
    records,
    secrets,
    events,
    dispatcher,
    installed,
    sandboxChoices,
    mcpToolsFor: mcp.offeredTools,
    projectInstructions,
    taskActivity,
    lock,
    turnHooks: checkpoints.turnHooks,
    ownerRequests,
    log,
  });
  const { vocabularyFor, modelTables, budgets, search, runner } = loop;

  const mcpBridge = await serveMcpBridge(
    options.host,
    options.mcpBridge,
    {
      agents,
      workspaces,
      assignment,
      conversations,
      dispatcher,
      ownerRequests,
      liveSessions: mcpLiveSessions,
      cards,
      turnHooks: checkpoints.turnHooks,
      onOpened: (agentId) => {
        events.emit({ type: 'agents.changed' });
        events.emit({ type: 'conversations.changed', agentId });
      },
    },
    dataDir,
    log,
  );

  // Tasks (issue 34): a branch and worktree of an agent's repository, with an agent of its own.
  const taskSetup = createTaskSetup({
    home: options.home,
    ownerEnv: ownerEnvFrom(options.env),
    ledger,
    containmentFor: (agentId, workspace) =>
      containmentFor(agentId, workspace, { sandbox, choicesFor: sandboxChoices.choicesFor }),
    readScripts: () => settings.get<unknown>(SETUP_SCRIPTS_KEY, null),
    writeScripts: (scripts) => settings.set(SETUP_SCRIPTS_KEY, scripts),
  });
  const tasks = createTasks({
    dataDir,
    home: options.home,
    agents,
    workspaces,
    tasks: records.tasks,
    assignment,
    secrets,
    sandboxChoicesFor: sandboxChoices.choicesFor,
    setSandboxChoices: (agentId, choices) => void sandboxChoices.setChoices(agentId, choices),
    setup: taskSetup,
    agentCommitsIn: agentCommits.forDirectory,
    stopAgentProcesses,
    removeAgent,
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
    plans: records.plans,
    /** Each conversation's task list; a fork calls todos.copyTo(from, to). */
    todos: records.todos,
    delegations,
    tasks,
    taskSetup,
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
    mcpServers: mcp.servers,
    watchers,
    saveSwitches: instance.saveSwitches,
    usageFor: (conversationId: string) => usage.forConversation(conversationId),
    summaryFor: (agent: Agent, workspace: Workspace, base?: string) =>
      summaryFor(db, agent, workspace, { home: options.home, dataDir }, base),
    failingTestsFor: (agentId: string, workspace: Workspace | null) => failingTestsFor(db, agentId, workspace),
    testRuns,
    removeAgent,
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
