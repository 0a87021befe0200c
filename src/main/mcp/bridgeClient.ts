// `paddock mcp`'s end of the bridge to a running Paddock (see bridgeServer.ts).
import net from 'node:net';
import type { OfferedTool } from '../dispatch/types';
import type { ToolResult } from '../../shared/domain';
import type { McpBackend } from './backend';
import type { ElicitAnswer, McpPeer } from './session';
import { lineReader, serverMessageSchema, type BridgeClientMessage } from './bridgeProtocol';

interface Waiting {
  peer: McpPeer;
  signal: AbortSignal;
  resolve(result: ToolResult): void;
}

/** Connects to a running Paddock's bridge; null when nothing listens there. */
export async function connectToRunningPaddock(socketPath: string): Promise<McpBackend | null> {
  const socket = await new Promise<net.Socket | null>((resolve) => {
    const candidate = net.connect(socketPath);
    candidate.once('connect', () => resolve(candidate));
    candidate.once('error', () => resolve(null));
  });
  if (!socket) return null;

  let tools: OfferedTool[] = [];
  let nextId = 0;
  const waiting = new Map<number, Waiting>();
  let opened: {
    resolve(value: { tools: OfferedTool[]; conversationId: string }): void;
    reject(error: Error): void;
  } | null = null;
  let closedWhy: string | null = null;
  const send = (message: BridgeClientMessage): void => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
  };
  const fail = (why: string): void => {
    closedWhy ??= why;
    opened?.reject(new Error(why));
    for (const entry of waiting.values()) entry.resolve({ ok: false, error: `not run: ${why}` });
    waiting.clear();
    socket.destroy();
  };

  socket.on('error', (error) => fail(`the connection to Paddock failed: ${error.message}`));
  socket.on('close', () => fail('the running Paddock closed the connection (it quit or restarted)'));
  socket.on(
    'data',
    lineReader(
      (line) => {
        let raw: unknown;
        try {
          raw = JSON.parse(line);
        } catch {
          return fail('Paddock sent a message that is not JSON');
        }
        const parsed = serverMessageSchema.safeParse(raw);
        if (!parsed.success) return fail('Paddock sent a message outside the bridge protocol');
        const message = parsed.data;
        switch (message.type) {
          case 'ready':
            tools = message.tools as OfferedTool[];
            opened?.resolve({ tools, conversationId: message.conversationId });
            opened = null;
            return;
          case 'refused':
            opened?.reject(new Error(message.message));
            opened = null;
            return;
          case 'elicit': {
            const entry = waiting.get(message.id);
            if (!entry) return;
            void entry.peer
              .elicit(message.card as never, message.text, entry.signal)
              .catch((): ElicitAnswer => 'deny')
              .then((answer) => send({ type: 'elicited', id: message.id, answer }));
            return;
          }
          case 'progress':
            waiting.get(message.id)?.peer.progress(message.message);
            return;
          case 'result': {
            const entry = waiting.get(message.id);
            waiting.delete(message.id);
            entry?.resolve(message.result);
            return;
          }
        }
      },
      () => fail('Paddock sent a line over the bound'),
    ),
  );

  return {
    describe: `the running Paddock (${socketPath})`,
    open(hello) {
      return new Promise((resolve, reject) => {
        if (closedWhy) return reject(new Error(closedWhy));
        opened = { resolve, reject };
        send({
          type: 'hello',
          client: hello.client,
          workspace: hello.workspace,
          agentHandle: hello.agentHandle,
          mode: hello.mode,
        });
      });
    },
    tools: () => tools,
    call(name, args, peer, signal) {
      if (closedWhy) return Promise.resolve({ ok: false, error: `not run: ${closedWhy}` });
      const id = nextId++;
      return new Promise<ToolResult>((resolve) => {
        waiting.set(id, { peer, signal, resolve });
        signal.addEventListener('abort', () => send({ type: 'cancel', id }), { once: true });
        send({ type: 'call', id, name, args, canElicit: peer.canElicit });
      });
    },
    async close() {
      socket.end();
      socket.destroy();
    },
  };
}
