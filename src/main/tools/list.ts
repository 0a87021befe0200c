// list {path?, depth?} (SPEC §6, seed 003 §2): a tree of what the directory holds, .gitignore
// honoured, node_modules always skipped, links stepped over and counted. A link as the requested
// path itself is a refusal: there is then nothing of the workspace's own to list.
import { z } from 'zod';
import { TOOL_SCOPE, type ToolResult } from '../../shared/domain';
import type { ToolDefinition } from './types';
import type { PathContext } from '../workspace/types';
import { resolveDetailed } from '../workspace/resolve';
import { denyFilterFor, walkTree } from '../workspace/walkTree';
import { NO_WORKSPACE, pathContextOf, shownPath } from './toolContext';
import { isSecretPath } from '../policy/secretFiles';

export const LIST_MAX_ENTRIES = 2_000;
const SECRET_FILE_MARK = '  (secrets file: read asks the owner)';
const SECRET_FOLDER_MARK = '  (secrets folder: read asks the owner)';
export const LIST_DEFAULT_DEPTH = 3;

const listSchema = z.object({
  path: z.string().optional().describe('Directory relative to the workspace (default: the workspace)'),
  depth: z.number().int().min(1).max(32).optional().describe('How many levels to show (default 3)'),
});
export type ListArgs = z.infer<typeof listSchema>;

export interface ListOutcome {
  path: string;
  rel: string[];
  lines: string[];
  entries: number;
  linksSkipped: number;
  /** Deny-listed places below the listed directory (a workspace that is the home directory). */
  deniedSkipped: number;
  /** Secrets files listed (marked: their names are shown, never their contents). */
  secrets: number;
  truncated: boolean;
}

/** The listing itself, shared with the benchmark (which lifts the entry bound). */
export function listInside(
  pctx: PathContext,
  requested: string,
  depth: number,
  maxEntries: number,
): { ok: true; outcome: ListOutcome } | { ok: false; status: number; error: string } {
  const res = resolveDetailed(pctx, { path: requested, for: 'read' });
  if (!res.ok) return { ok: false, status: 403, error: res.reason };
  if (res.links > 0) {
    return {
      ok: false,
      status: 403,
      error: `refused: ${JSON.stringify(requested)} goes through a symbolic link; list steps over links and will not list through one.`,
    };
  }
  if (res.rel.length > 0 && res.stat === undefined)
    return { ok: false, status: 404, error: `${shownPath(res.rel)} does not exist.` };
  if (res.rel.length > 0 && !res.stat?.isDirectory())
    return { ok: false, status: 400, error: `${shownPath(res.rel)} is a file; use read.` };
  const lines: string[] = [];
  const indents: string[] = []; // by depth, built once: a listing is mostly a few depths
  let entries = 0;
  let secrets = 0;
  let truncated = false;
  try {
    const summary = walkTree(pctx.workspace, res.rel, {
      maxDepth: depth,
      includeHidden: true,
      denied: denyFilterFor(pctx, res.rel),
      visit(entry) {
        if (entries >= maxEntries) {
          truncated = true;
          return false;
        }
        entries++;
        const indent = indents[entry.depth] ?? (indents[entry.depth] = '  '.repeat(entry.depth - 1));
        // A secrets file's name is the agent's to know; its contents only through read, which asks the owner.
        const secret = isSecretPath(entry.rel);
        if (secret && entry.kind !== 'dir') secrets++;
        const mark = !secret ? '' : entry.kind === 'dir' ? SECRET_FOLDER_MARK : SECRET_FILE_MARK;
        lines.push(entry.kind === 'dir' ? `${indent}${entry.name}/${mark}` : indent + entry.name + mark);
        return true;
      },
    });
    return {
      ok: true,
      outcome: {
        path: res.path,
        rel: res.rel,
        lines,
        entries,
        secrets,
        linksSkipped: summary.linksSkipped,
        deniedSkipped: summary.deniedSkipped,
        truncated,
      },
    };
  } catch (error) {
    return {
      ok: false,
      status: 403,
      error: `refused: ${shownPath(res.rel)} changed while it was being listed (${(error as Error).message}).`,
    };
  }
}

export const listTool: ToolDefinition<ListArgs> = {
  name: 'list',
  scope: TOOL_SCOPE.list,
  description:
    'List a directory of the workspace as a tree. Ignores what .gitignore ignores and node_modules; symbolic links are not followed and are counted instead. Secrets files (.env, keys, credentials) are listed and marked: read asks the owner before showing one.',
  schema: listSchema,
  effects: {
    readOnly: true,
    destructive: false,
    idempotent: true,
    openWorld: false,
    changesFiles: false,
    runsCode: false,
    replaySafe: true,
  },
  // Reading only: plan mode offers it.
  planSafe: true,
  views: { quotesFiles: true, icon: 'file-list', again: () => 'call list again if you need it' },
  tierFor: () => ({ tier: 'auto', reason: 'listing inside the workspace is allowed in every mode' }),
  async run(args, ctx): Promise<ToolResult> {
    const pctx = pathContextOf(ctx);
    if (pctx === null) return NO_WORKSPACE;
    const listed = listInside(pctx, args.path ?? '.', args.depth ?? LIST_DEFAULT_DEPTH, LIST_MAX_ENTRIES);
    if (!listed.ok) return listed;
    const o = listed.outcome;
    const notes = [`${o.entries} entries`];
    if (o.linksSkipped > 0) notes.push(`${o.linksSkipped} symbolic link${o.linksSkipped === 1 ? '' : 's'} skipped`);
    if (o.secrets > 0)
      notes.push(
        `${o.secrets} secrets file${o.secrets === 1 ? '' : 's'} (marked; read asks the owner, search leaves their lines out)`,
      );
    if (o.deniedSkipped > 0)
      notes.push(`${o.deniedSkipped} denied place${o.deniedSkipped === 1 ? '' : 's'} skipped (deny list)`);
    if (o.truncated)
      notes.push(`stopped at ${LIST_MAX_ENTRIES} entries; list a subdirectory or lower depth to see more`);
    const header = `${shownPath(o.rel)}/ (${notes.join('; ')})`;
    return {
      ok: true,
      text: o.lines.length > 0 ? `${header}\n${o.lines.join('\n')}` : `${header}\n(empty)`,
      data: { path: o.path, entries: o.entries, linksSkipped: o.linksSkipped, truncated: o.truncated },
    };
  },
};
