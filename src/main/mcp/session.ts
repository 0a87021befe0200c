// One MCP client's session with the core (SPEC §14, issue 21): the client's tool calls take the same
// path as the built-in loop's (dispatcher: installed → granted → floor → tier → card → run →
// recorded), under a conversation named after the client. Only how a card is answered differs:
// through the client (elicitation) when it can ask its user, else on the window's card when a
// window is attached to this core, else refused with the sentence that says how to answer it.
import { randomUUID } from 'node:crypto';
import type { Card, Mode, ToolResult } from '../../shared/domain';
import type { CardOutcome, PendingCards } from '../approvals/pendingCards';
import type { Dispatcher, OfferedTool } from '../dispatch/types';
import type { WorkspaceAssignment } from '../owner/workspaceAssignment';
import type { AgentsRepository } from '../store/agents';
import type { ConversationsRepository } from '../store/conversations';
import type { WorkspacesRepository } from '../store/workspaces';
import { DEVELOPER_SCOPES, normaliseHandle } from '../agent/defaultAgent';
import { describeCardForClient } from './cardText';
import type { McpLiveSessions } from './liveSessions';
import type { OwnerRequests } from '../dispatch/ownerRequests';
import type { TurnHooks } from '../agent/loop';

/** The live owner request of the MCP session on a conversation (its client's connection). */
export function mcpOwnerRequestId(conversationId: string): string {
  return `mcp:${conversationId}`;
}

export interface McpHello {
  client: { name: string; version: string };
  /** The directory the owner named with --workspace. */
  workspace: string;
  /** The agent's handle (`dev` or `@dev`); created on first use. */
  agentHandle: string;
  /** The owner's --mode, applied to the agent; absent: the agent keeps its own. Fixed for the session. */
  mode?: Mode;
  dataDir: string;
}

/** What the session asks of the MCP client while a call runs. */
export interface McpPeer {
  /** Whether the client declared elicitation: then its user answers the card. */
  canElicit: boolean;
  /** Asks the client's user (see `readElicitation`). */
  elicit(card: Card, text: string, signal: AbortSignal): Promise<ElicitAnswer>;
  progress(message: string): void;
}

/**
 * An elicitation's answer: approved, denied by a person, or `unanswered` — the client declined or
 * sent nothing within a moment of asking, which is a client that cannot ask anybody (`claude -p`,
 * `codex exec`), not an owner's no.
 */
export type ElicitAnswer = 'approve' | 'deny' | 'unanswered';

/** Below this, a decline or an empty answer came from the client itself: no person reads and answers a card that fast. */
export const UNANSWERED_WITHIN_MS = 1_500;

/** The one reading of what a client sent back: only an explicit tick approves. */
export function readElicitation(
  action: 'accept' | 'decline' | 'cancel',
  approve: unknown,
  elapsedMs: number,
): ElicitAnswer {
  if (action === 'accept' && approve === true) return 'approve';
  const answeredByAPerson = elapsedMs >= UNANSWERED_WITHIN_MS || (action === 'accept' && approve === false);
  return answeredByAPerson ? 'deny' : 'unanswered';
}

export interface McpSessionDeps {
  agents: AgentsRepository;
  workspaces: WorkspacesRepository;
  assignment: WorkspaceAssignment;
  conversations: ConversationsRepository;
  dispatcher: Dispatcher;
  /** The MCP sessions open on this core: a second one may not move the agent elsewhere. */
  liveSessions: McpLiveSessions;
  /** The live owner requests: the session is one while it is open (the floor checks it). */
  ownerRequests: OwnerRequests;
  /** The window's cards, when a window is attached to this core (serve, Electron); null for a lone `paddock mcp`. */
  windowCards: PendingCards | null;
  /** A session opened: its agent (perhaps new) and conversation exist now. */
  onOpened?(agentId: string): void;
  /** Checkpoints: each call is a turn of its own, so the window's "Undo this turn" undoes one call. */
  turnHooks?: TurnHooks;
  /** How often a call waiting on a window card tells the client it still waits. */
  progressEveryMs?: number;
}

