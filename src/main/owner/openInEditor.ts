// "Open in editor" (seed 003 §6): the owner's configured editor, else the system's default opener.
// The path goes through the read rules first, so the window cannot open a denied file this way.
import fs from 'node:fs';
import path from 'node:path';
import { spawnChild } from '../processes/spawn';
import type { PathContext } from '../workspace/types';
import { resolveInsideWorkspace } from '../workspace/resolve';

export function systemOpener(): string {
  return process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
}

export function openInEditor(
  ctx: PathContext,
  requested: string,
  editor: string[] | null,
): { ok: true } | { ok: false; reason: string } {
  const decision = resolveInsideWorkspace(ctx, { path: requested, for: 'read' });
  if (!decision.ok) return { ok: false, reason: decision.reason };
  const [program, ...args] = editor && editor.length > 0 ? editor : [systemOpener()];
  try {
    const child = spawnChild(program!, [...args, decision.path], 'opener', { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `could not start ${program}: ${(error as Error).message}` };
  }
}

// Kinds the system opener (open, xdg-open, explorer) launches instead of showing: an app bundle, a
// terminal script, a desktop entry, an installer. The agent writes the workspace, so "Open in editor"
// on one of these would run the agent's code as the owner, outside every rule. Shell scripts etc.
// are caught by their executable bit.
const LAUNCHED_BY_OPENER = new Set([
  '.app',
  '.command',
  '.tool',
  '.terminal',
  '.workflow',
  '.action',
  '.scpt',
  '.scptd',
  '.applescript',
  '.pkg',
  '.mpkg',
  '.dmg',
  '.prefpane',
  '.saver',
  '.webloc',
  '.inetloc',
  '.fileloc',
  '.url',
  '.desktop',
  '.jar',
  '.appimage',
  '.flatpakref',
  '.deb',
  '.rpm',
  '.run',
  '.exe',
  '.msi',
  '.bat',
  '.cmd',
  '.com',
  '.ps1',
  '.lnk',
  '.scr',
  '.reg',
  // Windows Script Host runs these on a double click; elsewhere a .js is source to be read.
  ...(process.platform === 'win32' ? ['.js', '.jse', '.vbs', '.vbe', '.wsf', '.hta'] : []),
]);

/** Whether the system opener would launch (not show) what `requested` names: then the owner is told, nothing opens. */
function launchedByOpener(ctx: PathContext, requested: string): string | null {
  const decision = resolveInsideWorkspace(ctx, { path: requested, for: 'read' });
  if (!decision.ok) return null; // openInEditor refuses it with the rule's own sentence
  let stat: fs.Stats;
  try {
    stat = fs.statSync(decision.path);
  } catch {
    return null;
  }
  const extension = path.extname(decision.path).toLowerCase();
  if (LAUNCHED_BY_OPENER.has(extension)) return `${extension} files are launched by the system opener, not shown`;
  if (stat.isFile() && (stat.mode & 0o111) !== 0) return 'it is executable, and the system opener may run it';
  return null;
}

/** Open in editor as the owner asks it: with no editor set, what the system opener would launch is refused, naming why. */
export function openForOwner(
  ctx: PathContext,
  requested: string,
  editor: string[] | null,
): { ok: true } | { ok: false; reason: string } {
  if (!editor || editor.length === 0) {
    const launched = launchedByOpener(ctx, requested);
    if (launched)
      return {
        ok: false,
        reason: `refused: ${requested} is not opened with the system opener: ${launched}; view it in the Files tab`,
      };
  }
  return openInEditor(ctx, requested, editor);
}
