// `commit {all: true}`: every changed path, each checked like a named pathspec before anything is
// staged. In a repository at the owner's home, "all" would otherwise stage ~/.ssh into history.
import type { PathContext } from '../workspace/types';
import type { GitRun } from './runner';
import { scopePathspecs, type PathspecDecision, type ResolvePath } from './pathspecs';

type Git = (args: string[], extra?: { readOnly?: boolean }) => Promise<GitRun>;

export async function commitCandidates(
  git: Git,
  ctx: PathContext,
  resolvePath: ResolvePath,
): Promise<PathspecDecision> {
  const status = await git(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--ignore-submodules=all'], {
    readOnly: true,
  });
  if (status.exitCode !== 0) return { ok: false, reason: `git status failed: ${status.stderr.trim()}` };
  return scopePathspecs(parsePorcelainPaths(status.stdout), ctx, resolvePath);
}

/** Paths of `status --porcelain=v1 -z`; a rename or copy entry is followed by its source path. */
export function parsePorcelainPaths(output: string): string[] {
  const records = output.split('\0');
  const paths: string[] = [];
  for (let i = 0; i < records.length; i += 1) {
    const record = records[i];
    if (record!.length < 4) continue;
    const xy = record!.slice(0, 2);
    paths.push(record!.slice(3));
    if (xy.includes('R') || xy.includes('C')) {
      i += 1;
      if (records[i]) paths.push(records[i]!);
    }
  }
  return [...new Set(paths)];
}
