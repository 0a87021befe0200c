// The path every tool call takes, as the core wires it: the tool set, the owner's cards, the
// checkpoints (the dispatcher's beforeRun, the loop's turnHooks), the live owner requests the floor
// checks, and the dispatcher over them. The loop is built after it: what the call path asks of the
// loop (a turn's mode, a history to forget, a helper's answer) comes in as `loop`, read at call time.
import type { Mode, ToolName } from '../../shared/domain';
import { helperAgents } from '../agent/delegate';
import { createPendingCards } from '../approvals/pendingCards';
import { createCheckpoints } from '../checkpoints';
import type { AgentCommitLog } from '../dispatch/agentCommits';
import { createDispatcher } from '../dispatch/dispatcher';
import { createOwnerRequests } from '../dispatch/ownerRequests';
import type { EventBus } from '../events';
import type { TaskActivity } from '../owner/taskActivity';
import type { WorkspaceAssignment } from '../owner/workspaceAssignment';
import { rememberChoices } from '../policy';
import { loadShellGrammar } from '../policy/shellGrammar';
import { createChromiumCapture } from '../preview/chromiumCapture';
import type { CapturePage } from '../preview/types';
import { ownerEnvFrom } from '../processes/env';
import type { GroupLedger } from '../processes/ledger';
import { findGitBinary } from '../processes/shellPath';
import type { SandboxChoices } from '../sandbox/choices';
import type { Sandbox } from '../sandbox/sandbox';
import type { Services } from '../services';
import type { Db } from '../store/database';
import { lastRun } from '../store/testRuns';
import type { TestRunRecorder } from '../testRuns/record';
import { createToolSet, type ToolSetDeps } from '../tools';
import { eventsAfter } from '../tools/facts';
import type { AnyToolDefinition } from '../tools/types';
import type { ProjectLock } from '../workspace/projectLock';
import type { Records } from './records';

/** What the call path asks of the agent loop, built after it. */
export interface LoopHooks {
  turnMode(turnId: string): Mode | null;
  forgetHistory(conversationId: string): void;
  delegate: NonNullable<ToolSetDeps['delegate']>;
}

export interface CallPathDeps {
  db: Db;
  dataDir: string;
  home: string;
  env: NodeJS.ProcessEnv;
  capture?: CapturePage;
  records: Records;
  events: EventBus;
  ledger: GroupLedger;
  sandbox: Sandbox;
  sandboxChoices: SandboxChoices;
  services: Services;
  assignment: WorkspaceAssignment;
  testRuns: TestRunRecorder;
  agentCommits: AgentCommitLog;
  taskActivity: TaskActivity;
  lock: ProjectLock;
  installed: Set<ToolName>;
  mcpToolsFor(agentId: string): { definition: AnyToolDefinition; inputSchema: Record<string, unknown> }[];
  loop: LoopHooks;
  log(message: string): void;
}

