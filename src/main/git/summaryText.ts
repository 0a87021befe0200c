// Summary's commits and the start of the agent's work, in words: one text for the model's summarise
// and the owner's Summary tab (issue 17).
import { assertNever } from '../../shared/domain';
import type { DiffSummary } from './summary';

/** Where the diff stat starts, in words. */
export function workFromText(workFrom: DiffSummary['workFrom']): string {
  switch (workFrom.kind) {
    case 'base':
      return `since the branch point ${workFrom.commit?.slice(0, 7)}`;
    case 'before-agent-commits':
      return workFrom.commit
        ? `since ${workFrom.commit.slice(0, 7)}, before the agent's first commit on this branch`
        : "since the empty tree (the agent's first commit on this branch is its root commit)";
    case 'head':
      return 'since HEAD (no branch point, and no commit of the agent on this branch)';
    case 'empty':
      return 'in a repository with no commits yet';
    default:
      return assertNever(workFrom.kind);
  }
}

/** The commits since the branch point, or the latest on a branch without one, one line each. */
export function commitsText(diff: DiffSummary): string[] {
  if (diff.commits.length === 0)
    return [diff.commitsScope === 'since-base' ? 'Commits since the branch point: none' : 'Commits: none yet'];
  const heading =
    diff.commitsScope === 'since-base'
      ? `Commits since the branch point (${diff.commits.length}${diff.moreCommits ? '+' : ''}):`
      : `Latest commits (no branch point on this branch):`;
  const lines = diff.commits.map(
    (c) => `  ${c.commit.slice(0, 7)} ${c.subject} — ${c.author}, ${c.date.slice(0, 10)}${c.byAgent ? ' (agent)' : ''}`,
  );
  if (diff.moreCommits) lines.push('  …');
  return [heading, ...lines];
}

/** The Summary tab's heading over the changed files, for the owner: what the list holds, in plain words. */
export function ownerWorkHeading(workFrom: DiffSummary['workFrom'], base: DiffSummary['base']): string {
  switch (workFrom.kind) {
    case 'base':
      return base ? `Changes on this branch since it left ${base.ref}` : 'Changes on this branch';
    case 'before-agent-commits':
      return "Changes since just before the agent's first commit on this branch";
    case 'head':
      return 'Changes not committed yet';
    case 'empty':
      return 'Files in this new repository (nothing committed yet)';
    default:
      return assertNever(workFrom.kind);
  }
}

/** The heading over the commits, for the owner. */
export function ownerCommitsHeading(
  scope: DiffSummary['commitsScope'],
  more: boolean,
  shown: number,
  base: DiffSummary['base'],
): string {
  const latest = more ? ` (the latest ${shown})` : '';
  if (scope === 'since-base') return `Commits on this branch since it left ${base?.ref ?? 'its base'}${latest}`;
  return `Latest commits${latest}`;
}
