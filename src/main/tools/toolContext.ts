// What every file tool does first (SPEC §3, §4): no workspace → refusal; otherwise the PathContext
// the resolver needs, built from the call's context on every call (the record may have changed).
import type { ToolCallContext, ToolResult } from '../../shared/domain';
import { pathContextFor, type PathContext } from '../workspace/types';

export const NO_WORKSPACE: ToolResult = {
  ok: false,
  status: 403,
  error: 'refused: this agent has no workspace, so no file tool has a directory to work in.',
};

export function pathContextOf(ctx: ToolCallContext): PathContext | null {
  if (ctx.workspace === null) return null;
  return pathContextFor(ctx.workspace, ctx);
}

/** Paths in results are shown relative to the workspace ('.' for the root itself). */
export function shownPath(rel: readonly string[]): string {
  return rel.length === 0 ? '.' : rel.join('/');
}
