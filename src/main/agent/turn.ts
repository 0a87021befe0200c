// One turn of the loop (SPEC §8): request → stream → store → dispatch each call → repeat.
// The agent record is read before every request, so a changed output bound, model or mode applies
// to the next request of a running turn (AC-10).
import { clampOutputBound, type Agent, type ScopeReport, type Workspace } from '../../shared/domain';
import type { Dispatcher } from '../dispatch/types';
import type { ConversationStore, StoredToolCall } from '../store/conversations';
import type { Db } from '../store/database';
import type { ToolResult } from '../tools/types';
import { compactToolOutputs, KEEP_WHOLE } from './compaction';
import type { AgentEvent, TurnEndReason } from './events';
import type { ProviderFor } from './providers';
import { ProviderError, type ModelProvider, type ModelRequest, type StopReason } from './providers/types';
import { buildSystemPrompt } from './systemPrompt';
import { createTextBatcher, type TextBatcher } from './textBatcher';
import { resultText, storedResultText, toModelMessages } from './transcript';
import { randomUUID } from 'node:crypto';

export interface TurnContext {
  turnId: string;
  agentId: string;
  conversationId: string;
  signal: AbortSignal;
  conversations: ConversationStore;
  /** callId → full result text, for what the model is sent while this process lives. */
  fullResults: Map<string, string>;
  turnLimit: number;
  batchMs: number;
  db: Db;
  dispatcher: Dispatcher;
  vocabularyFor(agentId: string): ScopeReport[];
  providerFor: ProviderFor;
  agents: { get(agentId: string): Agent | null };
  workspaces: { get(agentId: string): Workspace | null };
  emit(event: AgentEvent): void;
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
  turn.emit({ ...base, type: 'turn_started' });
  const batcher = createTextBatcher((text) => turn.emit({ ...base, type: 'text', text }), turn.batchMs);
  const toolCallExists = turn.db.prepare('SELECT 1 FROM tool_calls WHERE id = ?').pluck();

  // The model request the turn is on: the window shows "step N" beside each call it starts.
  let step = 0;
  try {
    for (let request = 0; request < turn.turnLimit; request++) {
      step = request + 1;
      if (turn.signal.aborted) return cancelled();
      const agent = turn.agents.get(turn.agentId);
      if (!agent) throw new ProviderError('the agent was removed while its turn was working', false);
      const workspace = turn.workspaces.get(turn.agentId);
      const bound = clampOutputBound(agent.maxOutputTokens);
      const stored = turn.conversations.all(turn.conversationId);
      const modelRequest: ModelRequest = {
        model: agent.model,
        system: buildSystemPrompt({ agent, workspace, vocabulary: turn.vocabularyFor(agent.id) }),
        messages: compactToolOutputs(toModelMessages(stored, turn.fullResults)),
        tools: turn.dispatcher.offeredTools(agent.id),
        maxOutputTokens: bound,
        signal: turn.signal,
      };
      const response = await streamResponse(turn.providerFor(agent), modelRequest, batcher);
      batcher.flush();

      if (response.aborted || response.stop === 'max_tokens') {
        // A call cut off by the bound or the owner is not run: its arguments may be incomplete.
        if (response.text) turn.conversations.append(turn.conversationId, { role: 'assistant', text: response.text, toolCalls: [] });
        if (response.aborted) return cancelled();
        notice(`stopped at the output bound (${bound} tokens)`);
        return 'max_tokens';
      }

      const seen = new Set(stored.flatMap((message) => (message.role === 'assistant' ? message.toolCalls.map((call) => call.id) : [])));
      const calls = response.calls.map((call) => parseCall(call, (id) => seen.has(id) || toolCallExists.get(id) !== undefined, seen));
      const toolCalls: StoredToolCall[] = calls.map(({ id, name, args }) => ({ id, name, args }));
      if (response.text || toolCalls.length > 0) {
        turn.conversations.append(turn.conversationId, { role: 'assistant', text: response.text, toolCalls });
      }
      if (calls.length === 0) return 'completed';

      for (const call of calls) {
        const result = turn.signal.aborted
          ? ({ ok: false, error: 'not run: the owner stopped the turn' } satisfies ToolResult)
          : await runCall(turn, base, call);
        const stored = storedResultText(call.name, call.args, result);
        turn.conversations.append(turn.conversationId, {
          role: 'tool',
          callId: call.id,
          tool: call.name,
          text: stored,
          isError: !result.ok,
        });
        rememberFull(turn.fullResults, call.id, resultText(result));
        turn.emit({ ...base, type: 'tool_call_finished', callId: call.id, tool: call.name, ok: result.ok, summary: clip(stored) });
      }
      if (turn.signal.aborted) return cancelled();
    }
    notice(`stopped after ${turn.turnLimit} model requests in one turn (the turn limit); send a message to continue`);
    return 'turn_limit';
  } catch (error) {
    batcher.flush();
    if (turn.signal.aborted) return cancelled();
    const failure = error instanceof ProviderError ? error : new ProviderError(`the turn failed: ${(error as Error).message}`, false);
    notice(failure.message);
    turn.emit({ ...base, type: 'error', message: failure.message, retryable: failure.retryable });
    return 'error';
  } finally {
    batcher.flush();
  }

  function cancelled(): TurnEndReason {
    notice(STOPPED_BY_OWNER);
    return 'cancelled';
  }

  async function runCall(context: TurnContext, eventBase: typeof base, call: PendingCall): Promise<ToolResult> {
    context.emit({ ...eventBase, type: 'tool_call_started', callId: call.id, tool: call.name, args: call.args, step });
    if (call.invalid) return { ok: false, status: 400, error: call.invalid };
    try {
      return await context.dispatcher.dispatch(
        {
          callId: call.id,
          tool: call.name,
          args: call.args,
          agentId: context.agentId,
          conversationId: context.conversationId,
          // A turn is a live owner request at depth 0: what the registry floor checks (SPEC §5).
          ownerRequestId: context.turnId,
          delegationDepth: 0,
        },
        context.signal,
      );
    } catch (error) {
      if (context.signal.aborted) return { ok: false, error: `cancelled: ${STOPPED_BY_OWNER}` };
      return { ok: false, error: `the call failed: ${(error as Error).message}` };
    }
  }
}

interface StreamedResponse {
  text: string;
  calls: { id: string; name: string; argsJson: string }[];
  stop: StopReason;
  aborted: boolean;
}

async function streamResponse(provider: ModelProvider, request: ModelRequest, batcher: TextBatcher): Promise<StreamedResponse> {
  const response: StreamedResponse = { text: '', calls: [], stop: 'other', aborted: false };
  try {
    for await (const event of provider.stream(request)) {
      switch (event.type) {
        case 'text':
          response.text += event.text;
          batcher.push(event.text);
          break;
        case 'tool_call':
          response.calls.push({ id: event.id, name: event.name, argsJson: event.argsJson });
          break;
        case 'stop':
          response.stop = event.reason;
          break;
      }
    }
  } catch (error) {
    if (!request.signal.aborted) throw error;
    response.aborted = true;
  }
  if (request.signal.aborted) response.aborted = true;
  return response;
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
  return { id, name: call.name, args: {}, invalid: 'refused: the arguments were not a JSON object, so nothing ran; send the call again with valid JSON' };
}

function rememberFull(results: Map<string, string>, callId: string, text: string): void {
  results.set(callId, text);
  // Only the last results are sent whole (compaction): older full texts need not stay in memory.
  while (results.size > KEEP_WHOLE + 8) results.delete(results.keys().next().value as string);
}

function clip(text: string): string {
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
