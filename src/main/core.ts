// The composition root: builds every service of the core from a data directory and the
// environment. No import of electron: the same core runs in Electron, the web host, the CLI and tests.
import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir, type DataDirLock } from './dataDirLock';
import type { Agent, InstanceSwitches, ModelTablesView, Workspace } from '../shared/domain';
import { defaultAgent } from './agent/defaultAgent';
import { createFileSecretStore, type SecretCipher } from './agent/keys';
import { createAgentRunner } from './agent/loop';
import { createProjectLock } from './workspace/projectLock';
import { createProviderFor } from './agent/providers';
import { recoverInterruptedCalls } from './agent/recovery';
import { removeInterruptedTempFiles } from './workspace/tempJournal';
import { createPendingCards } from './approvals/pendingCards';
import { rememberChoices } from './policy';
import { createRememberedCommandsRepository } from './store/rememberedCommands';
import { createOwnerRequests } from './dispatch/ownerRequests';
import { createDispatcher } from './dispatch/dispatcher';
import { installedToolNames } from './dispatch/registry';
import { resolveSwitches } from './dispatch/switches';
import { describeVocabulary } from './dispatch/vocabulary';
import { createEventBus, showInWindow } from './events';
import { createWorkspaceWatchers } from './owner/workspaceWatcher';
import { MODEL_CONTEXT_WINDOWS_KEY, MODEL_PRICES_KEY, modelTablesView, validateModelOverrides, type ModelOverrides, type ModelOverridesInput } from './agent/models';
import { createWorkspaceAssignment } from './owner/workspaceAssignment';
import { ownerEnvFrom } from './processes/env';
import { capturePath, findGitBinary } from './processes/shellPath';
import { createAgentsRepository } from './store/agents';
import { createConversationsRepository } from './store/conversations';
import { openDatabase } from './store/database';
import { createSettingsRepository } from './store/settings';
import { createToolCallsRepository } from './store/toolCalls';
import { createWorkspacesRepository } from './store/workspaces';
import { createAgentCommitsRepository } from './store/agentCommits';
import type { GitCommitData } from './tools/git';
import { createToolSet } from './tools';
import { startServices } from './services';
import { createChromiumCapture } from './preview/chromiumCapture';
import type { CapturePage } from './preview/types';
import { createCheckpoints } from './checkpoints';
import { startMcpBridge } from './mcp/bridgeServer';
import { createMcpLiveSessions } from './mcp/liveSessions';
import { createAgentMcpServers, readHeaders } from './mcp/agentServers';
import { createMcpServerManager } from './mcp/servers';
import { mcpToolsFor } from './mcp/serverTools';
import { createMcpServersRepository } from './store/mcpServers';
import { isToolName } from './dispatch/registry';
import { lastRun } from './store/testRuns';
import { recordIfTestRun, type RecordInput } from './testRuns/record';
import { createUsageRepository } from './store/usage';
import { failingTestsFor, summaryFor } from './owner/summaryView';
import { createOwnerApi, type CoreServices } from './ownerApi';
import { validateWorkspaceRoot } from './workspace/root';
import { detectSandbox } from './sandbox/engine';
import { createGroupLedger } from './processes/ledger';
import { createSandbox } from './sandbox/sandbox';
import { loadShellGrammar } from './policy/shellGrammar';
import { containmentFor, type AgentSandboxChoices } from './sandbox/containment';
import { checkedDomainList, parseDomainList } from './sandbox/domains';
import type { VocabularyContainment } from './dispatch/vocabulary';

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
  cli: 'paddock mcp (a client\'s session with no Paddock window)',
  test: 'a Paddock test core',
};

export const SWITCHES_KEY = 'instance.switches';
const DEFAULT_AGENT_KEY = 'agents.defaultCreated';
const TAILSCALE_KEY = 'tailscale.enabled';
export const SANDBOX_CHOICES_KEY = 'sandbox.agentChoices';

