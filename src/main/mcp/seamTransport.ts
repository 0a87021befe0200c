// The SDK's Transport over a process started through the exec seam (processes/spawn.ts), so an MCP
// server of an agent's starts like every other process: argv, built environment, own group, and the
// OS sandbox's wrapper. Framing is the SDK's own (ReadBuffer, serializeMessage).
import type { ChildProcess } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { terminateGroup } from '../processes/group';
import { GROUP_TAG_NAME, type GroupLedger } from '../processes/ledger';
import { spawnPiped, type PipedOptions } from '../processes/spawn';
import { TailBuffer } from '../processes/tail';

const STDERR_TAIL_BYTES = 4 * 1024;

export class SeamStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private child: (ChildProcess & { pid: number }) | null = null;
  private readonly buffer = new ReadBuffer();
  private readonly stderr = new TailBuffer(STDERR_TAIL_BYTES);
  /** Why the process ended, once it has: its exit code or signal, or why Paddock stopped it. */
  exitReason: string | null = null;
  private stoppedBecause: string | null = null;

  constructor(
    private readonly options: PipedOptions & { ledger?: GroupLedger; agentId?: string; onExit?: () => void },
  ) {}

  /** The last lines the server wrote to stderr, for the error row. */
  stderrTail(): string {
    return this.stderr.text().trim();
  }

  async start(): Promise<void> {
    // Recorded like every group an agent starts (issue 14 §3): a Paddock killed with -9 ends it at the next start.
    const { ledger, agentId, onExit, ...piped } = this.options;
    const tag = ledger?.newTag() ?? null;
    let child: ReturnType<typeof spawnPiped>;
    try {
      child = spawnPiped(tag ? { ...piped, env: { ...piped.env, [GROUP_TAG_NAME]: tag } } : piped);
    } catch (error) {
      onExit?.(); // Never started: what was held for it is let go.
      throw error;
    }
    if (tag) ledger?.started(child.pid, tag, 'mcp', agentId ?? null);
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => {
      this.buffer.append(chunk);
      for (;;) {
        let message: JSONRPCMessage | null;
        try {
          message = this.buffer.readMessage();
        } catch (error) {
          this.onerror?.(error as Error);
          continue;
        }
        if (message === null) break;
        this.onmessage?.(message);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => this.stderr.write(chunk));
    child.stdin?.on('error', (error) => this.onerror?.(error));
    child.on('exit', (code, signal) => {
      // What the server left in its group ends with it, and the ledger's row is crossed out.
      if (tag) void terminateGroup(child.pid, 1_000).then(() => ledger?.ended(child.pid, tag));
      this.exitReason = this.stoppedBecause ?? (signal ? `it was ended by ${signal}` : `it exited with code ${code}`);
      this.child = null;
      onExit?.();
      this.onclose?.();
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed) throw new Error('the MCP server is not running');
    await new Promise<void>((resolve, reject) => {
      stdin.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Ends the server, and its failure row says why. */
  /** Paddock stops the server for the fence's sake: killed at once, no SIGTERM to run on after. */
  async stopBecause(reason: string): Promise<void> {
    this.stoppedBecause ??= reason;
    await this.close(0);
  }

  async close(graceMs = 1_000): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.stdin?.end();
    await terminateGroup(child.pid, graceMs);
  }
}
