// The composition root: builds every service of the core from a data directory and the
// environment. No import of electron: the same core runs in Electron, the web host, the CLI and tests.
import fs from 'node:fs';
import path from 'node:path';
import type { InstanceSwitches } from '../shared/domain';
import { defaultAgent } from './agent/defaultAgent';
import { createFileSecretStore, type SecretCipher } from './agent/keys';
import { createAgentRunner } from './agent/loop';
import { createProjectLock } from './agent/projectLock';
import { createProviderFor } from './agent/providers';
import { recoverInterruptedCalls } from './agent/recovery';
import { createPendingCards } from './approvals/pendingCards';
import { rememberChoices } from './policy';
import { createRememberedCommandsRepository } from './store/rememberedCommands';
import { createDispatcher } from './dispatch/dispatcher';
import { installedToolNames } from './dispatch/registry';
import { resolveSwitches } from './dispatch/switches';
import { describeVocabulary } from './dispatch/vocabulary';
import { createEventBus, showInWindow } from './events';
import { MODEL_CONTEXT_WINDOWS_KEY, MODEL_PRICES_KEY, type ModelOverrides } from './agent/models';
import { createWorkspaceAssignment } from './owner/workspaceAssignment';
import { capturePath, findGitBinary } from './processes/shellPath';
import { createAgentsRepository } from './store/agents';
import { createConversationStore } from './store/conversations';
import { openDatabase } from './store/database';
import { createSettingsRepository } from './store/settings';
import { createToolCallsRepository } from './store/toolCalls';
import { createWorkspacesRepository } from './store/workspaces';
import { createToolSet } from './tools';
import { startServices } from './services';
import { createChromiumCapture } from './preview/chromiumCapture';
import { lastRun, recordIfTestRun } from './store/testRuns';
import { validateWorkspaceRoot } from './workspace/root';

export interface CoreOptions {
  dataDir: string;
  home: string;
  env: NodeJS.ProcessEnv;
  host: 'electron' | 'web' | 'cli' | 'test';
  /** Electron's safeStorage, when the system keychain can encrypt; absent elsewhere (keys then sit in a 0600 file). */
  cipher?: SecretCipher;
  /** Retries of 429/5xx per model request (tests set 0). */
  modelRetries?: number;
  log?: (message: string) => void;
}

export const SWITCHES_KEY = 'instance.switches';
const DEFAULT_AGENT_KEY = 'agents.defaultCreated';
const TAILSCALE_KEY = 'tailscale.enabled';

export async function createCore(options: CoreOptions) {
  const log = options.log ?? ((message: string) => process.stderr.write(`[paddock] ${message}\n`));
  const dataDir = path.resolve(options.dataDir);
  const db = openDatabase(dataDir);
  for (const dir of ['developer/logs', 'developer/empty-hooks', 'files']) {
    fs.mkdirSync(path.join(dataDir, dir), { recursive: true, mode: 0o700 });
  }

  const agents = createAgentsRepository(db);
  const workspaces = createWorkspacesRepository(db);
  const settings = createSettingsRepository(db);
  const toolCalls = createToolCallsRepository(db);
  const remembered = createRememberedCommandsRepository(db);
  const conversations = createConversationStore(db);
  const secrets = createFileSecretStore(dataDir, options.cipher);
  const events = createEventBus();

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
  const interrupted = recoverInterruptedCalls(db, conversations);
  if (interrupted.length > 0) log(`${interrupted.length} tool call(s) were interrupted when Paddock last stopped; none is repeated`);

  const services = await startServices({
    db,
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
    stopAgentProcesses: (agentId) => supervisor.stopAllForAgent(agentId),
  });

  const cards = createPendingCards({
    onPending: (card) => events.emit({ type: 'card.pending', card }),
    onResolved: (cardId, decision) => events.emit({ type: 'card.resolved', cardId, decision }),
  });

  const env = options.env;
  const tools = createToolSet({
    assignment,
    supervisor,
    preview: services.preview,
    // Electron and the web host alike use the system Chromium for screenshots (SPEC §6).
    capture: createChromiumCapture({ executablePath: env.PADDOCK_CHROMIUM }),
    ownerEnv: { USER: env.USER, LOGNAME: env.LOGNAME, LANG: env.LANG, LC_ALL: env.LC_ALL, TMPDIR: env.TMPDIR, SHELL: env.SHELL },
    shell: env.SHELL,
    rememberedFor: (agentId, directory) => remembered.listFor(agentId, directory),
    lastTestRun: (agentId, directory) => lastRun(db, agentId, directory),
    onCommandFinished: (finished) => {
      // Every run whose program is a real test runner is recorded (seed 003 §11).
      if (recordIfTestRun(db, finished)) events.emit({ type: 'summary.changed', agentId: finished.agentId });
    },
  });

  const dispatcher = createDispatcher({
    db,
    agents,
    workspaces,
    toolCalls,
    cards,
    tools,
    installed,
    home: options.home,
    dataDir,
    rememberChoicesFor: (argv) => rememberChoices(argv).map((choice) => ({ kind: choice.kind, label: choice.sentence })),
    rememberCommand: (input) => {
      remembered.remember(input);
      events.emit({ type: 'remembered.changed' });
    },
    onOutput: (callId, chunk) => events.emit({ type: 'toolCall.output', callId, chunk }),
    onCallChanged: (callId) => {
      const call = toolCalls.get(callId);
      if (call) events.emit({ type: 'toolCall.changed', call });
    },
    onSucceeded: (tool, agentId, args, result) => showInWindow(events, tool, agentId, args, result.data),
  });

  const vocabularyFor = (agentId: string) => describeVocabulary(installed, agents.get(agentId)?.scopes ?? []);
  const lock = createProjectLock();
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
    // Settings override the known context windows and prices (issue 16), read at every request.
    modelOverrides: () => ({
      contextWindows: settings.get<Record<string, number>>(MODEL_CONTEXT_WINDOWS_KEY, {}),
      prices: settings.get<ModelOverrides['prices']>(MODEL_PRICES_KEY, {}),
    }),
  });

  return {
    options: { ...options, dataDir },
    log,
    db,
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
    dispatcher,
    vocabularyFor,
    lock,
    runner,
    tailscaleEnabled: (): boolean => settings.get(TAILSCALE_KEY, false),
    setTailscaleEnabled: (enabled: boolean): void => settings.set(TAILSCALE_KEY, enabled),
    tailscaleStatement: services.tailscaleStatement,
    services,
    supervisor,
    async removeAgent(agentId: string): Promise<void> {
      // Its processes die with it (seed 003 §4).
      await supervisor.stopAllForAgent(agentId);
      agents.remove(agentId);
    },
    async shutdown(): Promise<void> {
      // Turns first: nothing may reach the model or the tools while the rest stops.
      const turns = runner.cancelAll();
      cards.cancelAll('Paddock quit before the card was answered');
      await turns;
      // Let the dispatcher record those cards as unanswered before the database closes.
      await new Promise((resolve) => setImmediate(resolve));
      await services.stop();
      events.flush();
      db.close();
    },
  };
}

export type Core = Awaited<ReturnType<typeof createCore>>;
