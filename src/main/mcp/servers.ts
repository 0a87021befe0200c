// The MCP servers the owner added for Paddock's agents (issue 21, part 2): one SDK client per server,
// started in the agent's workspace through the exec seam (stdio) or reached at its URL (streamable
// HTTP). A server that crashes or hangs becomes a sentence and a Restart action; it never holds a
// turn: every request has a timeout, and a hung server refuses at once until it is restarted.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { lexCommand } from '../policy/lexer';
import { childEnvForWorkspace, type OwnerEnv } from '../processes/env';
import { findOnPath } from '../processes/shellPath';
import type { GroupLedger } from '../processes/ledger';
import type { LiveStop } from '../sandbox/alwaysCardLive';
import type { LongLivedGuard } from '../sandbox/containment';
import type { McpServerRecord, McpServersRepository } from '../store/mcpServers';
import type { WorkspacesRepository } from '../store/workspaces';
import type { ToolResult } from '../../shared/domain';
import type { SeamStdioTransport } from './seamTransport';

/** Why a server the long-lived guard stopped failed (what appeared is under `<data>/refused/`). */
function guardStop(why: LiveStop): string {
  const named = why.paths.map((rel) => `\`${rel}\``).join(', ');
  return why.kind === 'appeared'
    ? `Paddock stopped it: ${named} appeared in the workspace while it ran (moved out to Paddock's data directory, \`refused/\`), and a process running there could make the next one the moment the last was moved (every process running in the folder is stopped, whichever made it)`
    : `Paddock stopped it: ${named} was replaced or removed while it ran (saved through a rename, by an editor or an approved write, or deleted or renamed away), which ended its read-only hold inside the sandbox, so the server could have written there (a new file saved there is kept)`;
}

// The MCP SDK (its message schemas cost ~100 ms to build) loads when a server first starts, not
// when Paddock does (issue 22 item 2): the stdio transport module with it, kept here once loaded.
let seamModule: typeof import('./seamTransport') | undefined;
function isSeamTransport(transport: Transport | null): transport is SeamStdioTransport {
  return seamModule !== undefined && transport instanceof seamModule.SeamStdioTransport;
}

export type McpServerStatus = 'stopped' | 'starting' | 'ready' | 'failed';

export interface McpServerTool {
  /** The server's own name for it. */
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface McpServerState {
  status: McpServerStatus;
  tools: McpServerTool[];
  /** Why it is not ready, as a sentence. */
  error: string | null;
}

export interface McpServerManagerDeps {
  servers: McpServersRepository;
  workspaces: WorkspacesRepository;
  /** Headers for an HTTP server (they may carry a token: kept with the API keys). */
  headersFor(serverId: string): Record<string, string>;
  home: string;
  ownerEnv: OwnerEnv;
  /**
   * The OS sandbox for this agent's workspace, applied to stdio servers like to its commands: a
   * server runs for long, so it gets the long-lived guard (start's): every always-card entry or `.git`
   * that appears in the workspace while it runs is moved out at once, and `stop` ends the server.
   * Null without the sandbox.
   */
  guardFor?(agentId: string, workspace: string, stop: (why: LiveStop) => void): LongLivedGuard | null;
  /** Where a stdio server's group is recorded, so a Paddock killed with -9 ends it at the next start. */
  ledger?: GroupLedger;
  version: string;
  onChanged(agentId: string): void;
  connectTimeoutMs?: number;
  callTimeoutMs?: number;
}

/** Results are bounded like `run` output (SPEC §6). */
export const MCP_RESULT_MAX_CHARS = 200 * 1024;

interface Live {
  record: McpServerRecord;
  state: McpServerState;
  client: Client | null;
  transport: Transport | null;
  starting: Promise<void> | null;
}

function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^MCP error -?\d+: /, '');
}

