// Which of some workspace paths are the same as the last commit: tracked, and neither modified,
// staged, deleted nor ignored. The Files tab drops its change dot on these (an undo put them back).
// Read-only, through the hardened runner, whose GIT_LITERAL_PATHSPECS makes each path literal, never a pattern.
import fs from 'node:fs';
import path from 'node:path';
import { parsePorcelainPaths } from './commitCandidates';
import { runGit, type RunGitOptions } from './runner';

export async function sameAsHead(options: Omit<RunGitOptions, 'args'>, paths: readonly string[]): Promise<string[]> {
  if (paths.length === 0 || !fs.existsSync(path.join(options.workspace, '.git'))) return [];
  const spec = [...paths];
  const tracked = await runGit({ ...options, readOnly: true, args: ['ls-files', '-z', '--', ...spec] });
  if (tracked.exitCode !== 0) return [];
  const status = await runGit({
    ...options,
    readOnly: true,
    args: ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--ignore-submodules=all', '--', ...spec],
  });
  if (status.exitCode !== 0) return [];
  const changed = new Set(parsePorcelainPaths(status.stdout));
  const inIndex = new Set(tracked.stdout.split('\0').filter(Boolean));
  return paths.filter((p) => inIndex.has(p) && !changed.has(p));
}
