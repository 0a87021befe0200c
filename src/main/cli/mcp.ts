// `paddock mcp`: Paddock's fenced tools for the agents owners already run (Claude Code, Codex, Cursor,
// Zed), over MCP on stdio. Calls go to the Paddock running on the same data directory when there is
// one (its window answers cards the client cannot), else to a core in this process.
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { MODES, type Mode } from '../../shared/domain';
import { defaultDataDir, ownerHome } from '../environment';
import { connectToRunningPaddock } from '../mcp/bridgeClient';
import { BRIDGE_SOCKET_NAME } from '../mcp/bridgeProtocol';
import type { McpBackend } from '../mcp/backend';
import { parseArgs, stringFlag, UsageError } from './args';
import type { CliIo } from './io';
import { packageVersion } from './packageRoot';

const DEFAULT_AGENT = 'mcp';

const USAGE =
  'usage: paddock mcp --workspace DIR [--agent HANDLE] [--mode ask|edit|run] [--data-dir DIR]\n' +
  '  serves the fenced tools to another agent (Claude Code, Codex, Cursor…) over MCP on stdio;\n' +
  "  its cards are answered by the client's user (elicitation) or in a Paddock window on the same data directory\n";

export async function runMcp(args: string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(args, { values: ['workspace', 'agent', 'mode', 'data-dir'], booleans: ['help'] });
  if (parsed.flags.has('help') || parsed.positionals.includes('-h')) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (parsed.positionals.length > 0) throw new UsageError(`mcp takes no operand (got ${parsed.positionals[0]})`);
  const workspace = stringFlag(parsed, 'workspace');
  if (!workspace) throw new UsageError('--workspace DIR is required: the one directory the tools may work in');
  const modeText = stringFlag(parsed, 'mode');
  if (modeText !== undefined && !(MODES as readonly string[]).includes(modeText)) {
    throw new UsageError(`--mode must be ask, edit or run, not ${modeText}`);
  }
  const dataDir = path.resolve(stringFlag(parsed, 'data-dir') ?? defaultDataDir(io.env));
  const log = (message: string): void => void io.stderr.write(`[paddock mcp] ${message}\n`);

  // stdout carries the protocol and nothing else; everything said to a person goes to stderr.
  let backend: McpBackend | null = await connectToRunningPaddock(path.join(dataDir, BRIDGE_SOCKET_NAME));
  if (!backend) {
    const { createCore } = require('../core') as typeof import('../core');
    const { localBackend } = require('./mcpLocalBackend') as typeof import('./mcpLocalBackend');
    const core = await createCore({ dataDir, home: ownerHome(io.env), env: io.env, host: 'cli', log });
    backend = localBackend(core);
  }
  const { serveMcpOverStdio } = require('../mcp/stdioServer') as typeof import('../mcp/stdioServer');
  await serveMcpOverStdio({
    backend,
    hello: {
      workspace: path.resolve(workspace),
      agentHandle: stringFlag(parsed, 'agent') ?? DEFAULT_AGENT,
      mode: modeText as Mode | undefined,
      dataDir,
    },
    version: packageVersion(),
    stdin: io.stdin as Readable,
    stdout: io.stdout as Writable,
    log,
  });
  return 0;
}
