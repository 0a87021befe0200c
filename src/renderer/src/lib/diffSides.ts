import { applyPatch, parsePatch, reversePatch } from 'diff';

/**
 * The two sides of a unified diff for a side-by-side editor. A pending card's diff applies to the
 * file as it is now (the core hashed it); a finished edit's diff is undone from the file as it is now.
 * Null when the file no longer matches: the caller then shows the unified text itself.
 */
export function sidesFromPending(current: string, unified: string): { before: string; after: string } | null {
  const after = applyPatch(current, unified);
  return after === false ? null : { before: current, after };
}

export function sidesFromApplied(current: string, unified: string): { before: string; after: string } | null {
  const patches = parsePatch(unified);
  if (patches.length !== 1) return null;
  const before = applyPatch(current, reversePatch(patches[0]!));
  return before === false ? null : { before, after: current };
}
