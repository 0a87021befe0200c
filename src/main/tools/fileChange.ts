// What write and edit share (SPEC §5, §6): the planned change (before, after, unified diff, sha256 of
// the content replaced), the always-a-card check on both the requested and the resolved path, and
// applying it — refusing when the file is no longer what the owner approved.
import type { CardApproval, CardHunk, ToolResult } from '../../shared/domain';
import type { PathContext } from '../workspace/types';
import { isAlwaysCardPath } from '../workspace/alwaysCard';
import { unifiedDiff } from '../workspace/diffText';
import { contentOfResolved, sha256, writeResolved, type FileFailure } from '../workspace/files';
import { applyAcceptedHunks, hunksOf, rejectedHunksText } from '../workspace/hunks';
import { resolveDetailed, type Resolution } from '../workspace/resolve';
import type { PreparedCall } from './types';

/** A write or edit replaces at most this much, and writes at most this much. */
export const CHANGE_MAX_BYTES = 10 * 1024 * 1024;

export interface PlannedChange {
  path: string;
  rel: string;
  before: Buffer | null;
  after: string;
  baseHash: string | null;
}

/** What a file read before a change gives: where it is, and its content (null: absent). */
export interface Before {
  path: string;
  rel: string;
  before: Buffer | null;
}

type Resolved = Extract<Resolution, { ok: true }>;

/**
 * A write or edit prepared once (the dispatcher hands it to the tier, the card and the run): the
 * path resolved once, the always-a-card check on both the requested and the resolved path, the
 * content read through that resolution and the change planned from it.
 */
export interface PreparedChange extends PreparedCall {
  readonly requested: string;
  /** Null: no workspace. */
  readonly pctx: PathContext | null;
  readonly resolution: Resolved | null;
  /** Why a change here is a card in every mode, or null. */
  readonly alwaysCard: string | null;
  readonly planned: { ok: true; change: PlannedChange } | FileFailure;
}

/** Plans a change from what the file holds (write: the new content; edit: the replacement). */
export type Planner = (before: Before) => { ok: true; change: PlannedChange } | FileFailure;

export function prepareChange(pctx: PathContext | null, requested: string, plan: Planner): PreparedChange {
  const direct = isAlwaysCardPath(requested);
  if (pctx === null)
    return {
      requested,
      pctx,
      resolution: null,
      alwaysCard: direct,
      planned: { ok: false, status: 403, error: 'refused: this agent has no workspace.' },
      mayChangeFiles: true,
    };
  const res = resolveDetailed(pctx, { path: requested, for: 'write' });
  const alwaysCard = direct ?? (res.ok ? isAlwaysCardPath(res.rel.join('/')) : null);
  if (!res.ok)
    return {
      requested,
      pctx,
      resolution: null,
      alwaysCard,
      planned: { ok: false, status: 403, error: res.reason },
      mayChangeFiles: true,
    };
  const before = beforeOf(pctx, res, requested);
  return {
    requested,
    pctx,
    resolution: res,
    alwaysCard,
    planned: before.ok ? plan(before) : before,
    mayChangeFiles: true,
  };
}

function beforeOf(pctx: PathContext, res: Resolved, requested: string): ({ ok: true } & Before) | FileFailure {
  const current = contentOfResolved(pctx, res, requested, CHANGE_MAX_BYTES);
  if (!current.ok) return current;
  return { ok: true, path: current.path, rel: res.rel.join('/'), before: current.content };
}

function changedWhileDeciding(rel: string): FileFailure {
  return {
    ok: false,
    status: 409,
    error: `refused: ${rel} changed while you were deciding; nothing was written. Read it again and propose the change anew.`,
  };
}

/**
 * Runs a prepared change. Only the file's hash is checked again, through the same resolution (the
 * file opened must still be the file resolved): when the owner approved a card, a file no longer
 * what the card showed is refused; without a card, the change is planned again from what is there.
 */
export function applyPrepared(prepared: PreparedChange, plan: Planner, approval: CardApproval | undefined): ToolResult {
  const { pctx, resolution: res, planned } = prepared;
  if (!planned.ok) return planned;
  if (pctx === null || res === null) return { ok: false, status: 403, error: 'refused: this agent has no workspace.' };
  if (approval !== undefined && approval.baseHash !== planned.change.baseHash)
    return changedWhileDeciding(planned.change.rel);
  const now = beforeOf(pctx, res, prepared.requested);
  if (!now.ok) return approval !== undefined ? changedWhileDeciding(planned.change.rel) : now;
  let change = planned.change;
  if (sha256(now.before) !== change.baseHash) {
    if (approval !== undefined) return changedWhileDeciding(change.rel);
    const again = plan(now);
    if (!again.ok) return again;
    change = again.change;
  }
  return applyChange(pctx, res, prepared.requested, change, approval);
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
function narrowedTo(
  change: PlannedChange,
  hunks: NonNullable<CardApproval['hunks']>,
): { ok: true; change: PlannedChange; note: string } | { ok: false; status: number; error: string } {
  const selected = applyAcceptedHunks(
    change.before === null ? '' : change.before.toString('utf8'),
    hunks.offered,
    new Set(hunks.accepted),
  );
  if (!selected.ok) return { ok: false, status: 409, error: selected.error };
  const note = rejectedHunksText(change.rel, selected.rejected, hunks.offered.length);
  return { ok: true, change: { ...change, after: selected.content }, note };
}

/** Applies a planned change; `approval` is set when the owner approved a card for it (perhaps only some hunks). */
function applyChange(
  pctx: PathContext,
  res: Resolved,
  requested: string,
  planned: PlannedChange,
  approval: CardApproval | undefined,
): ToolResult {
  if (approval !== undefined && approval.baseHash !== planned.baseHash) {
    return {
      ok: false,
      status: 409,
      error: `refused: ${planned.rel} changed while you were deciding; nothing was written. Read it again and propose the change anew.`,
    };
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
  const written = writeResolved(pctx, res, requested, change.after);
  if (!written.ok) return written;
  const diff = diffOf(change);
  const verb = written.created ? 'created' : 'replaced';
  const accepted = approval?.hunks
    ? `; applied ${approval.hunks.accepted.length} of ${approval.hunks.offered.length} hunks`
    : '';
  const head = `${verb} ${change.rel} (${Buffer.byteLength(change.after, 'utf8')} bytes${accepted})\n`;
  return {
    ok: true,
    text: `${head}${diff}${note ? `\n${note}` : ''}`,
    // The window shows the diff from here on (a change that changed nothing has no hunk to show).
    outcome: {
      filesChanged: [change.rel],
      ...(/^@@ /m.test(diff) ? { diffStart: head.length + Math.max(0, diff.search(/^(---|\+\+\+|@@) /m)) } : {}),
    },
    data: {
      path: written.path,
      diff,
      baseHash: change.baseHash,
      created: written.created,
      ...(approval?.hunks
        ? {
            acceptedHunks: approval.hunks.accepted,
            rejectedHunks: approval.hunks.offered
              .filter((hunk) => !approval.hunks?.accepted.includes(hunk.id))
              .map((hunk) => hunk.id),
          }
        : {}),
    },
  };
}

export function planFrom(before: Before, after: string): PlannedChange {
  return { path: before.path, rel: before.rel, before: before.before, after, baseHash: sha256(before.before) };
}
