// What write and edit share (SPEC §5, §6): the planned change (before, after, unified diff, sha256 of
// the content replaced), the always-a-card check on both the requested and the resolved path, and
// applying it — refusing when the file is no longer what the owner approved.
import type { ToolResult } from '../../shared/domain';
import type { PathContext } from '../workspace/types';
import { isAlwaysCardPath } from '../workspace/alwaysCard';
import { unifiedDiff } from '../workspace/diffText';
import { currentContent, sha256, writeInside, type FileFailure } from '../workspace/files';
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

/** Applies a planned change; `approvedHash` is set when the owner approved a card for it. */
export function applyChange(pctx: PathContext, requested: string, change: PlannedChange, approval: { baseHash: string | null } | undefined): ToolResult {
  if (approval !== undefined && approval.baseHash !== change.baseHash) {
    return { ok: false, status: 409, error: `refused: ${change.rel} changed while you were deciding; nothing was written. Read it again and propose the change anew.` };
  }
  if (Buffer.byteLength(change.after, 'utf8') > CHANGE_MAX_BYTES) {
    return { ok: false, status: 413, error: `refused: the new content is larger than ${CHANGE_MAX_BYTES} bytes.` };
  }
  const written = writeInside(pctx, requested, change.after);
  if (!written.ok) return written;
  const diff = diffOf(change);
  const verb = written.created ? 'created' : 'replaced';
  return {
    ok: true,
    text: `${verb} ${change.rel} (${Buffer.byteLength(change.after, 'utf8')} bytes)\n${diff}`,
    data: { path: written.path, diff, baseHash: change.baseHash, created: written.created },
  };
}

/** When the owner approved a card: a refusal if the file is no longer what the card showed. */
export function changedSinceApproval(pctx: PathContext, requested: string, approval: { baseHash: string | null } | undefined): ToolResult | null {
  if (approval === undefined) return null;
  const before = readBefore(pctx, requested);
  if (!before.ok) return before;
  if (sha256(before.before) === approval.baseHash) return null;
  return { ok: false, status: 409, error: `refused: ${before.rel} changed while you were deciding; nothing was written. Read it again and propose the change anew.` };
}

export function planFrom(before: { path: string; rel: string; before: Buffer | null }, after: string): PlannedChange {
  return { path: before.path, rel: before.rel, before: before.before, after, baseHash: sha256(before.before) };
}
