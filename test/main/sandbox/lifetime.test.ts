// Lifetime (issue 13 §3): a setsid daemon and a double fork started by contained code die with
// their sandbox — at `stop`, at the end of a `run`, when Paddock quits and when Paddock is killed
// with SIGKILL. Found on the host by a token in their argv, never by a pid printed inside.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Supervisor } from '../../../src/main/processes/supervisor';
import { createRunTool } from '../../../src/main/tools/run';
import { sandboxStatus, testSandbox } from '../../support/sandbox';
import { databaseWithAgents, killQuietly, removeTempDirs, tempDir, toolContext, waitFor } from '../processes/helpers';

const FIXTURES = path.resolve(__dirname, '../../fixtures/sandbox');
const TSX = path.resolve(__dirname, '../../../node_modules/.bin/tsx');
const status = sandboxStatus();
const leftovers: number[] = [];

afterEach(() => {
  killQuietly(leftovers.splice(0));
  removeTempDirs();
});

/** Host pids whose argv carries `token`. */
function holders(token: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').includes(token)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

function setup() {
  const workspace = tempDir('paddock-life-ws-');
  const home = tempDir('paddock-life-home-');
  const dataDir = tempDir('paddock-life-data-');
  fs.copyFileSync(path.join(FIXTURES, 'daemon.cjs'), path.join(workspace, 'daemon.cjs'));
  return { workspace, home, dataDir, token: `paddock-token-${Math.random().toString(36).slice(2)}` };
}

const beats = (workspace: string) =>
  ['heartbeat-setsid', 'heartbeat-double-fork'].every((f) => fs.existsSync(path.join(workspace, f)));

describe.skipIf(!status.available)('nothing outlives the sandbox', () => {
  it('stop ends a setsid daemon and a double fork of a started process', async () => {
    const { workspace, home, dataDir, token } = setup();
    const db = databaseWithAgents(dataDir, ['alice']);
    const supervisor = new Supervisor({ db, dataDir, killGraceMs: 500 });
    const sandbox = testSandbox({ home, dataDir });
    try {
      supervisor.start('alice', {
        name: 'web',
        program: process.execPath,
        args: [path.join(workspace, 'daemon.cjs'), token, '--serve'],
        cwd: workspace,
        env: { PATH: '/usr/bin:/bin', HOME: home },
        wrap: sandbox.wrapperFor({ agentId: 'alice', workspace, allowedDomains: [] }),
      });
      await waitFor(() => beats(workspace), 20_000, 'both descendants to beat');
      expect(holders(token).length).toBeGreaterThanOrEqual(3);
      await supervisor.stop('alice', 'web');
      await waitFor(() => holders(token).length === 0, 10_000, 'every process of the sandbox to be gone');
    } finally {
      leftovers.push(...holders(token));
      await supervisor.stopAll();
      db.close();
    }
  }, 60_000);

  it('a run leaves nothing behind when it returns', async () => {
    const { workspace, home, dataDir, token } = setup();
    const run = createRunTool({ sandbox: testSandbox({ home, dataDir }), killGraceMs: 300 });
    const result = await run.run(
      { command: `node daemon.cjs ${token}` },
      toolContext({ workspace, home, dataDir, capturedPath: '/usr/bin:/bin' }),
    );
    expect(result.ok).toBe(true);
    await waitFor(() => holders(token).length === 0, 10_000, 'the run’s descendants to be gone');
    leftovers.push(...holders(token));
  }, 60_000);

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    it(`${signal === 'SIGKILL' ? 'kill -9 of' : 'quitting'} Paddock ends every process of the sandbox`, async () => {
      const { workspace, home, dataDir, token } = setup();
      const host = spawn(TSX, [path.join(FIXTURES, 'sandbox-host.ts'), dataDir, home, workspace, token], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      leftovers.push(host.pid as number);
      let out = '';
      let err = '';
      host.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      host.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
      await waitFor(() => out.includes('ready') || host.exitCode !== null, 60_000, 'the host to start');
      expect(out, err).toContain('ready');
      await waitFor(() => beats(workspace), 20_000, 'both descendants to beat');
      expect(holders(token).length).toBeGreaterThanOrEqual(3);
      // tsx runs the host as its own child node: signal both (never the group, which would reach the
      // sandbox directly and prove nothing); the sandbox must die because its parent died.
      const hostNode = holders(path.join(FIXTURES, 'sandbox-host.ts')).filter((pid) => pid !== host.pid);
      for (const pid of [host.pid as number, ...hostNode]) process.kill(pid, signal);
      await waitFor(() => holders(token).length === 0, 15_000, 'every process of the sandbox to be gone');
      leftovers.push(...holders(token));
    }, 90_000);
  }
});
