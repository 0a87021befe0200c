// Every pathspec is scoped to the workspace (seed 003 §4). Git matches pathspecs against its index
// and tree, not by opening files, so the lexical check here is the one that matters to git: the
// spec must name a place inside the workspace, outside `.git`. The workspace resolver then applies
// the deny list (a `git add .ssh` in a home-directory repository would commit a key). Specs reach
// git after `--` with GIT_LITERAL_PATHSPECS=1, so no pathspec magic (`:(top)`, globs) survives.
import fs from 'node:fs';
import path from 'node:path';
import type { PathContext, PathDecision, PathRequest } from '../workspace/types';

export type ResolvePath = (ctx: PathContext, request: PathRequest) => PathDecision | Promise<PathDecision>;

export type PathspecDecision = { ok: true; specs: string[] } | { ok: false; reason: string };

/** Returns workspace-relative literal pathspecs, or the first refusal. */
export async function scopePathspecs(
  specs: readonly string[],
  ctx: PathContext,
  resolvePath: ResolvePath,
): Promise<PathspecDecision> {
  const scoped: string[] = [];
  for (const spec of specs) {
    const lexical = lexicalPathspec(spec, ctx.workspace);
    if (!lexical.ok) return lexical;
    const decision = await resolvePath(ctx, { path: lexical.relative, for: 'read' });
    // A path that no longer exists (a deletion to stage) has no content to reach; the lexical
    // check already bounds it. Anything present must pass the resolver, deny list included.
    if (!decision.ok && exists(path.join(ctx.workspace, lexical.relative))) {
      return { ok: false, reason: decision.reason };
    }
    scoped.push(lexical.relative);
  }
  return { ok: true, specs: scoped };
}

type Lexical = { ok: true; relative: string } | { ok: false; reason: string };

export function lexicalPathspec(spec: string, workspace: string): Lexical {
  if (spec.length === 0) return { ok: false, reason: 'refused: an empty path names nothing' };
  if (spec.includes('\0')) return { ok: false, reason: 'refused: a path may not contain NUL' };
  if (spec.startsWith('~')) return { ok: false, reason: `refused: ${spec} starts with ~, which is never expanded` };
  const absolute = path.resolve(workspace, spec);
  const relative = path.relative(workspace, absolute);
  if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    return { ok: false, reason: `refused: ${spec} is outside the workspace; git acts only inside it` };
  }
  if (relative.split(path.sep).some((part) => part.toLowerCase() === '.git')) {
    return { ok: false, reason: `refused: ${spec} is inside .git, which git actions never name` };
  }
  return { ok: true, relative: relative === '' ? '.' : relative };
}

function exists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}
