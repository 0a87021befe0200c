// What the restore card shows (issue 20 §2) and what the transcript and the model are told after it.
// The diff is of what will change on disk: the file as it is now against what it goes back to.
import { createTwoFilesPatch } from 'diff';
import type { ProcessRow } from '../store/processes';
import type { FileOutcome } from './apply';
import { readWorkspaceFile, type PlannedFile, type RestorePlan } from './plan';
import type { ShadowRepo } from './shadowGit';
import { readBlobs } from './trees';

const DIFF_LIMIT = 256 * 1024;
const FILE_DIFF_LIMIT = 512 * 1024;

function isBinary(content: Buffer): boolean {
  return content.subarray(0, 8000).includes(0);
}

function fileDiff(rel: string, now: Buffer | null, then: Buffer | null): string {
  if ((now && isBinary(now)) || (then && isBinary(then))) return '';
  if ((now?.length ?? 0) > FILE_DIFF_LIMIT || (then?.length ?? 0) > FILE_DIFF_LIMIT)
    return `(diff of ${rel} not shown: larger than ${FILE_DIFF_LIMIT} bytes)\n`;
  return (
    createTwoFilesPatch(
      now ? `a/${rel}` : '/dev/null',
      then ? `b/${rel}` : '/dev/null',
      now?.toString('utf8') ?? '',
      then?.toString('utf8') ?? '',
      undefined,
      undefined,
      { context: 3 },
    ) ?? ''
  );
}

function readNow(workspace: string, file: PlannedFile): Buffer | null {
  if (file.current === null || file.current === 'unreadable' || file.current.mode === '120000') return null;
  // Only what the plan hashed is shown: no link followed, no FIFO waited on, nothing past the bound.
  const now = readWorkspaceFile(workspace, file.path);
  return now === null || now === 'unreadable' ? null : now.content;
}

function line(file: PlannedFile, then: Buffer | null, now: Buffer | null): string {
  switch (file.status) {
    case 'too-large':
      return `not restored: ${file.path} is larger than the size cap, so no checkpoint stored it`;
    case 'conflict':
      return `conflict, kept as it is: ${file.path} was changed after the turn (by you or a process), so it is not overwritten`;
    case 'left-out':
      return `kept: ${file.path} was on disk before the turn but not recorded (ignored by .gitignore then, or under a folder that was), so it is not the turn's to remove`;
    case 'unchanged':
      return `${file.path} is already as it was`;
    case 'restore':
      if (file.target === null) return `removed: ${file.path} (the turn created it)`;
      if (file.target.mode === '120000') return `restored link: ${file.path}`;
      if (file.current === null)
        return `restored (it was deleted): ${file.path}${then && isBinary(then) ? `, binary, ${then.length} bytes` : ''}`;
      if ((then && isBinary(then)) || (now && isBinary(now)))
        return `restored binary file: ${file.path} (${now?.length ?? 0} → ${then?.length ?? 0} bytes)`;
      return `restored: ${file.path}`;
  }
}

export async function describePlan(
  repo: ShadowRepo | null,
  title: string,
  plan: RestorePlan,
  processes: readonly ProcessRow[],
): Promise<{ reason: string; diff: string | undefined; details: string[] }> {
  const targets = plan.files.flatMap((file) => (file.target && file.status === 'restore' ? [file.target.oid] : []));
  const blobs = repo ? await readBlobs(repo, targets) : new Map<string, Buffer>();
  const details: string[] = [];
  let diff = '';
  for (const file of plan.files) {
    const then = file.target ? (blobs.get(file.target.oid) ?? null) : null;
    const now = repo ? readNow(repo.workspace, file) : null;
    details.push(line(file, then, now));
    if (file.status === 'restore' && diff.length < DIFF_LIMIT && file.target?.mode !== '120000')
      diff += fileDiff(file.path, now, then);
  }
  if (diff.length > DIFF_LIMIT) diff = `${diff.slice(0, DIFF_LIMIT)}\n(the rest of the diff is not shown)\n`;
  for (const process of processes) {
    details.push(
      `process ${process.name} (pid ${process.pid}, ${process.argv.join(' ')}) was started in this turn and is still running`,
    );
  }
  const restoring = plan.files.filter((file) => file.status === 'restore').length;
  const conflicts = plan.files.filter((file) => file.status === 'conflict').length;
  const reason =
    plan.files.length === 0
      ? `${title}: no file on disk changes; the messages are marked undone and the agent is told`
      : `${title}: ${restoringSentence(restoring, conflicts)}`;
  return { reason, diff: diff.length > 0 ? diff : undefined, details };
}

/** "1 file goes back to how it was; 2 changed since and are kept as they are": the card's count, in number. */
export function restoringSentence(restoring: number, conflicts: number): string {
  const back =
    restoring === 0
      ? 'no file goes back'
      : restoring === 1
        ? '1 file goes back to how it was'
        : `${restoring} files go back to how they were`;
  const kept =
    conflicts === 0
      ? ''
      : conflicts === 1
        ? '; 1 changed since and is kept as it is'
        : `; ${conflicts} changed since and are kept as they are`;
  return back + kept;
}

export function describeOutcome(
  title: string,
  plan: RestorePlan,
  outcomes: readonly FileOutcome[],
  stopped: readonly ProcessRow[],
): { owner: string; model: string; summary: string } {
  const restored = outcomes.filter((o) => o.outcome === 'restored').map((o) => o.path);
  const removed = outcomes.filter((o) => o.outcome === 'removed').map((o) => o.path);
  // A file the turn created is removed, not "restored": the owner and the model read which is which.
  const changed = [
    ...(restored.length > 0 ? [`restored ${restored.join(', ')}`] : []),
    ...(removed.length > 0 ? [`removed ${removed.join(', ')}`] : []),
  ];
  const kept = [
    ...outcomes.flatMap((o) => (o.outcome === 'kept' ? [`${o.path} (${o.why})`] : [])),
    ...plan.files
      .filter((f) => f.status === 'conflict')
      .map((f) => `${f.path} (changed after the turn, kept as it is)`),
    ...plan.files
      .filter((f) => f.status === 'too-large')
      .map((f) => `${f.path} (larger than the size cap, never stored)`),
    ...plan.files
      .filter((f) => f.status === 'left-out')
      .map((f) => `${f.path} (on disk before the turn but not recorded, so not removed)`),
  ];
  const parts = [`${title}: ${changed.length === 0 ? 'no file changed' : changed.join('; ')}.`];
  if (kept.length > 0) parts.push(`Not restored: ${kept.join('; ')}.`);
  if (stopped.length > 0) parts.push(`Stopped: ${stopped.map((p) => p.name).join(', ')}.`);
  const owner = parts.join(' ');
  const model = `[Paddock] The owner chose "${title}". The messages after that point were taken back and are not shown to you; the workspace files were reverted. ${parts.slice(0).join(' ')} Continue from the conversation as it now stands and check the files before relying on what you did earlier.`;
  return { owner, model, summary: owner };
}
