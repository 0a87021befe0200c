// One core per data directory: a second start would end the first one's processes and mark its
// calls interrupted (recovery). The lock names the live holder; a dead one's lock is taken over.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUse, LOCK_NAME, lockDataDir } from '../../../src/main/dataDirLock';
import { readStartTime } from '../../../src/main/processes/identity';
import { paddockCli } from '../../support/cli';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs('paddock-lock-');
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  temp.cleanup();
});

function holderFile(dataDir: string, pid: number, startTime: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(
    path.join(dataDir, LOCK_NAME),
    JSON.stringify({ pid, startTime, what: 'paddock serve', since: '2026-12-01T20:00:00Z' }),
  );
}

describe('lockDataDir', () => {
  it('refuses while another live process holds it, naming it; takes it once that process is gone', async () => {
    const dataDir = path.join(temp.make(), 'data');
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    cleanups.push(() => void other.kill('SIGKILL'));
    await new Promise((resolve) => other.once('spawn', resolve));
    holderFile(dataDir, other.pid!, readStartTime(other.pid!)!);
    expect(() => lockDataDir(dataDir, 'paddock mcp')).toThrow(DataDirInUse);
    expect(() => lockDataDir(dataDir, 'paddock mcp')).toThrow(
      new RegExp(
        `paddock serve \\(pid ${other.pid}, since 2026-12-01T20:00:00Z\\) already runs Paddock on the data directory`,
      ),
    );

    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    const lock = lockDataDir(dataDir, 'paddock mcp');
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_NAME), 'utf8'))).toMatchObject({
      pid: process.pid,
      what: 'paddock mcp',
    });
    lock.release();
    expect(fs.existsSync(path.join(dataDir, LOCK_NAME))).toBe(false);
  });

  it('a recycled pid is a stranger: the same pid with another start time does not hold the lock', () => {
    const dataDir = path.join(temp.make(), 'data');
    const init = 1;
    holderFile(dataDir, init, 'not-its-start-time');
    const lock = lockDataDir(dataDir, 'paddock serve');
    lock.release();
  });

  it('release removes only its own lock, never one another start took over', () => {
    const dataDir = path.join(temp.make(), 'data');
    const lock = lockDataDir(dataDir, 'paddock serve');
    holderFile(dataDir, 1, readStartTime(1) ?? 'x');
    lock.release();
    expect(fs.existsSync(path.join(dataDir, LOCK_NAME))).toBe(true);
  });
});

describe('a lone paddock mcp and paddock serve on one data directory', () => {
  it('serve is refused with a sentence naming the paddock mcp process, and the mcp session keeps working', async () => {
    const root = temp.make();
    const home = path.join(root, 'home');
    const dataDir = path.join(root, 'data');
    const ws = path.join(home, 'project');
    fs.mkdirSync(ws, { recursive: true });
    fs.writeFileSync(path.join(ws, 'a.txt'), 'alpha\n');
    const env = { PATH: process.env.PATH ?? '', HOME: home, SHELL: '/bin/sh' };
    const client = new Client({ name: 'lock-test', version: '1.0.0' }, { capabilities: {} });
    const [command, args] = paddockCli(['mcp', '--workspace', ws, '--data-dir', dataDir]);
    const transport = new StdioClientTransport({ command, args, env, stderr: 'pipe' });
    await client.connect(transport);
    cleanups.push(() => client.close());
    await client.listTools(); // the session is open: its core holds the directory

    const [serveCommand, serveArgs] = paddockCli(['serve', '--port', '0', '--no-open', '--data-dir', dataDir]);
    const serve = spawnSync(serveCommand, serveArgs, { env, encoding: 'utf8', timeout: 60_000 });
    expect(serve.status, serve.stderr).toBe(1);
    expect(serve.stderr).toMatch(
      new RegExp(`paddock mcp \\(a client's session with no Paddock window\\) \\(pid ${transport.pid}, since `),
    );
    expect(serve.stderr).toMatch(/Quit it first, or give this one another --data-dir/);

    const read = await client.callTool({ name: 'read', arguments: { path: 'a.txt' } });
    expect(read.isError).toBeFalsy();
  }, 90_000);
});
