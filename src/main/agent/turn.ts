// One turn of the loop (SPEC §8): request → stream → store → dispatch the step's calls → repeat.
// The agent record is read before every request, so a changed output bound, model or mode applies
// to the next request of a running turn (AC-10). The conversation is the in-memory history
// (history.ts): appended to, never re-read, and cut to the context budget (contextBudget.ts).
import { randomUUID } from 'node:crypto';
import {
  clampOutputBound,
  type Agent,
  type Mode,
  type ScopeReport,
  type UsageTotals,
  type Workspace,
  type ToolResult,
} from '../../shared/domain';
import type { Dispatcher } from '../dispatch/types';
import type { ConversationsRepository } from '../store/conversations';
import type { Db } from '../store/database';
import { createToolCallsRepository } from '../store/toolCalls';
import { addUsage, ZERO_USAGE, type UsageRepository } from '../store/usage';
import { budgetTokens, DEFAULT_CHARS_PER_TOKEN, fitToBudget, requestMessages, type FitOutcome } from './contextBudget';
import type { AgentEvent, TurnEndReason } from './events';
import { IMAGE_CHARS, type ConversationHistory } from './history';
import { costOf, modelFacts, NO_OVERRIDES, type ModelOverrides, type ModelPrice } from './models';
import type { ProviderFor } from './providers';
import type { StoredOwnerImage } from './ownerImages';
import { ProviderError, type ModelImage, type ModelRequest, type ModelUsage } from './providers/types';
import type { BackoffOptions } from './retry';
import { runStepCalls } from './stepCalls';
import { streamWithRetries } from './streamResponse';
import { buildSystemPrompt } from './systemPrompt';
import type { PromptInstructions } from '../workspace/instructionFiles';
import { budgetStopSentence, type BudgetGate } from './budgets';
import { createTextCoalescer } from '../processes/coalesce';
import { callEffectsOf, againSentence, endsTurn, modelResultText, storedResultText } from '../tools/facts';

export interface TurnContext {
  turnId: string;
  agentId: string;
  conversationId: string;
  /** The conversation's newest message before the turn stored anything (the turn_started event says it). */
  afterMessageId?: number;
  signal: AbortSignal;
  conversations: ConversationsRepository;
  /** The mode the owner chose for this turn (plan, from the composer); null: the agent's own. */
  modeOverride?: Mode | null;
  history: ConversationHistory;
  turnLimit: number;
  batchMs: number;
  db: Db;
  dispatcher: Dispatcher;
  vocabularyFor(agentId: string): ScopeReport[];
  /** The project's instruction files for the system prompt, read at every request (only pinned texts are instructions). */
  instructionsFor?(workspace: Workspace, conversationId: string): PromptInstructions;
  providerFor: ProviderFor;
  agents: { get(agentId: string): Agent | null };
  workspaces: { get(agentId: string): Workspace | null };
  emit(event: AgentEvent): void;
  /** Settings' context windows and prices, read at every request. */
  modelOverrides?(): ModelOverrides;
  usage?: UsageRepository;
  /** The conversation's usage so far (kept by the runner across turns). */
  conversationUsage: UsageTotals;
  backoff?: BackoffOptions;
  /** The owner's "Send now" messages waiting for this turn's next step, taken (ownerInbox.ts). */
  takeInterjections?(): { id: string; text: string; images?: readonly StoredOwnerImage[] }[];
  /** Spending limits, checked before every request (absent: none). */
  budgets?: BudgetGate;
}

interface PendingCall {
  id: string;
  name: string;
  args: unknown;
  /** Set when the model's arguments were not a JSON object: nothing is dispatched. */
  invalid: string | null;
}

const STOPPED_BY_OWNER = 'stopped by the owner';