export interface McpSession {
  agentId: string;
  conversationId: string;
  tools(): OfferedTool[];
  call(name: string, args: unknown, peer: McpPeer, signal: AbortSignal): Promise<ToolResult>;
  /** The client went away: its owner request ends, so no later call passes the floor. */
  close(): void;
}

// The workspace is the owner's --workspace flag: the client's model may not move it.
const NOT_OFFERED_OVER_MCP = new Set(['workspace']);

function noWayToAsk(dataDir: string): string {
  return (
    "this call needs the owner's approval, but this MCP client cannot ask its user (no elicitation) " +
    `and no Paddock window is running on ${dataDir}. Start Paddock on that data directory ` +
    `(npm start, or paddock serve --data-dir ${dataDir}) and call again to answer it on a card there, ` +
    'or use a client that supports elicitation'
  );
}

function clientCouldNotAsk(dataDir: string): string {
  return (
    "this call needs the owner's approval, and nobody was asked: the MCP client answered the question on its own " +
    '(a client run without a person at it, such as `claude -p` or `codex exec`, declines every question), ' +
    `and no Paddock window is running on ${dataDir}. Nothing was done. To answer it, start Paddock on that data directory ` +
    `(npm start, or paddock serve --data-dir ${dataDir}) and call again: the card waits there; ` +
    'or give the agent edit or run mode (paddock mcp --mode) so that this call needs no card'
  );
}