export function createCallPath(deps: CallPathDeps) {
  const { records, events, sandbox, sandboxChoices, services, env } = deps;
  const { supervisor } = services;
  const cards = createPendingCards({
    onPending: (card) => {
      events.emit({ type: 'card.pending', card });
      deps.taskActivity.cardPending(card);
    },
    onResolved: (cardId, decision) => {
      events.emit({ type: 'card.resolved', cardId, decision });
      deps.taskActivity.cardResolved();
    },
  });

  const tools = createToolSet({
    plans: {
      plans: records.plans,
      onProposed: (plan) => events.emit({ type: 'plans.changed', conversationId: plan.conversationId }),
    },
    todos: {
      todos: records.todos,
      onChanged: (conversationId) => events.emit({ type: 'todos.changed', conversationId }),
    },
    ledger: deps.ledger,
    sandbox,
    sandboxChoicesFor: sandboxChoices.choicesFor,
    // Settings → Developer → Sandbox: "Run list only" keeps seed 003 §5 in run mode even while contained.
    runListOnlyFor: (agentId) => sandboxChoices.choicesFor(agentId).runListOnly,
    assignment: deps.assignment,
    supervisor,
    ownServices: services.ownServices,
    preview: services.preview,
    capture: deps.capture ?? createChromiumCapture({ executablePath: env.PADDOCK_CHROMIUM }),
    ownerEnv: ownerEnvFrom(env),
    shell: env.SHELL,
    rememberedFor: (agentId, directory) => records.remembered.listFor(agentId, directory),
    rememberedUsed: (id) => {
      records.remembered.markUsed(id);
      events.emit({ type: 'remembered.changed' });
    },
    lastTestRun: (agentId, directory) => lastRun(deps.db, agentId, directory),
    agentCommits: deps.agentCommits.forDirectory,
    // Every run whose program is a real test runner is recorded (seed 003 §11), its tail with it.
    onCommandFinished: deps.testRuns.commandFinished,
    // A delegate's answer (seed 003 §10.5), run by the delegation runner built beside the loop;
    // the tool is offered only to an agent the owner picked a helper for.
    delegate: (input) => deps.loop.delegate(input),
    hasHelpers: (agentId) => helperAgents(helpersOf(records), agentId).length > 0,
  });

  // Checkpoints (issue 20): the dispatcher's beforeRun and the loop's turnHooks are its two hooks.
  const checkpoints = createCheckpoints({
    db: deps.db,
    dataDir: deps.dataDir,
    home: deps.home,
    settings: records.settings,
    conversations: records.conversations,
    workspaces: records.workspaces,
    agentHandle: (agentId) => records.agents.get(agentId)?.handle ?? null,
    findGit: (capturedPath) => findGitBinary(capturedPath),
    cards,
    lock: deps.lock,
    processes: { list: () => supervisor.list(), stop: (agentId, name) => supervisor.stop(agentId, name) },
    // Snapshots read the workspace inside its reader sandbox, where no link leads to the owner's files.
    sandbox,
    changed: (conversationId) => {
      // A restore marks messages undone behind the loop: its kept history is read again next turn.
      deps.loop.forgetHistory(conversationId);
      events.emit({ type: 'checkpoints.changed', conversationId });
    },
    log: deps.log,
  });

  // The floor's live owner requests: a working turn (the loop opens it) or an open MCP session.
  const ownerRequests = createOwnerRequests();
  // The bash grammar that run's shell forms are read with, loaded at the first call rather than at
  // start: its wasm then compiles for about 350 ms of a core in the background, which a window
  // opening beside a fresh start would otherwise share. A load that fails is said once; shell forms
  // in run are then cards.
  let grammar: Promise<void> | null = null;
  const grammarLoaded = (): Promise<void> =>
    (grammar ??= loadShellGrammar().catch((error: Error) =>
      deps.log(`the shell grammar did not load (${error.message}); shell forms in run are cards`),
    ));
  const dispatcher = createDispatcher({
    ownerRequestLive: ownerRequests.isLive,
    db: deps.db,
    agents: records.agents,
    workspaces: records.workspaces,
    toolCalls: records.toolCalls,
    cards,
    tools,
    installed: deps.installed,
    turnModeFor: (turnId) => deps.loop.turnMode(turnId),
    home: deps.home,
    dataDir: deps.dataDir,
    rememberChoicesFor: (argv, directory) =>
      rememberChoices(argv, directory).map((choice) => ({ kind: choice.kind, label: choice.sentence })),
    allowDomains: (agentId, domains) => {
      sandboxChoices.allowDomains(agentId, domains);
      events.emit({ type: 'sandbox.changed', agentId });
    },
    rememberCommand: (input) => {
      records.remembered.remember(input);
      events.emit({ type: 'remembered.changed' });
    },
    onOutput: (callId, chunk) => events.emit({ type: 'toolCall.output', callId, chunk }),
    onCallChanged: (call) => events.emit({ type: 'toolCall.changed', call }),
    mcpToolsFor: deps.mcpToolsFor,
    onSucceeded: (tool, agentId, args, result) => {
      for (const event of eventsAfter(tool, { agentId, args, data: result.data })) events.emit(event);
      deps.agentCommits.noteSucceeded(agentId, result.data);
    },
    beforePrepare: grammarLoaded,
    beforeRun: checkpoints.beforeRun,
  });

  return { tools, cards, checkpoints, ownerRequests, dispatcher };
}

/** The helpers the owner picked per agent (none by default), as the delegate tool and runner read them. */
export function helpersOf(records: Pick<Records, 'agents' | 'delegations'>) {
  return { agents: records.agents, helpersOf: (agentId: string) => records.delegations.helpersOf(agentId) };
}