export async function runTurn(turn: TurnContext): Promise<TurnEndReason> {
  const base = { turnId: turn.turnId, agentId: turn.agentId, conversationId: turn.conversationId };
  const notice = (text: string): void => {
    turn.conversations.append(turn.conversationId, { role: 'notice', text });
    turn.emit({ ...base, type: 'notice', text });
  };
  turn.emit({
    ...base,
    type: 'turn_started',
    ...(turn.afterMessageId !== undefined ? { afterMessageId: turn.afterMessageId } : {}),
  });
  const batcher = createTextCoalescer((text) => turn.emit({ ...base, type: 'text', text }), turn.batchMs);
  const storedCalls = createToolCallsRepository(turn.db);
  const history = turn.history;
  let turnUsage: UsageTotals = ZERO_USAGE;

  // The model request the turn is on: the window shows "step N" beside each call it starts.
  let step = 0;
  /** The owner's words sent while the turn worked go in front of the model now, after the last step's results. */
  const joinWaiting = (): boolean => {
    const waiting = turn.takeInterjections?.() ?? [];
    for (const item of waiting) {
      const messageId = history.appendOwner(item.text, item.images);
      turn.emit({ ...base, type: 'owner_joined', waitingId: item.id, text: item.text, messageId });
    }
    return waiting.length > 0;
  };
  try {
    for (let request = 0; request < turn.turnLimit; request++) {
      step = request + 1;
      if (turn.signal.aborted) return cancelled();
      // A limit reached by the last request (or before the turn) stops the turn here, after the
      // calls of that request ran and were answered: the history stays whole for "Continue anyway".
      if (overBudget()) return 'budget';
      if (request > 0) joinWaiting();
      const stored = turn.agents.get(turn.agentId);
      if (!stored) throw new ProviderError('the agent was removed while its turn was working', false);
      const agent: Agent = turn.modeOverride ? { ...stored, mode: turn.modeOverride } : stored;
      const workspace = turn.workspaces.get(turn.agentId);
      const bound = clampOutputBound(agent.maxOutputTokens);
      const instructions = workspace ? turn.instructionsFor?.(workspace, turn.conversationId) : undefined;
      const system = buildSystemPrompt({ agent, workspace, vocabulary: turn.vocabularyFor(agent.id), instructions });
      const tools = turn.dispatcher.offeredTools(agent.id, { ownerRequestId: turn.turnId });
      const facts = modelFacts(agent.provider, agent.model, turn.modelOverrides?.() ?? NO_OVERRIDES);
      const fixedChars = system.length + toolsChars(tools);
      const budget = {
        tokens: budgetTokens(facts.contextWindow, bound),
        contextWindow: facts.contextWindow,
        fixedChars,
        model: agent.model,
      };
      const fit = fitToBudget(history, budget, (tool, args) =>
        againSentence(turn.dispatcher.factsOf(agent.id, tool), args),
      );
      if (fit.compacted + fit.elided + fit.truncated > 0) notice(compactionNotice(fit, budget.tokens, agent.model));
      const provider = turn.providerFor(agent);
      const modelRequest: ModelRequest = {
        model: agent.model,
        system,
        messages: requestMessages(history),
        tools,
        maxOutputTokens: bound,
        ...thinkingFor(agent, bound),
        signal: turn.signal,
      };
      const sentChars = fixedChars + history.totalChars - history.elision.chars + history.elision.markerChars;
      const response = await streamWithRetries(provider, modelRequest, {
        batcher,
        base,
        emit: turn.emit,
        backoff: turn.backoff,
      });
      batcher.flush();
      if (response.usage) calibrate(history, sentChars, response.usage);
      const recordUsage = (usage: ModelUsage | null, messageId: number | null): void =>
        record(usage, messageId, agent.model, facts.price);

      if (response.aborted || response.stop === 'max_tokens') {
        // A call cut off by the bound or the owner is not run: its arguments may be incomplete.
        const id = response.text
          ? history.appendAssistant({ text: response.text, toolCalls: [], thinking: response.thinking })
          : null;
        recordUsage(response.usage, id);
        if (response.aborted) return cancelled();
        notice(`stopped at the output bound (${bound} tokens)`);
        return 'max_tokens';
      }

      const seen = new Set<string>();
      const taken = (id: string): boolean => seen.has(id) || history.hasCall(id) || storedCalls.exists(id);
      const calls = response.calls.map((call) => parseCall(call, taken, seen));
      const toolCalls = calls.map(({ id, name, args }) => ({ id, name, args }));
      const messageId =
        response.text || toolCalls.length > 0 || response.thinking.length > 0
          ? history.appendAssistant({ text: response.text, toolCalls, thinking: response.thinking })
          : null;
      recordUsage(response.usage, messageId);
      // The model is done, but the owner said something meanwhile: the same turn goes on with it.
      if (calls.length === 0) {
        if (request + 1 < turn.turnLimit && joinWaiting()) continue;
        return 'completed';
      }

      const factsOf = (call: PendingCall) => turn.dispatcher.factsOf(agent.id, call.name);
      const results = runStepCalls(
        calls,
        (call) => callEffectsOf(factsOf(call), call.args).readOnly,
        (call) => runCall(call),
      );
      let endsHere = false;
      for (let index = 0; index < calls.length; index++) {
        const call = calls[index];
        const result = await results[index];
        if (result!.ok && endsTurn(factsOf(call!))) endsHere = true;
        const stored = storedResultText(factsOf(call!), call!.name, call!.args, result!);
        history.appendResult({
          callId: call!.id,
          tool: call!.name,
          stored,
          text: modelResultText(result!),
          isError: !result!.ok,
          images: imagesOf(result!),
        });
      }
      if (turn.signal.aborted) return cancelled();
      // A tool that ends the turn (a plan) waits for the owner's answer (approve, or revise) before the agent goes on.
      if (endsHere) return 'completed';
    }
    notice(`stopped after ${turn.turnLimit} model requests in one turn (the turn limit); send a message to continue`);
    return 'turn_limit';
  } catch (error) {
    batcher.flush();
    if (turn.signal.aborted) return cancelled();
    const failure =
      error instanceof ProviderError ? error : new ProviderError(`the turn failed: ${(error as Error).message}`, false);
    notice(failure.message);
    turn.emit({ ...base, type: 'error', message: failure.message, retryable: failure.retryable });
    return 'error';
  } finally {
    batcher.flush();
  }

  function overBudget(): boolean {
    if (!turn.budgets) return false;
    const { measures } = turn.budgets.status(turn.agentId, turn.conversationId);
    const over = measures.filter((m) => m.state === 'over');
    if (over.length === 0) return false;
    turn.emit({ ...base, type: 'budget', measures });
    const text = budgetStopSentence(over);
    turn.conversations.append(turn.conversationId, { role: 'notice', text, budget: true });
    turn.emit({ ...base, type: 'notice', text, budget: true });
    return true;
  }

  function cancelled(): TurnEndReason {
    notice(STOPPED_BY_OWNER);
    return 'cancelled';
  }

  // The model and price of the request just answered (read at its start, so no second lookup per step).
  function record(usage: ModelUsage | null, messageId: number | null, model: string, price: ModelPrice | null): void {
    if (!usage) return;
    const counts = {
      inputTokens: usage.inputTokens ?? 0,
      outputTokens: usage.outputTokens ?? 0,
      cacheReadTokens: usage.cacheReadTokens ?? 0,
      cacheWriteTokens: usage.cacheWriteTokens ?? 0,
    };
    const one: UsageTotals = { requests: 1, ...counts, cost: costOf(price, counts) };
    turnUsage = addUsage(turnUsage, one);
    turn.conversationUsage = addUsage(turn.conversationUsage, one);
    turn.usage?.record({ conversationId: turn.conversationId, turnId: turn.turnId, messageId, model, usage: one });
    turn.emit({
      ...base,
      type: 'usage',
      model,
      request: one,
      turn: turnUsage,
      conversation: turn.conversationUsage,
      lastMessageId: messageId,
    });
    if (turn.budgets)
      turn.emit({ ...base, type: 'budget', measures: turn.budgets.status(turn.agentId, turn.conversationId).measures });
  }

  async function runCall(call: PendingCall): Promise<ToolResult> {
    if (turn.signal.aborted) return { ok: false, error: 'not run: the owner stopped the turn' };
    turn.emit({ ...base, type: 'tool_call_started', callId: call.id, tool: call.name, args: call.args, step });
    if (call.invalid) return { ok: false, status: 400, error: call.invalid };
    try {
      return await turn.dispatcher.dispatch(
        {
          callId: call.id,
          tool: call.name,
          args: call.args,
          agentId: turn.agentId,
          conversationId: turn.conversationId,
          // A turn is a live owner request at depth 0: what the registry floor checks (SPEC §5).
          ownerRequestId: turn.turnId,
          delegationDepth: 0,
        },
        turn.signal,
      );
    } catch (error) {
      if (turn.signal.aborted) return { ok: false, error: `cancelled: ${STOPPED_BY_OWNER}` };
      return { ok: false, error: `the call failed: ${(error as Error).message}` };
    }
  }
}

