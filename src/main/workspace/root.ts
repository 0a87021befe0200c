// Which directories may be a workspace root (SPEC §4, seed 000 AC-9): an existing directory, by its
// real path; never the filesystem root, a device or process tree, Paddock's own state (named by
// area) or a deny-listed place. A connected worktree under <data>/repositories/<id>/agent is fine,
// and so is a task's git worktree under <data>/worktrees/<task>.
import fs from 'node:fs';
import path from 'node:path';
import { compileDenyList, deniedArea, denyReason, foldFor } from './denyList';
import { volumeIgnoresCase } from './volume';

export type RootDecision = { ok: true; path: string } | { ok: false; reason: string };

const SYSTEM_ALIASES = ['/dev', '/proc', '/sys'];

/** What lives directly under <data>, for a refusal that names the area (AC-9). */
function areaName(first: string): string {
  const lower = first.toLowerCase();
  if (lower.startsWith('paddock.db')) return 'its database';
  if (lower === 'developer') return 'its process logs';
  if (lower === 'logs') return 'its logs';
  if (lower === 'files') return 'its files (screenshots and attachments)';
  if (lower === 'credentials') return 'its credentials';
  if (lower === 'repositories') return 'the folder of every connected repository';
  return `its ${first} area`;
}

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return p;
  }
}

export function validateWorkspaceRoot(dir: string, ctx: { home: string; dataDir: string }): RootDecision {
  if (dir.length === 0 || dir.includes('\0'))
    return { ok: false, reason: 'refused: a workspace must be a directory path.' };
  if (!path.isAbsolute(dir)) return { ok: false, reason: `refused: the workspace ${dir} must be an absolute path.` };
  // Checked on the spelling too: /proc/self/cwd or /proc/<pid>/root/… resolve to ordinary directories
  // today, but they name another process's view of the filesystem, not a directory the owner chose.
  const spelled = path.resolve(dir);
  if (SYSTEM_ALIASES.some((a) => spelled === a || spelled.startsWith(`${a}/`))) {
    return { ok: false, reason: `refused: ${spelled} is a device or process alias, never a workspace.` };
  }
  let st: fs.Stats | undefined;
  try {
    st = fs.statSync(dir, { throwIfNoEntry: false });
  } catch {
    st = undefined;
  }
  if (st === undefined) return { ok: false, reason: `refused: the workspace ${dir} does not exist.` };
  if (!st.isDirectory()) return { ok: false, reason: `refused: the workspace ${dir} is not a directory.` };
  const real = realOrSelf(dir);
  if (real === '/') return { ok: false, reason: 'refused: the filesystem root is never a workspace.' };
  if (SYSTEM_ALIASES.some((a) => real === a || real.startsWith(`${a}/`))) {
    return { ok: false, reason: `refused: ${real} is a device or process tree, never a workspace.` };
  }

  const fold = foldFor(volumeIgnoresCase(real));
  const target = fold(real);
  for (const data of new Set([ctx.dataDir, realOrSelf(ctx.dataDir)])) {
    const d = fold(data);
    if (target !== d && !target.startsWith(`${d}/`)) continue;
    const below = real
      .slice(data.length + 1)
      .split('/')
      .filter((c) => c !== '');
    // Only a project's worktree, repositories/<id>/agent (or below it), is a workspace; everything
    // else, the project folder around the worktree included, is Paddock's state.
    if (below.length >= 3 && fold(below[0]!) === fold('repositories') && fold(below[2]!) === fold('agent')) continue;
    // A task's worktree, worktrees/<task> (or below it), is one too; the worktrees folder itself is not.
    if (below.length >= 2 && fold(below[0]!) === fold('worktrees')) continue;
    const area = below.length === 0 ? 'the data directory itself' : areaName(below[0]!);
    return {
      ok: false,
      reason: `refused: ${real} is inside Paddock's own state (${area}, under ${data}); only a connected repository under ${path.join(data, 'repositories')} or a task's worktree under ${path.join(data, 'worktrees')} may be a workspace.`,
    };
  }
  const denied = deniedArea(compileDenyList(ctx.home, ctx.dataDir, fold), target);
  if (denied && !denied.dataDir) {
    return {
      ok: false,
      reason: denyReason(denied).replace(/ and is never read or written.*$/, ', so it is never a workspace.'),
    };
  }
  return { ok: true, path: real };
}