export async function openMcpSession(deps: McpSessionDeps, hello: McpHello): Promise<McpSession> {
  const handle = normaliseHandle(hello.agentHandle);
  let agent = deps.agents.list().find((candidate) => candidate.handle.toLowerCase() === handle.toLowerCase()) ?? null;
  if (!agent) {
    // A new agent for MCP clients: the developer tools, never the shell, in the mode the owner named
    // (run, as every new agent, when none: seed 003 §3).
    agent = deps.agents.create({
      name: `${handle.slice(1)} (MCP)`,
      handle,
      provider: 'anthropic',
      model: 'none',
      scopes: [...DEVELOPER_SCOPES],
      mode: hello.mode ?? 'run',
    });
  }
  const assigned = await deps.assignment.propose(hello.workspace);
  if (!assigned.ok) throw new Error(`refused: ${assigned.reason}`);
  const client = `${hello.client.name}${hello.client.version ? ` ${hello.client.version}` : ''}`;
  // The session is fixed to this workspace and mode from here on: no other open session on the agent
  // may hold it elsewhere (checked and held in one step), and every call is bound to them below.
  agent = deps.agents.get(agent.id) ?? agent;
  const mode = hello.mode ?? agent.mode;
  const held = deps.liveSessions.hold(agent.id, agent.handle, { client, directory: assigned.proposal.directory, mode });
  if (!held.ok) throw new Error(`refused: ${held.reason}`);
  try {
    if (agent.mode !== mode) agent = deps.agents.update(agent.id, { mode }) ?? agent;
    if (deps.workspaces.get(agent.id)?.directory !== assigned.proposal.directory) {
      const result = await deps.assignment.assign(agent.id, hello.workspace);
      if (!result.ok) throw new Error(`refused: ${result.reason}`);
    }
    const recorded = deps.workspaces.get(agent.id)?.directory;
    if (recorded !== assigned.proposal.directory) {
      throw new Error(
        `refused: ${agent.handle}'s workspace is ${recorded ?? 'none'}, not ${assigned.proposal.directory}, after assigning it`,
      );
    }
  } catch (error) {
    held.release();
    throw error;
  }
  const boundTo = { directory: assigned.proposal.directory, mode };
  const conversation = deps.conversations.create(agent.id, `MCP: ${client}`);
  const agentId = agent.id;
  deps.onOpened?.(agentId);
  // The client's connection is the live owner request: the owner started the client and named this
  // agent and workspace on its command line (the floor still refuses delegates and scheduled runs).
  const ownerRequestId = mcpOwnerRequestId(conversation.id);
  const endOwnerRequest = deps.ownerRequests.open(ownerRequestId, conversation.id);
  const progressEvery = deps.progressEveryMs ?? 5_000;

  /** The window's own card (remember choices there bind this agent and workspace as usual), while the client hears every few seconds that the call still waits. */
  function askWindow(
    windowCards: PendingCards,
    peer: McpPeer,
    draft: Omit<Card, 'id' | 'createdAt'>,
    signal: AbortSignal,
  ) {
    const asked = windowCards.ask(draft, signal);
    const started = Date.now();
    peer.progress('waiting for the owner to answer the card in the Paddock window');
    const ticker = setInterval(() => {
      const seconds = Math.round((Date.now() - started) / 1000);
      peer.progress(`still waiting for the owner to answer the card in the Paddock window (${seconds} s)`);
    }, progressEvery);
    void asked.outcome.finally(() => clearInterval(ticker));
    return asked;
  }

  function askerFor(peer: McpPeer) {
    return (
      draft: Omit<Card, 'id' | 'createdAt'>,
      signal: AbortSignal,
    ): { card: Card; outcome: Promise<CardOutcome> } => {
      const windowCards = deps.windowCards;
      if (!peer.canElicit && windowCards) return askWindow(windowCards, peer, draft, signal);
      const card: Card = { ...draft, id: randomUUID(), createdAt: new Date().toISOString() };
      if (!peer.canElicit) {
        return { card, outcome: Promise.resolve({ decision: 'cancelled', why: noWayToAsk(hello.dataDir) }) };
      }
      const outcome = peer
        .elicit(card, describeCardForClient(card), signal)
        .then((answer): CardOutcome | Promise<CardOutcome> => {
          if (answer === 'approve') return { decision: 'approve' };
          if (answer === 'deny') return { decision: 'deny' };
          // The client could not ask a person: the window answers when there is one, else nobody can.
          if (windowCards) return askWindow(windowCards, peer, draft, signal).outcome;
          return { decision: 'cancelled', why: clientCouldNotAsk(hello.dataDir) };
        })
        .catch((error: Error): CardOutcome => ({
          decision: 'cancelled',
          why: `the client could not ask: ${error.message}`,
        }));
      return { card, outcome };
    };
  }

  return {
    agentId,
    conversationId: conversation.id,
    tools: () => deps.dispatcher.offeredTools(agentId).filter((tool) => !NOT_OFFERED_OVER_MCP.has(tool.name)),
    call(name, args, peer, signal) {
      if (NOT_OFFERED_OVER_MCP.has(name)) {
        return Promise.resolve({
          ok: false,
          status: 403,
          error: `refused: ${name} is not offered over MCP; the workspace is the one named by paddock mcp --workspace`,
        });
      }
      const callId = randomUUID();
      // A turn of its own for checkpoints: recorded before its first change, and when it ends.
      const turn = { turnId: `${ownerRequestId}:${callId}`, agentId, conversationId: conversation.id };
      deps.turnHooks?.started({ ...turn, ownerMessageId: null });
      const dispatched = deps.dispatcher.dispatch(
        {
          callId,
          agentId,
          conversationId: conversation.id,
          ownerRequestId,
          checkpointTurnId: turn.turnId,
          delegationDepth: 0,
          tool: name,
          args,
          askOwner: askerFor(peer),
          boundTo,
        },
        signal,
      );
      return deps.turnHooks ? dispatched.finally(() => deps.turnHooks?.ended(turn)) : dispatched;
    },
    close() {
      endOwnerRequest();
      held.release();
    },
  };
}
