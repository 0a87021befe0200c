// The git tool's arguments and the argv each action becomes (seed 003 §4). Only these actions
// exist: push, reset, checkout of another branch, stash pop/apply (a merge runs the repository's
// own merge drivers) and anything that rewrites history are not offered.
import { z } from 'zod';

export const GIT_ACTIONS = ['status', 'diff', 'log', 'branch', 'commit', 'stash', 'init'] as const;
export type GitAction = (typeof GIT_ACTIONS)[number];

const pathspecs = z.array(z.string().max(4096)).max(200);

// One flat object rather than a union: model APIs want a plain object at the top of a tool's input
// schema. What each action accepts is checked below, so a stray field is a refusal, not ignored.
export const gitArgsSchema = z
  .object({
    action: z.enum(GIT_ACTIONS),
    paths: pathspecs
      .optional()
      .describe('Pathspecs, relative to the workspace (status, diff, log, commit, stash push).'),
    staged: z.boolean().optional().describe('diff: show what is staged instead of unstaged changes.'),
    stat: z.boolean().optional().describe('diff: a diff stat instead of the patch.'),
    limit: z.number().int().min(1).max(200).optional().describe('log: how many commits (default 20).'),
    name: z
      .string()
      .max(200)
      .optional()
      .describe('branch: create this branch at HEAD and switch to it; omit to list branches.'),
    message: z.string().min(1).max(10_000).optional().describe('commit (required) or stash push: the message.'),
    all: z.boolean().optional().describe('commit: stage every change in the workspace first.'),
    op: z.enum(['push', 'list']).optional().describe('stash: push or list (default list).'),
  })
  .strict()
  .superRefine((args, ctx) => {
    const allowed: Record<GitAction, string[]> = {
      status: ['paths'],
      diff: ['paths', 'staged', 'stat'],
      log: ['paths', 'limit'],
      branch: ['name'],
      commit: ['message', 'paths', 'all'],
      stash: ['op', 'message', 'paths'],
      init: [],
    };
    for (const key of Object.keys(args)) {
      if (key !== 'action' && !allowed[args.action].includes(key)) {
        ctx.addIssue({ code: 'custom', message: `git ${args.action} takes no ${key}`, path: [key] });
      }
    }
    if (args.action === 'commit') {
      if (!args.message) ctx.addIssue({ code: 'custom', message: 'git commit needs a message', path: ['message'] });
      const hasPaths = (args.paths?.length ?? 0) > 0;
      if (hasPaths === Boolean(args.all)) {
        ctx.addIssue({
          code: 'custom',
          message: 'git commit needs either paths or all: true (not both)',
          path: ['paths'],
        });
      }
    }
    if (args.action === 'stash' && args.op !== 'push' && (args.message || args.paths)) {
      ctx.addIssue({ code: 'custom', message: 'stash list takes no message or paths', path: ['op'] });
    }
  });

export type GitArgs = z.infer<typeof gitArgsSchema>;

/** What an action does to the repository, for tierFor. */
export type GitEffect = 'read' | 'branch-create' | 'commit' | 'stash-push' | 'init';

export function effectOf(args: GitArgs): GitEffect {
  switch (args.action) {
    case 'status':
    case 'diff':
    case 'log':
      return 'read';
    case 'branch':
      return args.name === undefined ? 'read' : 'branch-create';
    case 'commit':
      return 'commit';
    case 'stash':
      return args.op === 'push' ? 'stash-push' : 'read';
    case 'init':
      return 'init';
  }
}

/**
 * A branch name git would accept and nothing more: no leading dash (an option), no `..`, `@{`,
 * control characters or glob characters, no component starting with a dot or ending in `.lock`.
 */
export function checkBranchName(name: string): string | null {
  const rule =
    'refused: a branch name is letters, digits and . _ / - (not starting with - or ., no .., no // and not ending in / . or .lock)';
  if (!/^[A-Za-z0-9_][A-Za-z0-9._/-]{0,99}$/.test(name)) return rule;
  if (name.includes('..') || name.includes('//') || name.endsWith('/') || name.endsWith('.')) return rule;
  if (name.split('/').some((part) => part.startsWith('.') || part.endsWith('.lock') || part === '')) return rule;
  if (name === 'HEAD') return rule;
  return null;
}

export const GIT_READ_FLAGS = ['--no-ext-diff', '--no-textconv', '--no-color'];
