// The running Paddock's end of the MCP bridge: each connection from a `paddock mcp` process is one
// MCP session of this core, so its calls are recorded here and a card its client cannot elicit waits
// on this window (SPEC §14, issue 21).
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { ElicitAnswer, McpPeer, McpSessionDeps, McpSession } from './session';
import { openMcpSession } from './session';
import { BRIDGE_SOCKET_NAME, clientMessageSchema, lineReader, type BridgeServerMessage } from './bridgeProtocol';

export interface McpBridge {
  socketPath: string;
  close(): Promise<void>;
}

// sockaddr_un holds 108 bytes on Linux, 104 on macOS.
const MAX_SOCKET_PATH = 100;

async function alreadyServed(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

export async function startMcpBridge(
  deps: McpSessionDeps,
  dataDir: string,
  log: (message: string) => void,
): Promise<McpBridge | null> {
  const socketPath = path.join(dataDir, BRIDGE_SOCKET_NAME);
  if (socketPath.length > MAX_SOCKET_PATH) {
    log(`MCP bridge not started: the socket path ${socketPath} is too long for a unix socket`);
    return null;
  }
  if (fs.existsSync(socketPath)) {
    if (await alreadyServed(socketPath)) {
      log(`MCP bridge not started: another Paddock already serves ${socketPath}`);
      return null;
    }
    fs.rmSync(socketPath, { force: true }); // left by a Paddock that did not stop cleanly
  }
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    serveConnection(socket, deps, dataDir, log);
  });
  const previousMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(previousMask);
  }
  fs.chmodSync(socketPath, 0o600);
  return {
    socketPath,
    async close() {
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(socketPath, { force: true });
    },
  };
}

function serveConnection(
  socket: net.Socket,
  deps: McpSessionDeps,
  dataDir: string,
  log: (message: string) => void,
): void {
  let session: Promise<McpSession> | null = null;
  const calls = new Map<number, AbortController>();
  const elicitations = new Map<number, (answer: ElicitAnswer) => void>();
  const send = (message: BridgeServerMessage): void => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
  };
  const drop = (why: string): void => {
    log(`MCP bridge: ${why}; connection closed`);
    socket.destroy();
  };

  socket.on('close', () => {
    void session?.then(
      (opened) => opened.close(),
      () => undefined,
    );
    for (const controller of calls.values()) controller.abort();
    for (const resolve of elicitations.values()) resolve('deny');
  });
  socket.on('error', () => undefined);
  socket.on(
    'data',
    lineReader(
      (line) => {
        let raw: unknown;
        try {
          raw = JSON.parse(line);
        } catch {
          drop('a message that is not JSON');
          return;
        }
        const parsed = clientMessageSchema.safeParse(raw);
        if (!parsed.success) {
          drop('a message outside the bridge protocol');
          return;
        }
        const message = parsed.data;
        switch (message.type) {
          case 'hello': {
            if (session) return drop('a second hello');
            session = openMcpSession(deps, { ...message, dataDir });
            session.then(
              (opened) => send({ type: 'ready', tools: opened.tools(), conversationId: opened.conversationId }),
              (error: Error) => send({ type: 'refused', message: error.message }),
            );
            return;
          }
          case 'call': {
            if (!session) return drop('a call before hello');
            const controller = new AbortController();
            calls.set(message.id, controller);
            const peer: McpPeer = {
              canElicit: message.canElicit,
              elicit: (card, text) =>
                new Promise((resolve) => {
                  elicitations.set(message.id, resolve);
                  send({ type: 'elicit', id: message.id, card: { ...card }, text });
                }),
              progress: (text) => send({ type: 'progress', id: message.id, message: text }),
            };
            void session
              .then((opened) => opened.call(message.name, message.args, peer, controller.signal))
              .then(
                (result) =>
                  send({
                    type: 'result',
                    id: message.id,
                    result: result.ok ? { ok: true, text: result.text } : result,
                  }),
                (error: Error) => send({ type: 'result', id: message.id, result: { ok: false, error: error.message } }),
              )
              .finally(() => calls.delete(message.id));
            return;
          }
          case 'elicited': {
            const resolve = elicitations.get(message.id);
            elicitations.delete(message.id);
            resolve?.(message.answer);
            return;
          }
          case 'cancel':
            calls.get(message.id)?.abort();
            return;
        }
      },
      () => drop('a line over the bound'),
    ),
  );
}
