// `workspace {path}` (SPEC §6): always a card, in every mode; the card names the directory, what
// it holds and the PATH that will be captured. Only the owner's approval sets a workspace.
import path from 'node:path';
import { z } from 'zod';
import type { WorkspaceAssignment } from '../owner/workspaceAssignment';
import type { ToolDefinition } from './types';

const schema = z.object({
  path: z.string().describe('Absolute path of the directory to work in.'),
});
type WorkspaceArgs = z.infer<typeof schema>;

export function createWorkspaceTool(deps: { assignment: WorkspaceAssignment }): ToolDefinition<WorkspaceArgs> {
  return {
    name: 'workspace',
    scope: 'workspace',
    description:
      'Ask the owner to set or change your workspace to an absolute directory. Always shown to the owner as a card; nothing changes unless they approve. Your running processes are stopped when the workspace changes.',
    schema,
    effects: {
      readOnly: false,
      destructive: false,
      idempotent: true,
      openWorld: false,
      changesFiles: false,
      runsCode: false,
      replaySafe: false,
    },
    views: { quotesFiles: false, icon: 'workspace' },
    worksWithoutWorkspace: true,
    tierFor: () => ({ tier: 'gated', reason: 'only the owner sets the directory an agent works in' }),
    async preview(args) {
      const proposal = await deps.assignment.propose(args.path);
      if (!proposal.ok) return { path: args.path, details: [`will be refused: ${proposal.reason}`] };
      return { path: proposal.proposal.directory, details: proposal.proposal.details };
    },
    async run(args, ctx) {
      if (!path.isAbsolute(args.path) || args.path.startsWith('~')) {
        return {
          ok: false,
          status: 403,
          error: 'refused: a workspace is named by an absolute path (~ is never expanded)',
        };
      }
      const assigned = await deps.assignment.assign(ctx.agent.id, args.path);
      if (!assigned.ok) return { ok: false, status: 403, error: `refused: ${assigned.reason}` };
      return {
        ok: true,
        text: `workspace set to ${assigned.workspace.directory}`,
        data: { directory: assigned.workspace.directory },
      };
    },
  };
}