export function createMcpServerManager(deps: McpServerManagerDeps) {
  const live = new Map<string, Live>();
  const connectTimeout = deps.connectTimeoutMs ?? 20_000;
  const callTimeout = deps.callTimeoutMs ?? 120_000;

  function entry(record: McpServerRecord): Live {
    let found = live.get(record.id);
    if (!found) {
      found = {
        record,
        state: { status: 'stopped', tools: [], error: null },
        client: null,
        transport: null,
        starting: null,
      };
      live.set(record.id, found);
    }
    found.record = record;
    return found;
  }

  function setState(target: Live, state: McpServerState): void {
    target.state = state;
    deps.onChanged(target.record.agentId);
  }

  async function transportFor(record: McpServerRecord): Promise<Transport | string> {
    if (record.transport === 'http') {
      // The SDK's client halves load when a server first connects, not when Paddock starts (issue 22).
      const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js');
      return new StreamableHTTPClientTransport(new URL(record.url ?? ''), {
        requestInit: { headers: deps.headersFor(record.id) },
      });
    }
    const workspace = deps.workspaces.get(record.agentId);
    if (!workspace) return 'the agent has no workspace, and a stdio MCP server runs in it';
    const lexed = lexCommand(record.command ?? '');
    if (!lexed.ok) return `its command is not a plain command (${lexed.reason})`;
    const [name, ...args] = lexed.argv;
    const program = name!.includes('/')
      ? null
      : findOnPath(name!, workspace.capturedPath, { workspace: workspace.directory });
    if (!program) return `\`${name}\` was not found on the workspace's PATH (a bare program name is looked up there)`;
    seamModule ??= await import('./seamTransport');
    // A server that plants an always-card entry or a `.git` while it runs is stopped (containment.ts).
    let transport: SeamStdioTransport | null = null;
    const guard =
      deps.guardFor?.(record.agentId, workspace.directory, (why) => {
        void transport?.stopBecause(guardStop(why));
      }) ?? null;
    transport = new seamModule.SeamStdioTransport({
      program,
      args,
      cwd: workspace.directory,
      env: childEnvForWorkspace(workspace.capturedPath, deps.home, deps.ownerEnv, 'dumb'),
      wrap: guard?.wrap,
      purpose: 'mcp',
      ledger: deps.ledger,
      agentId: record.agentId,
      // What it plants while it runs is moved out to <data>/refused/ at once; the watch stops when it exits.
      onExit: guard ? () => void guard.finish() : undefined,
    });
    return transport;
  }

  function failureSentence(target: Live, why: string): string {
    const transport = target.transport;
    const tail = isSeamTransport(transport) ? transport.stderrTail() : '';
    const last = tail ? ` Its last words: ${tail.split('\n').slice(-3).join(' / ')}` : '';
    return `the MCP server ${target.record.name} ${why}.${last}`;
  }

  async function connect(target: Live): Promise<void> {
    const transport = await transportFor(target.record);
    if (typeof transport === 'string') {
      setState(target, {
        status: 'failed',
        tools: [],
        error: `the MCP server ${target.record.name} cannot start: ${transport}`,
      });
      return;
    }
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const client = new Client({ name: 'paddock', version: deps.version }, { capabilities: {} });
    target.client = client;
    target.transport = transport;
    setState(target, { status: 'starting', tools: [], error: null });
    client.onclose = () => {
      if (target.client !== client) return; // a restart replaced it
      target.client = null;
      const why =
        isSeamTransport(transport) && transport.exitReason
          ? `stopped: ${transport.exitReason}`
          : 'closed the connection';
      setState(target, { status: 'failed', tools: target.state.tools, error: failureSentence(target, why) });
    };
    try {
      await client.connect(transport, { timeout: connectTimeout });
      const listed = await client.listTools(undefined, { timeout: connectTimeout });
      const tools = listed.tools.map((tool) => ({
        name: tool.name,
        description: tool.description ?? '',
        inputSchema: tool.inputSchema as Record<string, unknown>,
      }));
      if (target.client === client) setState(target, { status: 'ready', tools, error: null });
    } catch (error) {
      if (target.client !== client) return;
      target.client = null;
      await transport.close().catch(() => undefined);
      setState(target, {
        status: 'failed',
        tools: [],
        error: failureSentence(target, `did not start: ${describeFailure(error)}`),
      });
    }
  }

  async function stop(target: Live): Promise<void> {
    const { client } = target;
    target.client = null;
    target.starting = null;
    if (client) await client.close().catch(() => undefined);
    setState(target, { status: 'stopped', tools: [], error: null });
  }

  function start(target: Live): Promise<void> {
    if (target.state.status === 'ready' || target.state.status === 'failed') return Promise.resolve();
    target.starting ??= connect(target).finally(() => {
      target.starting = null;
    });
    return target.starting;
  }

  return {
    /** Starts every server of the agent that is not running or failed; resolves when each has answered or failed. */
    async ensureStarted(agentId: string): Promise<void> {
      await Promise.all(deps.servers.listFor(agentId).map((record) => start(entry(record))));
    },

    state(serverId: string): McpServerState {
      return live.get(serverId)?.state ?? { status: 'stopped', tools: [], error: null };
    },

    async restart(serverId: string): Promise<void> {
      const record = deps.servers.get(serverId);
      if (!record) return;
      const target = entry(record);
      await stop(target);
      await start(target);
    },

    async remove(serverId: string): Promise<void> {
      const target = live.get(serverId);
      if (target) await stop(target);
      live.delete(serverId);
    },

    /** A changed workspace: its stdio servers start again in the new directory on next use. */
    async stopFor(agentId: string): Promise<void> {
      await Promise.all([...live.values()].filter((target) => target.record.agentId === agentId).map(stop));
    },

    async stopAll(): Promise<void> {
      await Promise.all([...live.values()].map(stop));
    },

    async call(
      serverId: string,
      tool: string,
      args: Record<string, unknown>,
      signal: AbortSignal,
    ): Promise<ToolResult> {
      const record = deps.servers.get(serverId);
      if (!record) return { ok: false, status: 404, error: 'refused: that MCP server was removed' };
      const target = entry(record);
      await start(target);
      const client = target.client;
      if (target.state.status !== 'ready' || !client) {
        return {
          ok: false,
          status: 503,
          error: `${target.state.error ?? `the MCP server ${record.name} is not running`} Restart it from Settings → Developer.`,
        };
      }
      try {
        const result = await client.callTool({ name: tool, arguments: args }, undefined, {
          signal,
          timeout: callTimeout,
        });
        return toToolResult(record.name, result.content as unknown[], result.isError === true);
      } catch (error) {
        if (signal.aborted) return { ok: false, error: 'cancelled' };
        const hung = /timed out|timeout/i.test(describeFailure(error));
        if (hung && target.client === client) {
          // A server that does not answer holds no later turn: it refuses until restarted.
          target.client = null;
          void client.close().catch(() => undefined);
          setState(target, {
            status: 'failed',
            tools: target.state.tools,
            error: failureSentence(target, `did not answer ${tool} within ${Math.round(callTimeout / 1000)} s`),
          });
        }
        return {
          ok: false,
          status: 502,
          error: `${target.state.error ?? failureSentence(target, `failed: ${describeFailure(error)}`)} Restart it from Settings → Developer.`,
        };
      }
    },
  };
}

export type McpServerManager = ReturnType<typeof createMcpServerManager>;

function toToolResult(server: string, content: unknown[], isError: boolean): ToolResult {
  const parts: string[] = [];
  for (const block of content) {
    const typed = block as {
      type?: string;
      text?: string;
      mimeType?: string;
      data?: string;
      resource?: { uri?: string; text?: string };
    };
    if (typed.type === 'text' && typeof typed.text === 'string') parts.push(typed.text);
    else if (typed.type === 'resource' && typed.resource)
      parts.push(typed.resource.text ?? `[resource ${typed.resource.uri ?? ''}]`);
    else parts.push(`[${typed.type ?? 'unknown'} block${typed.mimeType ? ` (${typed.mimeType})` : ''} not shown]`);
  }
  let text = parts.join('\n');
  if (text.length > MCP_RESULT_MAX_CHARS) {
    text = `${text.slice(0, MCP_RESULT_MAX_CHARS)}\n[… ${text.length - MCP_RESULT_MAX_CHARS} more characters from ${server} not shown: results are bounded to 200 KB]`;
  }
  return isError
    ? { ok: false, error: `the MCP server ${server} answered with an error: ${text}` }
    : { ok: true, text };
}
