// `paddock <command>`: the web host and the pure decisions, for people, scripts and tests.
import { runCheckCommand } from './checkCommand';
import { runCheckPath } from './checkPath';
import type { CliIo } from './io';
import { UsageError } from './args';

const USAGE = `usage: paddock <command>

  serve [--port N] [--data-dir DIR] [--no-open]
      run Paddock as a local web app on 127.0.0.1 (prints the address with its token)
  check-path --workspace DIR [--for read|write|run] [--cwd REL] [--data-dir D] [--jsonl] PATH
      decide whether a tool may use PATH; prints one JSON line
  check-command --workspace DIR [--cwd REL] [--mode ask|edit|run] [--data-dir D] [--jsonl] COMMAND
      decide whether COMMAND runs without a card; prints one JSON line
  mcp --workspace DIR [--agent HANDLE] [--mode ask|edit|run] [--data-dir DIR]
      serve the fenced tools to another agent (Claude Code, Codex, Cursor…) over MCP on stdio
`;

export async function main(argv: string[], io: CliIo = process): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve':
        // Loaded only for serve: the checks must start fast, without the whole core. A dynamic
        // import, so the bundle keeps serve and mcp in chunks of their own, loaded on demand.
        return await (await import('./serve')).runServe(rest, io);
      case 'mcp':
        return await (await import('./mcp')).runMcp(rest, io);
      case 'check-path':
        return await runCheckPath(rest, io);
      case 'check-command':
        return await runCheckCommand(rest, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout.write(USAGE);
        return command === undefined ? 2 : 0;
      default:
        io.stderr.write(`paddock: unknown command ${JSON.stringify(command)}\n\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`paddock ${command}: ${error.message}\n`);
      return 2;
    }
    io.stderr.write(`paddock ${command}: ${(error as Error).message}\n`);
    return 1;
  }
}
