// The test MCP server (test/fixtures/mcp/shoutServer.mjs, written with the SDK) bundled into one file
// inside a workspace: an agent's MCP server runs in its sandbox, which sees the workspace and the
// system, not this repository's node_modules.
import path from 'node:path';
import { buildSync } from 'esbuild';

const SOURCE = path.resolve(__dirname, '..', 'fixtures', 'mcp', 'shoutServer.mjs');

/** Writes `<dir>/shout-server.mjs` and returns its name relative to `dir`. */
export function bundleShoutServer(dir: string): string {
  buildSync({
    entryPoints: [SOURCE],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: path.join(dir, 'shout-server.mjs'),
    logLevel: 'silent',
  });
  return 'shout-server.mjs';
}
