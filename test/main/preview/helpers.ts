// Shared pieces of the preview tests: the real fixture dev server as a child process, a fake
// supervisor lookup (the edge of the world here), and a raw HTTP client that sets any Host.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import type { RunningProcess, RunningProcessLookup } from '../../../src/main/preview/types';

export const FIXTURE = path.resolve(__dirname, '../../fixtures/preview/devServer.mjs');

export interface Fixture {
  child: ChildProcess;
  pid: number;
  /** The port it printed (for `--lie`, one it does not listen on). */
  port: number;
  stop(): void;
}

/** Starts the fixture and waits for the line it prints once listening. */
export function startFixture(args: string[] = [], options: { detached?: boolean } = {}): Promise<Fixture> {
  const child = spawn(process.execPath, [FIXTURE, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: options.detached ?? false,
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`fixture exited early with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening (\d+)/.exec(out);
      if (match && child.pid !== undefined) {
        const pid = child.pid;
        resolve({
          child,
          pid,
          port: Number(match[1]),
          stop: () => {
            try {
              child.kill('SIGKILL');
            } catch {
              // already gone
            }
          },
        });
      }
    });
  });
}

export class FakeLookup implements RunningProcessLookup {
  readonly rows = new Map<string, RunningProcess>();
  set(name: string, row: Partial<RunningProcess> & { pid: number }): void {
    this.rows.set(name, { agentId: 'agent-1', startTime: '1', port: null, ...row });
  }
  findRunning(name: string): RunningProcess | null {
    return this.rows.get(name) ?? null;
  }
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request with exactly the headers given (Host included), no connection reuse. */
export function request(
  port: number,
  urlPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method,
        headers: { host: `127.0.0.1:${port}`, ...headers },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Redeems a ticket URL and returns the `name=value` cookie pair it set. */
export async function redeem(ticketUrl: string): Promise<{ reply: Reply; cookie: string }> {
  const url = new URL(ticketUrl);
  const reply = await request(Number(url.port), url.pathname + url.search);
  const setCookie = reply.headers['set-cookie']?.[0] ?? '';
  return { reply, cookie: setCookie.split(';')[0]! };
}
