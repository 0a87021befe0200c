// Runs Paddock's network proxy inside a private network namespace the test made (`unshare --net`),
// so the interfaces, routes and sysctls a case sets up exist there only and vanish with it. Started
// by network.test.ts as `unshare --net <node> --import tsx netnsProxy.ts <config>`: runs the setup
// commands (a neighbour host, in a namespace of its own, is `{neighbour}`), listens as "this machine"
// on 0.0.0.0 and [::], starts the proxy on `socketPath`, prints `ready`, prints each decision as a
// JSON line, and exits when its stdin closes.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { createNetworkProxy } from '../../src/main/sandbox/netProxy';

export interface NetnsProxyConfig {
  /** The test process's network namespace (`/proc/self/ns/net`): nothing is set up when this one is it. */
  outerNamespace: string;
  socketPath: string;
  port: number;
  /** Commands run in order; `{neighbour}` is the neighbour's PID (its namespace). */
  setup: string[][];
  /** Whether a neighbour host (its own namespace, listening on `port` on every address) is started. */
  neighbour: boolean;
  names: Record<string, string[]>;
  allowed: string[];
  /** Names whose address becomes this machine's between the check and the connection: commands run when their decision is made. */
  afterDecision?: Record<string, string[][]>;
}

const config = JSON.parse(process.argv[2]!) as NetnsProxyConfig;
if (fs.readlinkSync('/proc/self/ns/net') === config.outerNamespace)
  throw new Error('not in a private network namespace: nothing set up');

function serve(host: string, ipv6Only: boolean): Promise<void> {
  const server = net.createServer((socket) => {
    // What reached it, for the test to see whether any byte passed.
    socket.on('data', (chunk: Buffer) =>
      console.log(JSON.stringify({ received: `${socket.localAddress} ${chunk.toString()}` })),
    );
    socket.on('error', () => undefined);
    socket.end(`THIS-MACHINE ${socket.localAddress}\n`);
  });
  return new Promise((resolve) => server.listen({ host, port: config.port, ipv6Only }, () => resolve()));
}

async function main(): Promise<void> {
  let neighbourPid = '';
  if (config.neighbour) {
    const script = `require('node:net').createServer((s) => s.end('NEIGHBOUR ' + s.localAddress + '\\n')).listen({ host: '::', port: ${config.port} }, () => console.log('listening')); process.stdin.on('end', () => process.exit(0)); process.stdin.resume();`;
    const neighbour = spawn('unshare', ['--net', process.execPath, '-e', script], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => neighbour.stdout.once('data', () => resolve()));
    neighbourPid = String(neighbour.pid);
  }
  const run = (command: string[]) =>
    execFileSync(
      command[0]!,
      command.slice(1).map((word) => word.replace('{neighbour}', neighbourPid)),
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  config.setup.forEach(run);
  await serve('0.0.0.0', false);
  await serve('::', true);
  const proxy = await createNetworkProxy({
    socketPath: config.socketPath,
    allowed: () => config.allowed,
    resolve: async (host) => {
      const addresses = config.names[host];
      if (!addresses) throw new Error('no such name in this test');
      return addresses;
    },
    onDecision: (decision) => {
      for (const command of config.afterDecision?.[decision.host] ?? []) run(command);
      console.log(JSON.stringify(decision));
    },
  });
  console.log('ready');
  process.stdin.on('end', () => void proxy.close().then(() => process.exit(0)));
  process.stdin.resume();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
