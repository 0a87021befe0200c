// One decision's path session: what every resolution in it shares (the workspace's components, the
// case fold, the compiled deny list, and, for a command's checks, the lstat of each path already
// walked). Nothing in it outlives the decision.
import fs from 'node:fs';
import type { PathContext } from './types';
import { compileDenyList, foldFor, type CompiledDenyList, type Fold } from './denyList';
import { volumeIgnoresCase } from './volume';
import { isGitComponent } from './gitName';

/**
 * What every resolution in one decision shares (issue 22 item 5): the workspace's components, the
 * fold, the compiled deny list, and the lstat of each path already walked — so a command's operands
 * that share a prefix walk it once. A session lives for one decision and is then dropped: nothing is
 * remembered across decisions, so a path that changes between two checks is seen changed.
 */
export interface PathSession {
  readonly ctx: PathContext;
  readonly ws: string;
  readonly wsParts: string[];
  /** Whether a component of the workspace's own path is a .git directory (by name). */
  readonly wsInsideGit: boolean;
  readonly fold: Fold;
  readonly deny: CompiledDenyList;
  lstat(p: string): fs.Stats | undefined;
}

function lstatOrNothing(p: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(p, { throwIfNoEntry: false });
  } catch {
    return undefined; // ENOTDIR and the like: nothing there; the tool's own open reports it.
  }
}

/** What a workspace's path string alone decides: computed once per workspace (no filesystem state in it). */
interface WorkspaceShape {
  ws: string;
  wsParts: string[];
  insideGit: boolean;
}

const shapes = new Map<string, WorkspaceShape>();

function workspaceShape(workspace: string): WorkspaceShape {
  let known = shapes.get(workspace);
  if (known === undefined) {
    const ws = workspace.length > 1 ? workspace.replace(/\/+$/, '') : workspace;
    const wsParts = ws.split('/').filter((c) => c !== '');
    known = { ws, wsParts, insideGit: wsParts.some(isGitComponent) };
    if (shapes.size > 1_000) shapes.clear();
    shapes.set(workspace, known);
  }
  return known;
}

class Session implements PathSession {
  readonly ws: string;
  readonly wsParts: string[];
  readonly wsInsideGit: boolean;
  readonly fold: Fold;
  readonly deny: CompiledDenyList;
  private readonly seen: Map<string, fs.Stats | undefined> | null;

  constructor(
    readonly ctx: PathContext,
    remember: boolean,
  ) {
    const shape = workspaceShape(ctx.workspace);
    this.ws = shape.ws;
    // Shared, never written: every walk copies the components it changes.
    this.wsParts = shape.wsParts;
    this.wsInsideGit = shape.insideGit;
    this.fold = foldFor(ctx.caseInsensitive ?? volumeIgnoresCase(this.ws));
    this.deny = compileDenyList(ctx.home, ctx.dataDir, this.fold);
    this.seen = remember ? new Map() : null;
  }

  lstat(p: string): fs.Stats | undefined {
    if (this.seen === null) return lstatOrNothing(p);
    if (this.seen.has(p)) return this.seen.get(p);
    const st = lstatOrNothing(p);
    this.seen.set(p, st);
    return st;
  }
}

/** Starts one decision's session. `remember`: share lstat answers within it (a command's checks). */
export function pathSession(ctx: PathContext, remember = false): PathSession {
  return new Session(ctx, remember);
}
