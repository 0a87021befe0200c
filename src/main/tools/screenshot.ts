// screenshot {name, path?, port?, width?} (SPEC §6; seed 003 §4): a throwaway browser loads
// http://127.0.0.1:<port><path> of a port the named process itself listens on, and nothing else.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { PortResolver } from '../preview/ports';
import type { CapturePage, RunningProcessLookup, Viewport } from '../preview/types';
import { MAX_IMAGE_BYTES } from './readImage';
import type { ToolDefinition } from './types';

export interface ScreenshotToolDeps {
  lookup: RunningProcessLookup;
  /** The preview's port resolution: the port must be one the process itself listens on. */
  resolve: PortResolver;
  capture: CapturePage;
  now?: () => Date;
}

export const VIEWPORTS: Record<'desktop' | 'phone', Viewport> = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const schema = z.object({
  name: z.string().min(1).max(64).describe('The name given to `start` for the process to photograph.'),
  path: z.string().max(2048).optional().describe('Path on that server, starting with "/" (default "/").'),
  port: z
    .number()
    .int()
    .min(1)
    .max(65_535)
    .optional()
    .describe('One of the ports the process listens on (default: its declared or first).'),
  width: z.enum(['desktop', 'phone']).optional().describe('Viewport width (default desktop).'),
});
export type ScreenshotArgs = z.infer<typeof schema>;

/** A path on the process's own origin: no scheme, no `//host`, no backslash, no spaces or controls. */
export function pathProblem(p: string, origin: string): string | null {
  const rule = 'refused: the path must start with "/" and stay on the process’s own server';
  if (!p.startsWith('/') || p.startsWith('//') || p.includes('\\')) return rule;
  if (/[\s\u0000-\u001f\u007f]/.test(p)) return rule;
  let url: URL;
  try {
    url = new URL(p, origin);
  } catch {
    return rule;
  }
  return url.origin === origin ? null : rule;
}

function fileStamp(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

export function createScreenshotTool(deps: ScreenshotToolDeps): ToolDefinition<ScreenshotArgs> {
  const now = deps.now ?? (() => new Date());
  return {
    name: 'screenshot',
    scope: 'preview',
    description:
      'Take a PNG screenshot of a page served by one of your running processes (started with `start`). ' +
      'Loads http://127.0.0.1:<port><path> only, in a throwaway browser; the picture goes to the owner’s files and side pane.',
    schema,
    effects: {
      readOnly: false,
      destructive: false,
      idempotent: false,
      openWorld: false,
      changesFiles: false,
      runsCode: false,
      replaySafe: true,
    },
    views: { quotesFiles: false, icon: 'screenshot' },
    events: ({ agentId, args, data }) => {
      const file = (data as { file?: unknown } | undefined)?.file;
      return typeof file === 'string'
        ? [{ type: 'screenshot.taken', agentId, name: String(args.name ?? ''), file }]
        : [];
    },
    // A read of the agent's own process, reaching nothing else (SPEC §5).
    tierFor: () => ({ tier: 'auto', reason: 'screenshot only reads a page of your own running process' }),
    async run(args, ctx) {
      const running = deps.lookup.findRunning(args.name);
      if (running === null || running.agentId !== ctx.agent.id) {
        return {
          ok: false,
          error: `refused: "${args.name}" is not a running process of yours; start it with \`start\` first`,
        };
      }
      const resolved = await deps.resolve(args.name, args.port);
      if (!resolved.ok) return { ok: false, error: resolved.reason };
      const origin = resolved.host === '::1' ? `http://[::1]:${resolved.port}` : `http://127.0.0.1:${resolved.port}`;
      const pagePath = args.path ?? '/';
      const problem = pathProblem(pagePath, origin);
      if (problem !== null) return { ok: false, error: problem };
      const width = args.width ?? 'desktop';
      const url = origin + pagePath;
      let png: Buffer;
      try {
        png = await deps.capture(url, VIEWPORTS[width]);
      } catch (err) {
        return { ok: false, error: `the screenshot of ${url} failed: ${(err as Error).message}` };
      }
      if (png.length < PNG_SIGNATURE.length || !png.subarray(0, 8).equals(PNG_SIGNATURE)) {
        return { ok: false, error: `the screenshot of ${url} did not produce a PNG` };
      }
      const dir = path.join(ctx.dataDir, 'files');
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${fileStamp(now())}-${args.name.replace(/[^A-Za-z0-9._-]/g, '_')}.png`);
      fs.writeFileSync(file, png, { flag: 'wx' });
      return {
        ok: true,
        text: `Screenshot of ${url} (${width}, ${VIEWPORTS[width].width}×${VIEWPORTS[width].height}) saved to ${file}; the picture is attached.`,
        // The model sees the page (issue 16); bounded by the viewport, so no downscale is needed.
        images:
          png.length <= MAX_IMAGE_BYTES ? [{ mediaType: 'image/png', base64: png.toString('base64') }] : undefined,
        data: { file },
        outcome: { image: file },
      };
    },
  };
}

const MAX_PNG_BYTES = 20 * 1024 * 1024;

/**
 * The window may read back only a screenshot: a PNG directly in <data>/files, by its own name, a
 * regular file (never a link) of a screenshot's size.
 */
export function readScreenshotFile(
  dataDir: string,
  requested: string,
): { ok: true; data: Buffer } | { ok: false; code: 'refused' | 'not-found'; reason: string } {
  const dir = fs.realpathSync(path.join(dataDir, 'files'));
  const name = path.basename(requested);
  if (!name.endsWith('.png') || path.dirname(requested) !== dir) {
    return {
      ok: false,
      code: 'refused',
      reason: 'refused: only a screenshot in Paddock’s files directory can be shown',
    };
  }
  const file = path.join(dir, name);
  try {
    const stat = fs.lstatSync(file);
    if (!stat.isFile() || stat.size > MAX_PNG_BYTES) throw new Error('not a regular file of a screenshot’s size');
    return { ok: true, data: fs.readFileSync(file) };
  } catch (error) {
    return { ok: false, code: 'not-found', reason: `that screenshot cannot be read: ${(error as Error).message}` };
  }
}
