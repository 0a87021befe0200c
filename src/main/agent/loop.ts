// The agent loop (SPEC §8): the owner's message opens a turn, a live owner request. The turn sends
// the conversation and the tools the vocabulary allows, streams text and calls to the window,
// dispatches each call through the dispatcher (cards wait for the owner inside it), returns the
// results and goes on until the model stops, the owner cancels, the bound is hit or the turn limit.
import { randomUUID } from 'node:crypto';
import type { Agent, Mode, ScopeReport, Workspace } from '../../shared/domain';
import type { Dispatcher } from '../dispatch/types';
import type { OwnerRequests } from '../dispatch/ownerRequests';
import type { Db } from '../store/database';
import { createConversationsRepository, type ConversationsRepository } from '../store/conversations';
import { createUsageRepository, type UsageRepository } from '../store/usage';
import type { UsageTotals } from '../../shared/domain';
import { createConversationHistory, type ConversationHistory } from './history';
import type { ModelOverrides } from './models';
import type { BackoffOptions } from './retry';
import type { AgentEvent, TurnEndReason } from './events';
import { agentTurnHolder, lockRefusal, type ProjectLock } from '../workspace/projectLock';
import type { ProviderFor } from './providers';
import { ProviderError } from './providers/types';
import { runTurn, type TurnContext } from './turn';
import type { PromptInstructions } from '../workspace/instructionFiles';
import { continuesAfter, createOwnerInbox, type InterjectionWhen } from './ownerInbox';
import type { StoredOwnerImage } from './ownerImages';
import type { BudgetGate } from './budgets';

export const DEFAULT_TURN_LIMIT = 50;

export interface AgentRunnerDeps {
  db: Db;
  dispatcher: Dispatcher;
  vocabularyFor(agentId: string): ScopeReport[];
  /** The project's instruction files for the system prompt (see TurnContext). */
  instructionsFor?(workspace: Workspace, conversationId: string): PromptInstructions;
  providerFor: ProviderFor;
  agents: { get(agentId: string): Agent | null };
  workspaces: { get(agentId: string): Workspace | null };
  emit(event: AgentEvent): void;
  lock: ProjectLock;
  /** Shared with the window's reads; built from db when absent. */
  conversations?: ConversationsRepository;
  /** Model requests one turn may make before it stops and says so. */
  turnLimit?: number;
  /** Text batching interval for the window. */
  batchMs?: number;
  /** Settings' context windows and prices, read at every request. */
  modelOverrides?(): ModelOverrides;
  /** Retry waits (tests shorten them). */
  backoff?: BackoffOptions;
  /** Conversations whose history stays in memory while no turn works in them. */
  keptHistories?: number;
  /** Spending limits (issue 32), checked before every model request. */
  budgets?: BudgetGate;
  /** Told when a turn starts and ends (checkpoints, issue 20); see TurnHooks. */
  turnHooks?: TurnHooks;
  /** A working turn is a live owner request, from its start to its end: the floor reads it there. */
  ownerRequests?: Pick<OwnerRequests, 'open'>;
}

/**
 * Checkpoints' hooks into the loop (issue 20). `started` runs once the owner's message is stored;
 * `ended` is awaited before the project lock is released, so the workspace recorded at the end
 * of a turn is the turn's own. A failing hook never fails the turn.
 */
export interface TurnHooks {
  started(turn: { turnId: string; agentId: string; conversationId: string; ownerMessageId: number | null }): void;
  ended(turn: { turnId: string; agentId: string; conversationId: string }): Promise<void>;
}

export interface StartTurnInput {
  agentId: string;
  conversationId: string;
  text: string;
  /** Pictures the owner sent with the message, already stored (ownerImages.ts). */
  images?: readonly StoredOwnerImage[];
  /** The owner chose plan mode for this one turn (the composer), whatever the agent's mode. */
  mode?: 'plan';
}

/** One owner message a turn opens with. */
interface OwnerWords {
  text: string;
  images?: readonly StoredOwnerImage[];
}

export interface AgentRunner {
  /** Stores the owner's message and starts the turn; events follow. Returns the turn (owner request) id. */
  startTurn(input: StartTurnInput): string;
  /**
   * A message while a turn works in the conversation: "now" goes in front of the model at the
   * turn's next step, "queue" opens the next turn when this one ends. With no turn working it
   * starts one, as startTurn does. Returns the turn it joined or started.
   */
  interject(input: StartTurnInput & { when: InterjectionWhen }): { turnId: string; held: InterjectionWhen | null };
  /** The Retry after a provider error: sends the stored conversation again without a new message. */
  retryTurn(input: { agentId: string; conversationId: string }): string;
  /** The Stop button: aborts the stream or the call in progress. */
  cancel(turnId: string): boolean;
  /** Resolves when the turn has ended (immediately for one that ended recently). */
  settled(turnId: string): Promise<TurnEndReason>;
  /** The turn working in a conversation, if any. */
  activeTurn(conversationId: string): string | null;
  /** The mode the owner chose for a working turn, when they chose one for it (the dispatcher reads it). */
  turnMode(turnId: string): Mode | null;
  /** The stored conversation changed behind the loop (a restore marked messages undone): read it again next turn. */
  forgetHistory(conversationId: string): void;
  /**
   * A fork was stored: its history is read now, with the whole results the source's model was sent
   * while the source is in memory (the store keeps summaries of file contents, SPEC §11).
   */
  seedFork(sourceId: string, forkId: string): void;
  /** Paddock is quitting: every working turn is cancelled, and this resolves when all have ended. */
  cancelAll(): Promise<void>;
}

