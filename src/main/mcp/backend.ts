// What `paddock mcp` talks to: a core in this process (no window: a card is elicited or refused), or
// the core of a Paddock already running on the same data directory, through its bridge socket
// (then a card the client cannot elicit waits on that window).
import type { OfferedTool } from '../dispatch/types';
import type { ToolResult } from '../../shared/domain';
import type { McpHello, McpPeer } from './session';

export interface McpBackend {
  /** Where the calls go, for the log line: 'this process' or the bridge socket's path. */
  describe: string;
  open(hello: McpHello): Promise<{ tools: OfferedTool[]; conversationId: string }>;
  tools(): OfferedTool[];
  call(name: string, args: unknown, peer: McpPeer, signal: AbortSignal): Promise<ToolResult>;
  close(): Promise<void>;
}
