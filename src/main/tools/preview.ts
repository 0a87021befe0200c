// preview {name} (SPEC §6, §9; seed 003 §4): names one of the agent's running processes for the
// side pane. It returns no URL: the way in is a ticket only the window can ask for.
import { z } from 'zod';
import type { PortResolver } from '../preview/ports';
import type { PreviewCheck, RunningProcessLookup } from '../preview/types';
import { PREVIEW_NAME, previewPrefix } from '../preview/types';
import type { ToolDefinition } from './types';

export interface PreviewToolDeps {
  lookup: RunningProcessLookup;
  /** The preview listener's resolution and check (src/main/preview/server.ts). */
  preview: { resolve: PortResolver; inspect(name: string): Promise<PreviewCheck> };
}

const schema = z.object({
  name: z.string().min(1).max(64).describe('The name given to `start` for the process to show.'),
});
export type PreviewArgs = z.infer<typeof schema>;

export function createPreviewTool(deps: PreviewToolDeps): ToolDefinition<PreviewArgs> {
  return {
    name: 'preview',
    scope: 'preview',
    description:
      'Show one of your running processes (started with `start`) live in the owner’s side pane. ' +
      'Returns the process name for the pane, never a URL. The process must be listening on a loopback port.',
    schema,
    effects: {
      readOnly: true,
      destructive: false,
      idempotent: true,
      openWorld: false,
      changesFiles: false,
      runsCode: false,
      replaySafe: true,
    },
    // Reading only: plan mode offers it.
    planSafe: true,
    views: { quotesFiles: false, icon: 'preview' },
    events: ({ agentId, data }) => {
      const shown = (data ?? {}) as { process?: unknown; absoluteAssets?: unknown };
      return typeof shown.process === 'string'
        ? [{ type: 'preview.shown', agentId, name: shown.process, absoluteAssets: shown.absoluteAssets === true }]
        : [];
    },
    // A read: it shows the owner a page of the agent's own process (SPEC §5).
    tierFor: () => ({ tier: 'auto', reason: 'preview only shows the owner a page of your own running process' }),
    async run(args, ctx) {
      const running = deps.lookup.findRunning(args.name);
      if (running === null || running.agentId !== ctx.agent.id) {
        return {
          ok: false,
          error: `refused: "${args.name}" is not a running process of yours; start it with \`start\` first`,
        };
      }
      if (!PREVIEW_NAME.test(args.name)) {
        return {
          ok: false,
          error: `refused: "${args.name}" cannot be previewed; a preview needs a name of letters, digits, ".", "_" or "-"`,
        };
      }
      const resolved = await deps.preview.resolve(args.name);
      if (!resolved.ok) return { ok: false, error: resolved.reason };
      const check = await deps.preview.inspect(args.name);
      const lines = [`The preview of "${args.name}" is shown in the owner’s side pane.`];
      if (check.absoluteAssets) {
        lines.push(
          `Warning: the app references root-absolute assets (src="/…" or href="/…"). The preview serves it under the path ` +
            `${previewPrefix(args.name)}, so those may fail to load there; prefer relative asset paths or a configurable base path.`,
        );
      }
      return { ok: true, text: lines.join('\n'), data: { process: args.name, absoluteAssets: check.absoluteAssets } };
    },
  };
}
