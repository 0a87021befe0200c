// search {query, path?, glob?, regex?} (SPEC §6): ripgrep when it is on PATH (--no-follow --no-config,
// JSON output, the query after -e so it is never read as a flag, fixed strings unless `regex`), else a
// bounded walk in TypeScript with the same rules. `path:line: text`, at most 200 results.
import type { ChildProcessByStdio } from 'node:child_process';
import { spawnChild } from '../processes/spawn';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { TOOL_SCOPE, type ToolResult } from '../../shared/domain';
import type { ToolDefinition } from './types';
import { resolveDetailed } from '../workspace/resolve';
import { isSecretPath } from '../policy/secretFiles';
import { NO_WORKSPACE, pathContextOf, shownPath } from './toolContext';
import { searchFallback, type SearchHits } from '../workspace/searchFallback';
import { holdSearchTarget, type HeldTarget } from '../workspace/heldTarget';
import { denyFilterFor } from '../workspace/walkTree';
import { identityWrapper, type CommandWrapper } from '../processes/command';
import type { ReaderSandbox } from '../sandbox/sandbox';

export const SEARCH_MAX_RESULTS = 200;
const SEARCH_TIMEOUT_MS = 30_000;
const LINE_MAX_CHARS = 300;

const searchSchema = z.object({
  query: z.string().min(1).describe('Text to find (a regular expression when regex is true)'),
  path: z.string().optional().describe('Directory or file relative to the workspace (default: the workspace)'),
  glob: z.string().optional().describe('Only files matching this glob, e.g. "*.ts" or "src/**/*.tsx"'),
  regex: z.boolean().optional().describe('Treat query as a regular expression'),
});
export type SearchArgs = z.infer<typeof searchSchema>;

/** The first executable `rg` on PATH, or null. */
export function findRipgrep(envPath: string | undefined = process.env.PATH): string | null {
  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, process.platform === 'win32' ? 'rg.exe' : 'rg');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export function clipLine(text: string): string {
  const line = text.replace(/\r?\n$/, '');
  return line.length > LINE_MAX_CHARS ? `${line.slice(0, LINE_MAX_CHARS)}…` : line;
}

function decode(field: { text?: string; bytes?: string } | undefined): string {
  if (!field) return '';
  return field.text ?? Buffer.from(field.bytes ?? '', 'base64').toString('utf8');
}

/**
 * Runs ripgrep on what `holdSearchTarget` opened (a held directory as cwd, or a file as stdin), so it
 * searches the object that was validated; printed paths are mapped back to workspace-relative ones.
 * `wrap` puts it in the reader sandbox: its walk below the held directory opens paths, and a link
 * swapped in on the way must lead nowhere the agent's own processes could not read.
 */
export function searchWithRipgrep(
  rg: string,
  held: Pick<HeldTarget, 'cwd' | 'target' | 'stdin' | 'label'>,
  args: SearchArgs,
  signal?: AbortSignal,
  wrap: CommandWrapper = identityWrapper,
): Promise<SearchHits> {
  const { cwd, target } = held;
  const argv = ['--json', '--no-follow', '--no-config', '--no-require-git', '--no-messages', '-g', '!node_modules'];
  if (!args.regex) argv.push('--fixed-strings');
  if (args.glob) argv.push('-g', args.glob);
  argv.push('-e', args.query, '--', target);
  return new Promise((resolve) => {
    // stdin is the held file (searched as '-') or nothing; stdout and stderr are always pipes.
    const command = wrap(
      { program: rg, args: argv, cwd, env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8' } },
      'search',
    );
    const child = spawnChild(command.program, command.args, 'search', {
      cwd: command.cwd,
      env: command.env,
      stdio: [held.stdin, 'pipe', 'pipe'],
    }) as ChildProcessByStdio<null, Readable, Readable>;
    const hits: string[] = [];
    let truncated = false;
    let stderr = '';
    let settled = false;
    const stop = (): void => {
      if (!child.killed) child.kill('SIGTERM');
    };
    const timer = setTimeout(stop, SEARCH_TIMEOUT_MS);
    signal?.addEventListener('abort', stop, { once: true });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4_000) stderr += chunk.toString('utf8');
    });
    const lines = readline.createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (truncated || !line.includes('"type":"match"')) return;
      let event: {
        type?: string;
        data?: {
          path?: { text?: string; bytes?: string };
          line_number?: number;
          lines?: { text?: string; bytes?: string };
        };
      };
      try {
        event = JSON.parse(line);
      } catch {
        return;
      }
      if (event.type !== 'match' || !event.data) return;
      if (hits.length >= SEARCH_MAX_RESULTS) {
        truncated = true;
        stop();
        return;
      }
      const file = held.label(decode(event.data.path));
      hits.push(`${file}:${event.data.line_number ?? 0}: ${clipLine(decode(event.data.lines))}`);
    });
    const finish = (code: number | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      const error = code === 2 && hits.length === 0 && !truncated ? stderr.trim() || 'ripgrep failed' : null;
      resolve({ hits, truncated, error });
    };
    child.on('error', (e) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ hits, truncated, error: `ripgrep could not start: ${e.message}` });
    });
    // 'close' comes after stdout ended, by when readline has emitted every line.
    child.on('close', (code) => finish(code));
  });
}

