// What write and edit share (SPEC §5, §6): the planned change (before, after, unified diff, sha256 of
// the content replaced), the always-a-card check on both the requested and the resolved path, and
// applying it — refusing when the file is no longer what the owner approved.
import type { CardApproval, CardHunk, ToolResult } from '../../shared/domain';
import type { PathContext } from '../workspace/types';
import { isAlwaysCardPath } from '../workspace/alwaysCard';
import { unifiedDiff } from '../workspace/diffText';
import { currentContent, sha256, writeInside, type FileFailure } from '../workspace/files';
import { applyAcceptedHunks, hunksOf, rejectedHunksText } from '../workspace/hunks';
import { resolveDetailed } from '../workspace/resolve';

/** A write or edit replaces at most this much, and writes at most this much. */
export const CHANGE_MAX_BYTES = 10 * 1024 * 1024;

export interface PlannedChange {
  path: string;
  rel: string;
  before: Buffer | null;
  after: string;
  baseHash: string | null;
}

/** The reason a write to `requested` is a card in every mode, from its name or where it resolves. */
export function alwaysCardReason(pctx: PathContext, requested: string): string | null {
  const direct = isAlwaysCardPath(requested);
  if (direct) return direct;
  const res = resolveDetailed(pctx, { path: requested, for: 'write' });
  return res.ok ? isAlwaysCardPath(res.rel.join('/')) : null;
}

export function readBefore(pctx: PathContext, requested: string): { ok: true; path: string; rel: string; before: Buffer | null } | FileFailure {
  const res = resolveDetailed(pctx, { path: requested, for: 'write' });
  if (!res.ok) return { ok: false, status: 403, error: res.reason };
  const current = currentContent(pctx, requested, CHANGE_MAX_BYTES);
  if (!current.ok) return current;
  return { ok: true, path: current.path, rel: res.rel.join('/'), before: current.content };
}

export function diffOf(change: PlannedChange): string {
  if (change.before !== null && change.before.subarray(0, 8192).includes(0)) {
    return `(${change.rel} was a binary file of ${change.before.length} bytes; it is replaced by text)`;
  }
  return unifiedDiff(change.rel, change.before === null ? null : change.before.toString('utf8'), change.after);
}

/** The hunks a card offers for a change: none for a binary file or a diff too large to compute. */
export function hunksFor(change: PlannedChange): CardHunk[] | undefined {
  if (change.before !== null && change.before.subarray(0, 8192).includes(0)) return undefined;
  const hunks = hunksOf(change.before === null ? null : change.before.toString('utf8'), change.after);
  return hunks.length > 0 ? hunks : undefined;
}

/** The change narrowed to the hunks the owner accepted (applied to the same base), with the model's note on the rest. */
function narrowedTo(change: PlannedChange, hunks: NonNullable<CardApproval['hunks']>): { ok: true; change: PlannedChange; note: string } | { ok: false; status: number; error: string } {
  const selected = applyAcceptedHunks(change.before === null ? '' : change.before.toString('utf8'), hunks.offered, new Set(hunks.accepted));
  if (!selected.ok) return { ok: false, status: 409, error: selected.error };
  const note = rejectedHunksText(change.rel, selected.rejected, hunks.offered.length);
  return { ok: true, change: { ...change, after: selected.content }, note };
}

/** Applies a planned change; `approval` is set when the owner approved a card for it (perhaps only some hunks). */
export function applyChange(pctx: PathContext, requested: string, planned: PlannedChange, approval: CardApproval | undefined): ToolResult {
  if (approval !== undefined && approval.baseHash !== planned.baseHash) {
    return { ok: false, status: 409, error: `refused: ${planned.rel} changed while you were deciding; nothing was written. Read it again and propose the change anew.` };
  }
  let change = planned;
  let note = '';
  if (approval?.hunks) {
    const narrowed = narrowedTo(planned, approval.hunks);
    if (!narrowed.ok) return narrowed;
    ({ change, note } = narrowed);
  }
  if (Buffer.byteLength(change.after, 'utf8') > CHANGE_MAX_BYTES) {
    return { ok: false, status: 413, error: `refused: the new content is larger than ${CHANGE_MAX_BYTES} bytes.` };
  }
  const written = writeInside(pctx, requested, change.after);
  if (!written.ok) return written;
  const diff = diffOf(change);
  const verb = written.created ? 'created' : 'replaced';
  const accepted = approval?.hunks ? `; applied ${approval.hunks.accepted.length} of ${approval.hunks.offered.length} hunks` : '';
  const head = `${verb} ${change.rel} (${Buffer.byteLength(change.after, 'utf8')} bytes${accepted})\n`;
  return {
    ok: true,
    text: `${head}${diff}${note ? `\n${note}` : ''}`,
    // The window shows the diff from here on (a change that changed nothing has no hunk to show).
    outcome: { filesChanged: [change.rel], ...(/^@@ /m.test(diff) ? { diffStart: head.length + Math.max(0, diff.search(/^(---|\+\+\+|@@) /m)) } : {}) },
    data: {
      path: written.path,
      diff,
      baseHash: change.baseHash,
      created: written.created,
      ...(approval?.hunks ? { acceptedHunks: approval.hunks.accepted, rejectedHunks: approval.hunks.offered.filter((hunk) => !approval.hunks?.accepted.includes(hunk.id)).map((hunk) => hunk.id) } : {}),
    },
  };
}

/** When the owner approved a card: a refusal if the file is no longer what the card showed. */
export function changedSinceApproval(pctx: PathContext, requested: string, approval: CardApproval | undefined): ToolResult | null {
  if (approval === undefined) return null;
  const before = readBefore(pctx, requested);
  if (!before.ok) return before;
  if (sha256(before.before) === approval.baseHash) return null;
  return { ok: false, status: 409, error: `refused: ${before.rel} changed while you were deciding; nothing was written. Read it again and propose the change anew.` };
}

export function planFrom(before: { path: string; rel: string; before: Buffer | null }, after: string): PlannedChange {
  return { path: before.path, rel: before.rel, before: before.before, after, baseHash: sha256(before.before) };
}
