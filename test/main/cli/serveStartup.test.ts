// Start-up (issue 22 item 2): what `paddock serve` loads before its first answer, and what the core
// loads when it starts, read from the real import graph (esbuild's metafile over the sources, type
// imports dropped as the build drops them). A dynamic import is an edge taken at first use; a
// static one is paid at start. Each expensive package must be reachable only through the former.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { paddockCli } from '../../support/cli';
import { createTempDirs } from '../../support/tempDirs';

const ROOT = path.resolve(__dirname, '..', '..', '..');

function graph(entry: string): Metafile {
  const result = buildSync({
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    metafile: true,
    write: false,
    logLevel: 'silent',
    absWorkingDir: ROOT,
  });
  return result.metafile;
}

/** Every package a module reaches through static imports only, mapped to one chain that reaches it. */
function staticPackages(entry: string): Map<string, string[]> {
  const { inputs } = graph(entry);
  const reached = new Map<string, string[]>();
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const edge of inputs[file]?.imports ?? []) {
      if (edge.kind === 'dynamic-import') continue;
      if (edge.external) {
        if (!edge.path.startsWith('node:') && !reached.has(edge.path)) reached.set(edge.path, [...chain, file]);
      } else {
        walk(edge.path, [...chain, file]);
      }
    }
  };
  walk(path.relative(ROOT, path.join(ROOT, entry)), []);
  return reached;
}

function offenders(reached: Map<string, string[]>, banned: RegExp): string[] {
  return [...reached].filter(([name]) => banned.test(name)).map(([name, chain]) => `${name} via ${chain.join(' → ')}`);
}

describe('what paddock serve loads at start', () => {
  it('answers its first request with neither the core nor its schemas loaded: only the listener, the token check and the static files', () => {
    const reached = staticPackages('src/main/cli/serve.ts');
    expect(
      offenders(
        reached,
        /^(zod|better-sqlite3|node-pty|chokidar|playwright-core|openai|@anthropic-ai\/sdk|@modelcontextprotocol\/)/,
      ),
    ).toEqual([]);
    // The socket library is the one package the listener itself needs.
    expect([...reached.keys()]).toContain('ws');
  });

  it('starts the core without the provider SDKs, playwright-core or the MCP SDK: each loads at its first use', () => {
    const reached = staticPackages('src/main/core.ts');
    expect(offenders(reached, /^(playwright-core|openai|@anthropic-ai\/sdk|@modelcontextprotocol\/)/)).toEqual([]);
    // What the core does need at once is still there (the check is not vacuous).
    expect([...reached.keys()]).toEqual(expect.arrayContaining(['zod', 'better-sqlite3']));
  });

  it('keeps the CLI entry light: serve and mcp are chunks of their own', () => {
    const reached = staticPackages('src/main/cli/index.ts');
    expect(
      offenders(reached, /^(zod|better-sqlite3|playwright-core|openai|@anthropic-ai\/sdk|@modelcontextprotocol\/|ws$)/),
    ).toEqual([]);
  });
});

describe('paddock serve with a data directory it cannot open', () => {
  const temp = createTempDirs();

  it(
    'still ends with exit status 1 and the sentence, though it answered before the core loaded',
    { timeout: 60_000 },
    () => {
      const root = temp.make();
      const notADirectory = path.join(root, 'a-file');
      fs.writeFileSync(notADirectory, '');
      const [program, args] = paddockCli([
        'serve',
        '--no-open',
        '--port',
        '0',
        '--data-dir',
        path.join(notADirectory, 'data'),
      ]);
      const result = spawnSync(program, args, {
        env: { PATH: process.env.PATH, HOME: root },
        encoding: 'utf8',
        timeout: 50_000,
      });
      temp.cleanup();
      expect(result.status).toBe(1);
      expect(result.stdout).toMatch(/^Paddock is running at http:\/\/127\.0\.0\.1:\d+\/\?token=/);
      expect(result.stderr).toContain(
        `paddock: cannot open Paddock's data directory ${path.join(notADirectory, 'data')}`,
      );
    },
  );
});