export interface SearchToolDeps {
  /** Absolute path of ripgrep; null forces the TypeScript fallback. Found once on PATH by default. */
  ripgrep?: string | null;
  /** Where ripgrep runs: inside the reader sandbox of the workspace when one is available. */
  sandbox?: ReaderSandbox;
}

export function createSearchTool(deps: SearchToolDeps = {}): ToolDefinition<SearchArgs> {
  let rg: string | null | undefined = deps.ripgrep;
  return {
    name: 'search',
    scope: TOOL_SCOPE.search,
    description:
      'Search file contents in the workspace. Fixed text unless regex is true; optional glob filter. Results are "path:line: text", at most 200; .gitignore, hidden files, node_modules and links are skipped.',
    schema: searchSchema,
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
    views: { quotesFiles: true, icon: 'file-search', again: () => 'call search again if you need it' },
    tierFor: () => ({ tier: 'auto', reason: 'searching inside the workspace is allowed in every mode' }),
    async run(args, ctx): Promise<ToolResult> {
      const pctx = pathContextOf(ctx);
      if (pctx === null) return NO_WORKSPACE;
      const res = resolveDetailed(pctx, { path: args.path ?? '.', for: 'read' });
      if (!res.ok) return { ok: false, status: 403, error: res.reason };
      if (res.rel.length > 0 && res.stat === undefined)
        return { ok: false, status: 404, error: `${shownPath(res.rel)} does not exist.` };
      if (rg === undefined) rg = findRipgrep();
      const target = shownPath(res.rel);
      // A denied place below the searched directory (the workspace is the home directory): the
      // fallback walk steps over it exactly; ripgrep's globs could not say "except there" as surely.
      const denied = denyFilterFor(pctx, res.rel);
      let found: SearchHits;
      if (rg !== null && denied === null) {
        const held = holdSearchTarget(pctx, res, target);
        if (!held.ok) return held;
        try {
          const wrap = deps.sandbox?.contained ? deps.sandbox.readerWrapperFor(pctx.workspace) : identityWrapper;
          found = await searchWithRipgrep(rg, held.held, args, ctx.signal, wrap);
        } finally {
          held.held.release();
        }
      } else {
        found = searchFallback(pctx.workspace, res.rel, args, SEARCH_MAX_RESULTS, denied);
      }
      if (found.error) return { ok: false, status: 400, error: `search failed: ${found.error}` };
      // A secrets file's lines never reach the model through a search: they are left out, and said.
      const { kept, skippedFiles } = withoutSecrets(found.hits);
      found = { ...found, hits: kept };
      const skippedNote =
        skippedFiles.length === 0
          ? ''
          : `\n(${skippedFiles.length} secrets file${skippedFiles.length === 1 ? '' : 's'} matched and ${skippedFiles.length === 1 ? 'was' : 'were'} left out: ${skippedFiles.slice(0, 5).join(', ')}${skippedFiles.length > 5 ? ', …' : ''}; read one to ask the owner)`;
      const header =
        found.hits.length === 0
          ? `no match for ${JSON.stringify(args.query)} in ${target}`
          : `${found.hits.length} match${found.hits.length === 1 ? '' : 'es'} for ${JSON.stringify(args.query)} in ${target}${found.truncated ? ` (stopped at ${SEARCH_MAX_RESULTS}; narrow the path or glob to see the rest)` : ''}`;
      return {
        ok: true,
        text: (found.hits.length > 0 ? `${header}\n${found.hits.join('\n')}` : header) + skippedNote,
        data: {
          path: res.path,
          results: found.hits.length,
          truncated: found.truncated,
          engine: rg !== null && denied === null ? 'ripgrep' : 'fallback',
        },
      };
    },
  };
}

export const searchTool = createSearchTool();

/** The hits of secrets files (`path:line: text`, the path as the hit names it), left out; the files named once each. */
export function withoutSecrets(hits: readonly string[]): { kept: string[]; skippedFiles: string[] } {
  const kept: string[] = [];
  const skipped = new Set<string>();
  for (const hit of hits) {
    const file = /^(.*?):\d+: /s.exec(hit)?.[1] ?? hit;
    if (isSecretPath(file)) skipped.add(file);
    else kept.push(hit);
  }
  return { kept, skippedFiles: [...skipped] };
}
