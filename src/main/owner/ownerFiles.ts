// The owner's file viewer (Files tab) sees the workspace through the same resolver and walker as
// the agent's read and list tools: the deny list and the link rules hold for the window too.
import type { FileContentView, FileTreeView } from '../../shared/ipc';
import type { PathContext } from '../workspace/types';
import { resolveDetailed } from '../workspace/resolve';
import { readInside } from '../workspace/files';
import { isGitComponent } from '../workspace/gitName';
import { denyFilterFor, walkTree } from '../workspace/walkTree';

const TREE_MAX_ENTRIES = 5_000;
const VIEW_MAX_BYTES = 2 * 1024 * 1024;

export type FileOutcome<T> = { ok: true; value: T } | { ok: false; error: string };

export function workspaceTree(ctx: PathContext, requested: string, depth: number): FileOutcome<FileTreeView> {
  const resolved = resolveDetailed(ctx, { path: requested, for: 'read' });
  if (!resolved.ok) return { ok: false, error: resolved.reason };
  if (resolved.links > 0) return { ok: false, error: `refused: ${requested} goes through a symbolic link` };
  const entries: FileTreeView['entries'] = [];
  let truncated = false;
  const denied = denyFilterFor(ctx, resolved.rel);
  const summary = walkTree(ctx.workspace, resolved.rel, {
    maxDepth: depth,
    includeHidden: true,
    // The deny list holds for the window too; .git is git's business and would crowd out the project.
    denied: (parent, name) => isGitComponent(name) || (denied?.(parent, name) ?? false),
    visit(entry) {
      if (entries.length >= TREE_MAX_ENTRIES) {
        truncated = true;
        return false;
      }
      if (entry.kind !== 'other') entries.push({ path: entry.rel, type: entry.kind });
      return true;
    },
  });
  return { ok: true, value: { root: resolved.path, entries, skippedLinks: summary.linksSkipped, truncated } };
}

export function workspaceFile(ctx: PathContext, requested: string): FileOutcome<FileContentView> {
  const read = readInside(ctx, requested, VIEW_MAX_BYTES);
  if (!read.ok) return { ok: false, error: read.error };
  if (read.data.includes(0)) return { ok: false, error: `${read.path} is a binary file (${read.size} bytes)` };
  return {
    ok: true,
    value: { path: read.path, content: read.data.toString('utf8'), truncated: read.size > read.data.length },
  };
}
