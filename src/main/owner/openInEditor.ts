// "Open in editor" (seed 003 §6): the owner's configured editor, else the system's default opener.
// The path goes through the read rules first, so the window cannot open a denied file this way.
import { spawnChild } from '../processes/spawn';
import type { PathContext } from '../workspace/types';
import { resolveInsideWorkspace } from '../workspace/resolve';

export function systemOpener(): string {
  return process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
}

export function openInEditor(ctx: PathContext, requested: string, editor: string[] | null): { ok: true } | { ok: false; reason: string } {
  const decision = resolveInsideWorkspace(ctx, { path: requested, for: 'read' });
  if (!decision.ok) return { ok: false, reason: decision.reason };
  const [program, ...args] = editor && editor.length > 0 ? editor : [systemOpener()];
  try {
    const child = spawnChild(program, [...args, decision.path], 'opener', { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `could not start ${program}: ${(error as Error).message}` };
  }
}