export async function createCore(options: CoreOptions) {
  const log = options.log ?? ((message: string) => process.stderr.write(`[paddock] ${message}\n`));
  const dataDir = path.resolve(options.dataDir);
  const db = openDatabase(dataDir);
  // One core per data directory, before recovery touches anything another one may still be running.
  let dataDirLock: DataDirLock;
  try {
    dataDirLock = lockDataDir(dataDir, HOLDER_NAMES[options.host]);
  } catch (error) {
    db.close();
    throw error;
  }
  for (const dir of ['developer/logs', 'developer/empty-hooks', 'files']) {
    fs.mkdirSync(path.join(dataDir, dir), { recursive: true, mode: 0o700 });
  }

  const agents = createAgentsRepository(db);
  const workspaces = createWorkspacesRepository(db);
  const settings = createSettingsRepository(db);
  const toolCalls = createToolCallsRepository(db);
  const agentCommits = createAgentCommitsRepository(db);
  const remembered = createRememberedCommandsRepository(db);
  const conversations = createConversationsRepository(db);
  const usage = createUsageRepository(db);
  const secrets = createFileSecretStore(dataDir, options.cipher);
  const events = createEventBus();
  const watchers = createWorkspaceWatchers((agentId, paths) => events.emit({ type: 'files.changed', agentId, paths }));

  // The first start proposes one agent, developer (@dev), with the developer tools (seed 003 §11).
  if (!settings.get(DEFAULT_AGENT_KEY, false)) {
    if (agents.list().length === 0) agents.create(defaultAgent());
    settings.set(DEFAULT_AGENT_KEY, true);
  }

  // Switches are read once, here; a change in Settings is saved and applies at the next start.
  const savedSwitches = (): Partial<InstanceSwitches> => settings.get<Partial<InstanceSwitches>>(SWITCHES_KEY, {});
  const { switches, fromEnvironment } = resolveSwitches(savedSwitches(), options.env);
  const installed = installedToolNames(switches);

  // Recovery (SPEC §8): what was running or waiting when Paddock stopped is interrupted, never repeated.
  const interrupted = recoverInterruptedCalls(toolCalls, conversations);
  if (interrupted.length > 0) log(`${interrupted.length} tool call(s) were interrupted when Paddock last stopped; none is repeated`);
  const leftovers = removeInterruptedTempFiles(dataDir);
  if (leftovers > 0) log(`removed ${leftovers} temp file(s) of writes interrupted when Paddock last stopped`);

  // Every group an earlier Paddock started and did not see end (a crash, kill -9) ends now (issue 14 §3).
  const ledger = createGroupLedger(db);
  const reaped = ledger.reapLeftovers();
  if (reaped.groups + reaped.stragglers > 0) {
    log(`ended ${reaped.groups} process group(s) and ${reaped.stragglers} other process(es) left by an earlier Paddock`);
  }

  const services = await startServices({
    db,
    ledger,
    dataDir,
    env: options.env,
    events,
    tailscaleEnabled: () => settings.get(TAILSCALE_KEY, false),
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
    guardFor: (agentId, workspace) => containmentFor(agentId, workspace, { sandbox, choicesFor: sandboxChoicesFor }).longLived(),
    onChanged: (agentId) => events.emit({ type: 'mcp.changed', agentId }),
  });
  const mcpServers = createAgentMcpServers({ servers: mcpServerRecords, manager: mcpManager, agents, secrets });
  const offeredMcpTools = (agentId: string) => mcpToolsFor(agentId, mcpServerRecords, mcpManager);

  const cards = createPendingCards({
    onPending: (card) => events.emit({ type: 'card.pending', card }),
    onResolved: (cardId, decision) => events.emit({ type: 'card.resolved', cardId, decision }),
  });

  // The OS sandbox (SPEC §14), found once at start. PADDOCK_SANDBOX=off turns it off (then every
  // command that runs the project's code is a card, and Settings says why).
  // The bash grammar for run's shell forms in the sandbox, loaded once; until it is, they are cards.
  loadShellGrammar().catch((error: Error) => log(`the shell grammar did not load (${error.message}); shell forms in run are cards`));
  const sandbox = createSandbox({
    status: detectSandbox({ disabledBy: options.env.PADDOCK_SANDBOX === 'off' ? 'PADDOCK_SANDBOX=off' : null }),
    home: options.home,
    dataDir,
  });
  const sandboxChoicesFor = (agentId: string): AgentSandboxChoices => {
    const stored = settings.get<Record<string, Partial<AgentSandboxChoices>>>(SANDBOX_CHOICES_KEY, {})[agentId] ?? {};
    // Only checked entries count, whatever the stored JSON holds (an older `network: "on"` is gone: migration 010).
    const allowedDomains = Array.isArray(stored.allowedDomains) ? parseDomainList(stored.allowedDomains.join(' ')).entries : [];
    return { allowedDomains, uncontainedShell: stored.uncontainedShell === true, runListOnly: stored.runListOnly === true };
  };
  const setSandboxChoices = (agentId: string, choices: Partial<AgentSandboxChoices>): AgentSandboxChoices => {
    const all = settings.get<Record<string, Partial<AgentSandboxChoices>>>(SANDBOX_CHOICES_KEY, {});
    if (choices.allowedDomains) choices = { ...choices, allowedDomains: checkedDomainList(choices.allowedDomains) };
    all[agentId] = { ...sandboxChoicesFor(agentId), ...choices };
    settings.set(SANDBOX_CHOICES_KEY, all);
    const now = sandboxChoicesFor(agentId);
    sandbox.setAllowedDomains(agentId, now.allowedDomains);
    return now;
  };
  const vocabularyContainment = (agentId: string): VocabularyContainment => {
    const choices = sandboxChoicesFor(agentId);
    return { contained: sandbox.contained, line: sandbox.describe(choices.allowedDomains), uncontainedShell: choices.uncontainedShell };
  };

  const env = options.env;
  const tools = createToolSet({
    ledger,
    sandbox,
    sandboxChoicesFor,
    // Settings → Developer → Sandbox: "Run list only" keeps seed 003 §5 in run mode even while contained.
    runListOnlyFor: (agentId) => sandboxChoicesFor(agentId).runListOnly,
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
    agentCommits: (directory) => agentCommits.forDirectory(directory),
    onCommandFinished: (finished) => {
      // Every run whose program is a real test runner is recorded (seed 003 §11), its tail with it.
      const recorded = recordIfTestRun(db, finished);
      if (recorded === null) return null;
      events.emit({ type: 'summary.changed', agentId: finished.agentId });
      return Buffer.byteLength(recorded.outputTail, 'utf8');
    },
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

  // The floor's live owner requests: a running turn (the loop answers) or an open MCP session.
  const ownerRequests = createOwnerRequests();
  const mcpLiveSessions = createMcpLiveSessions();
  const dispatcher = createDispatcher({
    ownerRequestLive: (id, conversationId) => runner.activeTurn(conversationId) === id || ownerRequests.isLive(id, conversationId),
    db,
    agents,
    workspaces,
    toolCalls,
    cards,
    tools,
    installed,
    home: options.home,
    dataDir,
    rememberChoicesFor: (argv, directory) => rememberChoices(argv, directory).map((choice) => ({ kind: choice.kind, label: choice.sentence })),
    allowDomains: (agentId, domains) => {
      const now = sandboxChoicesFor(agentId).allowedDomains;
      setSandboxChoices(agentId, { allowedDomains: [...now, ...domains.filter((domain) => !now.includes(domain))] });
      events.emit({ type: 'sandbox.changed', agentId });
    },
    rememberCommand: (input) => {
      remembered.remember(input);
      events.emit({ type: 'remembered.changed' });
    },
    onOutput: (callId, chunk) => events.emit({ type: 'toolCall.output', callId, chunk }),
    onCallChanged: (callId) => {
      const call = toolCalls.get(callId);
      if (call) events.emit({ type: 'toolCall.changed', call });
    },
    mcpToolsFor: offeredMcpTools,
    onSucceeded: (tool, agentId, args, result) => {
      if (isToolName(tool)) showInWindow(events, tool, agentId, args, result.data);
      // The agent's own commits, so Summary knows where its work began on a branch without a base.
      const committed = result.data as Partial<GitCommitData> | undefined;
      const directory = workspaces.get(agentId)?.directory;
      if (tool === 'git' && committed?.kind === 'git-commit' && committed.commit && directory) agentCommits.record({ directory, commit: committed.commit, agentId });
    },
    beforeRun: checkpoints.beforeRun,
  });

  const vocabularyFor = (agentId: string) =>
    describeVocabulary(
      installed,
      agents.get(agentId)?.scopes ?? [],
      vocabularyContainment(agentId),
      offeredMcpTools(agentId).map((tool) => tool.definition.name as `mcp__${string}`),
    );
  // Servers of agents that have a workspace start now, so their tools are offered from the first turn.
  for (const record of mcpServerRecords.list()) void mcpManager.ensureStarted(record.agentId);
  const modelOverrides = (): ModelOverrides => ({
    contextWindows: settings.get<Record<string, number>>(MODEL_CONTEXT_WINDOWS_KEY, {}),
    prices: settings.get<ModelOverrides['prices']>(MODEL_PRICES_KEY, {}),
  });
  // Settings → Models (issue 16): the tables as they apply, and the owner's edits, checked here.
  const modelTables = {
    view: (): ModelTablesView => modelTablesView(modelOverrides()),
    set(input: ModelOverridesInput): ModelTablesView {
      const checked = validateModelOverrides(input);
      settings.set(MODEL_CONTEXT_WINDOWS_KEY, checked.contextWindows);
      settings.set(MODEL_PRICES_KEY, checked.prices);
      return modelTablesView(checked);
    },
  };
  const runner = createAgentRunner({
    db,
    dispatcher,
    vocabularyFor,
    providerFor: createProviderFor({ secrets, env: options.env, maxRetries: options.modelRetries }),
    agents,
    workspaces,
    emit: (event) => events.emit({ type: 'conversation', event }),
    lock,
    conversations,
    turnHooks: checkpoints.turnHooks,
    // Settings override the known context windows and prices (issue 16), read at every request.
    modelOverrides,
  });

  // A `paddock mcp` on this data directory sends its calls here, so its cards wait on this window;
  // a lone `paddock mcp` serves later ones too (no window: their cards are elicited or refused).
  const wantsBridge = options.mcpBridge ?? (options.host === 'web' || options.host === 'electron' || options.host === 'cli');
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
    secrets,
    events,
    switches,
    switchesFromEnvironment: fromEnvironment,
    savedSwitches,
    installed,
    assignment,
    capturedPath: assignment.capturedPath,
    findGit: (capturedPath: string) => findGitBinary(capturedPath),
    cards,
    checkpoints,
    modelTables,
    dispatcher,
    ownerRequests,
    /** The MCP sessions open on this core (a lone `paddock mcp` has one; the bridge may have many). */
    mcpLiveSessions,
    vocabularyFor,
    lock,
    runner,
    tailscaleEnabled: (): boolean => settings.get(TAILSCALE_KEY, false),
    setTailscaleEnabled: (enabled: boolean): void => settings.set(TAILSCALE_KEY, enabled),
    tailscaleStatement: services.tailscaleStatement,
    services,
    supervisor,
    sandbox,
    sandboxChoicesFor,
    setSandboxChoices,
    mcpBridge,
    mcpServers,
    watchers,
    saveSwitches: (patch: Partial<InstanceSwitches>): void => settings.set(SWITCHES_KEY, { ...savedSwitches(), ...patch }),
    usageFor: (conversationId: string) => usage.forConversation(conversationId),
    summaryFor: (agent: Agent, workspace: Workspace) => summaryFor(db, agent, workspace, { home: options.home, dataDir }),
    failingTestsFor: (agentId: string, workspace: Workspace | null) => failingTestsFor(db, agentId, workspace),
    recordTestRun: (finished: RecordInput): boolean => recordIfTestRun(db, finished) !== null,
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
