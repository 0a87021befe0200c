// The registry floor (seed 003 §3): every developer tool declares the session tier, so whatever
// tierFor says, a call needs a live owner request, a grant, an agent, a conversation and depth 0.
import type { Agent, Scope } from '../../shared/domain';
import type { CallOrigin } from './types';

export type FloorVerdict =
  { ok: true } | { ok: false; code: 'session-not-authorized' | 'scope-not-granted'; message: string };

export function checkFloor(
  origin: CallOrigin,
  agent: Agent | null,
  conversationExists: boolean,
  /** Whether origin.ownerRequestId names a live turn (or open MCP session) of this conversation. */
  ownerRequestLive: boolean,
  scope: Scope,
  toolName: string,
): FloorVerdict {
  if (!agent) {
    return {
      ok: false,
      code: 'session-not-authorized',
      message: 'session-not-authorized: the call names no known agent',
    };
  }
  // A delegate gets no tool whatever the agent it works for is granted, so depth is checked first.
  if (origin.delegationDepth !== 0) {
    return {
      ok: false,
      code: 'session-not-authorized',
      message: `session-not-authorized: a delegate (depth ${origin.delegationDepth}) gets none of the developer tools`,
    };
  }
  if (!agent.scopes.includes(scope)) {
    // AC-8: installed but not granted is refused at dispatch, with no effect.
    return {
      ok: false,
      code: 'scope-not-granted',
      message: `refused at dispatch: ${agent.handle} is not granted the ${scope} scope that ${toolName} needs`,
    };
  }
  if (!origin.ownerRequestId) {
    return {
      ok: false,
      code: 'session-not-authorized',
      message: 'session-not-authorized: no live owner request (a scheduled run gets no developer tool)',
    };
  }
  if (!conversationExists) {
    return {
      ok: false,
      code: 'session-not-authorized',
      message: 'session-not-authorized: the call names no known conversation',
    };
  }
  if (!ownerRequestLive) {
    return {
      ok: false,
      code: 'session-not-authorized',
      message: `session-not-authorized: the owner request ${origin.ownerRequestId} is not a live turn of this conversation (it ended, or never was)`,
    };
  }
  return { ok: true };
}