/** Extended thinking, when the agent enables it and the bound leaves room for an answer. */
function thinkingFor(agent: Agent, bound: number): { thinkingBudget?: number } {
  if (agent.provider !== 'anthropic' || !agent.thinkingBudget) return {};
  const budget = Math.min(agent.thinkingBudget, bound - 1_024);
  return budget >= 1_024 ? { thinkingBudget: budget } : {};
}

function toolsChars(tools: readonly object[]): number {
  return JSON.stringify(tools).length;
}

/** The provider's own count of what was sent calibrates this conversation's characters per token. */
function calibrate(history: ConversationHistory, sentChars: number, usage: ModelUsage): void {
  const tokens = (usage.inputTokens ?? 0) + (usage.cacheReadTokens ?? 0) + (usage.cacheWriteTokens ?? 0);
  const textTokens = tokens - Math.ceil((history.totalImages * IMAGE_CHARS) / DEFAULT_CHARS_PER_TOKEN);
  if (textTokens < 256) return;
  history.charsPerToken = Math.min(6, Math.max(1.5, sentChars / textTokens));
}

function compactionNotice(fit: FitOutcome, budget: number, model: string): string {
  const parts: string[] = [];
  if (fit.compacted > 0)
    parts.push(`compacted ${fit.compacted} earlier tool ${fit.compacted === 1 ? 'result' : 'results'}`);
  if (fit.elided > 0) parts.push(`elided the ${fit.elided} oldest messages`);
  if (fit.truncated > 0)
    parts.push(`cut ${fit.truncated} oversized ${fit.truncated === 1 ? 'result' : 'results'} of the latest step`);
  return `context: ${parts.join(', ')} to fit ${model}'s context budget (${budget} tokens, now about ${fit.estimate}); the model was told what is missing and how to get it back`;
}

function imagesOf(result: ToolResult): ModelImage[] | undefined {
  if (!result.ok || !result.images || result.images.length === 0) return undefined;
  return result.images;
}

function parseCall(
  call: { id: string; name: string; argsJson: string },
  taken: (id: string) => boolean,
  seen: Set<string>,
): PendingCall {
  // Some compatible servers reuse short ids ("call_0") across responses; the transcript and the
  // tool_calls table need one id per call, so a missing or reused id is replaced.
  const id = call.id && !taken(call.id) ? call.id : `call_${randomUUID()}`;
  seen.add(id);
  try {
    const args: unknown = JSON.parse(call.argsJson || '{}');
    if (args && typeof args === 'object' && !Array.isArray(args)) return { id, name: call.name, args, invalid: null };
  } catch {
    // fall through
  }
  return {
    id,
    name: call.name,
    args: {},
    invalid: 'refused: the arguments were not a JSON object, so nothing ran; send the call again with valid JSON',
  };
}