export function createAgentRunner(deps: AgentRunnerDeps): AgentRunner {
  const conversations = deps.conversations ?? createConversationsRepository(deps.db);
  const active = new Map<
    string,
    { conversationId: string; controller: AbortController; done: Promise<TurnEndReason> }
  >();
  const ended = new Map<string, TurnEndReason>();
  const busyConversations = new Map<string, string>();
  const usage: UsageRepository = createUsageRepository(deps.db);
  // Each conversation as the model reads it, in memory (history.ts): full results live only here
  // (SPEC §11). The least recently used idle ones are let go past a small number.
  const histories = new Map<string, { history: ConversationHistory; usage: UsageTotals }>();
  const keep = deps.keptHistories ?? 16;
  const inbox = createOwnerInbox();

  function historyOf(conversationId: string): { history: ConversationHistory; usage: UsageTotals } {
    let entry = histories.get(conversationId);
    if (entry) histories.delete(conversationId);
    else
      entry = {
        history: createConversationHistory(conversations, conversationId),
        usage: usage.forConversation(conversationId).total,
      };
    histories.set(conversationId, entry);
    for (const id of histories.keys()) {
      if (histories.size <= keep) break;
      if (!busyConversations.has(id) && id !== conversationId) histories.delete(id);
    }
    return entry;
  }

  function remember(turnId: string, reason: TurnEndReason): TurnEndReason {
    ended.set(turnId, reason);
    if (ended.size > 200) ended.delete(ended.keys().next().value as string);
    return reason;
  }

  function refuse(turnId: string, agentId: string, conversationId: string, message: string): string {
    const base = { turnId, agentId, conversationId };
    remember(turnId, 'refused');
    queueMicrotask(() => {
      deps.emit({ ...base, type: 'error', message, retryable: true });
      deps.emit({ ...base, type: 'turn_ended', reason: 'refused' });
    });
    return turnId;
  }

  const turnModes = new Map<string, Mode>();

  /** Opens a turn with the owner's messages (none: a retry of the stored conversation), in the mode the owner chose for it if any. */
  function begin(
    agentId: string,
    conversationId: string,
    words: OwnerWords[],
    joined: string[] = [],
    handBack?: () => void,
    mode: Mode | null = null,
  ): string {
    const agent = deps.agents.get(agentId);
    if (!agent) throw new Error(`no agent ${agentId}`);
    const conversation = conversations.get(conversationId);
    if (!conversation || conversation.agentId !== agentId) {
      throw new Error(`conversation ${conversationId} does not belong to agent ${agent.handle}`);
    }
    const turnId = randomUUID();
    const working = busyConversations.get(conversationId);
    if (working) {
      handBack?.();
      return refuse(
        turnId,
        agentId,
        conversationId,
        'refused: a turn is already working in this conversation; stop it or wait for it to end',
      );
    }
    // Taken synchronously, before anything is stored or sent: an owner's Pull that holds the
    // workspace refuses the turn, and a turn that holds it refuses the Pull (seed 000).
    const workspace = deps.workspaces.get(agentId);
    let release = (): void => {};
    if (workspace) {
      const attempt = deps.lock.tryAcquire(workspace.directory, agentTurnHolder(agent.handle));
      if (!attempt.ok) {
        handBack?.();
        return refuse(turnId, agentId, conversationId, lockRefusal(workspace.directory, attempt.heldBy));
      }
      release = attempt.release;
    }
    const kept = historyOf(conversationId);
    // What the window had before this turn: every message stored after it is the turn's own.
    const afterMessageId = conversations.lastMessageId(conversationId);
    const ownerMessageIds = words.map((said) => kept.history.appendOwner(said.text, said.images));
    const ownerMessageId = ownerMessageIds[0] ?? null;
    // Messages that waited for this turn (queued behind the last one) are shown where they were stored.
    joined.forEach((waitingId, index) => {
      const messageId = ownerMessageIds[index];
      if (messageId !== undefined)
        deps.emit({
          turnId,
          agentId,
          conversationId,
          type: 'owner_joined',
          waitingId,
          text: words[index]?.text ?? '',
          messageId,
        });
    });
    try {
      deps.turnHooks?.started({ turnId, agentId, conversationId, ownerMessageId });
    } catch {
      // A checkpoint that could not be noted leaves the turn without one; the turn itself goes on.
    }
    busyConversations.set(conversationId, turnId);
    if (mode) turnModes.set(turnId, mode);
    const endOwnerRequest = deps.ownerRequests?.open(turnId, conversationId) ?? ((): void => {});
    const controller = new AbortController();
    const context: TurnContext = {
      turnId,
      agentId,
      conversationId,
      afterMessageId,
      signal: controller.signal,
      conversations,
      modeOverride: mode,
      history: kept.history,
      conversationUsage: kept.usage,
      usage,
      modelOverrides: deps.modelOverrides,
      backoff: deps.backoff,
      budgets: deps.budgets,
      turnLimit: deps.turnLimit ?? DEFAULT_TURN_LIMIT,
      batchMs: deps.batchMs ?? 16,
      db: deps.db,
      dispatcher: deps.dispatcher,
      vocabularyFor: deps.vocabularyFor,
      instructionsFor: deps.instructionsFor,
      providerFor: deps.providerFor,
      agents: deps.agents,
      workspaces: deps.workspaces,
      emit: deps.emit,
      takeInterjections: () => inbox.takeNow(conversationId),
    };
    const done = Promise.resolve()
      .then(() => runTurn(context))
      .catch((error: unknown) => {
        // runTurn reports its own failures; this is the last guard so a bug never leaves the lock held.
        const message = error instanceof ProviderError ? error.message : `the turn failed: ${(error as Error).message}`;
        deps.emit({ turnId, agentId, conversationId, type: 'error', message, retryable: false });
        return 'error' as TurnEndReason;
      })
      .then(async (reason) => {
        kept.usage = context.conversationUsage;
        await deps.turnHooks?.ended({ turnId, agentId, conversationId }).catch(() => undefined);
        release();
        busyConversations.delete(conversationId);
        turnModes.delete(turnId);
        endOwnerRequest();
        active.delete(turnId);
        remember(turnId, reason);
        deps.emit({ turnId, agentId, conversationId, type: 'turn_ended', reason });
        const waiting = inbox.takeAll(conversationId);
        if (waiting.length > 0) {
          const texts = waiting.map((item) => item.text);
          const handBack = (): void => deps.emit({ turnId, agentId, conversationId, type: 'owner_returned', texts });
          try {
            if (continuesAfter(reason) && deps.agents.get(agentId))
              begin(
                agentId,
                conversationId,
                waiting,
                waiting.map((item) => item.id),
                handBack,
              );
            else handBack();
          } catch {
            handBack(); // the conversation or agent went away meanwhile: nothing is lost silently
          }
        }
        return reason;
      });
    active.set(turnId, { conversationId, controller, done });
    return turnId;
  }

  return {
    startTurn: ({ agentId, conversationId, text, images, mode }) =>
      begin(agentId, conversationId, [{ text, images }], [], undefined, mode ?? null),
    interject({ agentId, conversationId, text, when, images }) {
      const working = busyConversations.get(conversationId);
      if (!working) return { turnId: begin(agentId, conversationId, [{ text, images }]), held: null };
      const conversation = conversations.get(conversationId);
      if (!conversation || conversation.agentId !== agentId)
        throw new Error(`conversation ${conversationId} does not belong to this agent`);
      const item = inbox.hold(conversationId, text, when, images);
      deps.emit({ turnId: working, agentId, conversationId, type: 'owner_waiting', waitingId: item.id, text, when });
      return { turnId: working, held: when };
    },
    retryTurn: ({ agentId, conversationId }) => begin(agentId, conversationId, []),
    cancel(turnId) {
      const turn = active.get(turnId);
      if (!turn) return false;
      turn.controller.abort();
      return true;
    },
    settled(turnId) {
      const turn = active.get(turnId);
      if (turn) return turn.done;
      const reason = ended.get(turnId);
      return reason ? Promise.resolve(reason) : Promise.reject(new Error(`no turn ${turnId}`));
    },
    activeTurn(conversationId) {
      return busyConversations.get(conversationId) ?? null;
    },
    turnMode: (turnId) => turnModes.get(turnId) ?? null,
    forgetHistory(conversationId) {
      if (!busyConversations.has(conversationId)) histories.delete(conversationId);
    },
    seedFork(sourceId, forkId) {
      const source = histories.get(sourceId);
      if (!source) return;
      histories.set(forkId, {
        history: createConversationHistory(conversations, forkId, source.history.fullResults()),
        usage: usage.forConversation(forkId).total,
      });
      historyOf(forkId);
    },
    async cancelAll() {
      const working = [...active.values()];
      for (const turn of working) turn.controller.abort();
      await Promise.allSettled(working.map((turn) => turn.done));
    },
  };
}
