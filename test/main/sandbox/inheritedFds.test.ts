// Inherited descriptors: a contained process starts with stdin, stdout and stderr only, whatever
// Paddock has open — the owner's terminal (a node-pty master, which node-pty leaves without
// close-on-exec) or a descriptor Paddock's own launcher left it (fd 200 on a host file). Real
// node-pty, real bubblewrap; every probe writes `touch <marker>` into whatever it inherited, so a
// master that reached it would make the owner's shell create the marker outside the workspace.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TerminalSessions } from '../../../src/main/processes/pty';
import { runBounded, spawnLongLived, spawnPiped } from '../../../src/main/processes/spawn';
import { createBashTool } from '../../../src/main/tools/bash';
import { createRunTool } from '../../../src/main/tools/run';
import { sandboxStatus, testSandbox } from '../../support/sandbox';
import { createTempDirs } from '../../support/tempDirs';
import { toolContext, waitFor } from '../processes/helpers';

const FIXTURES = path.resolve(__dirname, '../../fixtures/sandbox');
const status = sandboxStatus();
const temp = createTempDirs('paddock-fds-');

interface Probe {
  inherited: { fd: number; target: string }[];
  wrote: number[];
}

let home = '';
let dataDir = '';
let workspace = '';
let outside = '';

beforeAll(() => {
  home = temp.make();
  dataDir = temp.make();
  workspace = temp.make();
  outside = temp.make();
  fs.copyFileSync(path.join(FIXTURES, 'fds.cjs'), path.join(workspace, 'fds.cjs'));
});
afterAll(() => temp.cleanup());

function probeOf(text: string): Probe {
  const line = text.split('\n').find((l) => l.startsWith('{"inherited"'));
  if (!line) throw new Error(`no probe result in: ${text}`);
  return JSON.parse(line) as Probe;
}

function resultText(result: { ok: true; text: string } | { ok: false; error: string }): string {
  if (!result.ok) throw new Error(result.error);
  return result.text;
}

/** The owner's shell on a real pty, through Paddock's own terminal service (uncontained, as in the side pane). */
async function ownerTerminal(): Promise<{ terminals: TerminalSessions; sync(): Promise<void> }> {
  const terminals = new TerminalSessions({ killGraceMs: 200 });
  const session = terminals.open('side-pane', {
    shell: '/bin/bash',
    args: ['--norc', '--noprofile'],
    cwd: outside,
    env: { PATH: '/usr/bin:/bin', HOME: home, TERM: 'xterm' },
    cols: 80,
    rows: 24,
  });
  let seen = '';
  session.onData((text) => (seen += text));
  let round = 0;
  // Whatever was typed before is read first: once the shell answers this, it has run it all.
  const sync = async (): Promise<void> => {
    round += 1;
    const answer = `SYNC${round * 1000 + 7}`;
    session.write(`echo SYNC$((${round * 1000} + 7))\n`);
    await waitFor(() => seen.includes(answer), 20_000, 'the owner’s shell to answer');
  };
  await sync();
  return { terminals, sync };
}

describe.skipIf(!status.available)('inherited descriptors', () => {
  it('with the owner’s terminal open, a contained run, bash, start and MCP server inherit nothing and cannot type into it', async () => {
    const { terminals, sync } = await ownerTerminal();
    const marker = path.join(outside, 'typed-by-contained-code');
    const sandbox = testSandbox({ home, dataDir });
    const wrap = sandbox.wrapperFor({ agentId: 'alice', workspace, allowedDomains: [] });
    const env = { PATH: '/usr/bin:/bin', HOME: home };
    const context = toolContext({ workspace, home, dataDir, capturedPath: '/usr/bin:/bin' });
    try {
      const probes: Record<string, Probe> = {};
      const run = createRunTool({ sandbox });
      probes.run = probeOf(resultText(await run.run({ command: `node fds.cjs ${marker}` }, context)));
      // The contained shell lists its own descriptors, then node (its child) inherits what it holds.
      const bash = createBashTool({ sandbox, shell: '/bin/bash' });
      const bashText = resultText(
        await bash.run(
          {
            command: `for f in /proc/self/fd/*; do [ -e "$f" ] && printf "fd%s " "\${f##*/}"; done; echo; node fds.cjs ${marker}`,
          },
          context,
        ),
      );
      probes.bash = probeOf(bashText);
      const resultFile = path.join(workspace, 'start-result.json');
      const started = spawnLongLived({
        program: process.execPath,
        args: [path.join(workspace, 'fds.cjs'), marker, resultFile],
        cwd: workspace,
        env,
        logPath: path.join(dataDir, 'logs', 'start.log'),
        wrap,
      });
      await started.exited;
      probes.start = JSON.parse(fs.readFileSync(resultFile, 'utf8')) as Probe;
      const mcp = spawnPiped({
        program: process.execPath,
        args: [path.join(workspace, 'fds.cjs'), marker],
        cwd: workspace,
        env,
        wrap,
        purpose: 'mcp',
      });
      let out = '';
      mcp.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      await new Promise((resolve) => mcp.on('close', resolve));
      probes.mcp = probeOf(out);

      await sync();
      expect(fs.existsSync(marker)).toBe(false);
      expect(probes).toEqual({
        run: { inherited: [], wrote: [] },
        bash: { inherited: [], wrote: [] },
        start: { inherited: [], wrote: [] },
        mcp: { inherited: [], wrote: [] },
      });
      expect(bashText).toContain('fd0 fd1 fd2 \n');
    } finally {
      await terminals.closeAll();
    }
  }, 120_000);

  it('a contained shell lists /proc/self/fd and finds 0, 1 and 2 only, with the owner’s terminal open', async () => {
    const { terminals } = await ownerTerminal();
    try {
      const result = await runBounded({
        program: '/bin/bash',
        args: ['-c', 'for f in /proc/self/fd/*; do [ -e "$f" ] && printf "%s " "${f##*/}"; done; true'],
        cwd: workspace,
        env: { PATH: '/usr/bin:/bin', HOME: home },
        timeoutMs: 30_000,
        wrap: testSandbox({ home, dataDir }).wrapperFor({ agentId: 'alice', workspace, allowedDomains: [] }),
        purpose: 'bash',
      });
      expect(result.exitCode, result.output).toBe(0);
      expect(result.output.trim()).toBe('0 1 2');
    } finally {
      await terminals.closeAll();
    }
  }, 60_000);

  it('a descriptor Paddock was started with (fd 200 on a host file) does not reach contained code', async () => {
    const hostFile = path.join(outside, 'launcher-fd-200');
    fs.writeFileSync(hostFile, 'the launcher’s file\n');
    const marker = path.join(outside, 'typed-through-fd-200');
    const fd = fs.openSync(hostFile, 'a');
    const hostData = temp.make();
    try {
      const stdio = ['ignore', 'pipe', 'pipe', ...Array.from({ length: 197 }, () => 'ignore' as const), fd] as const;
      const host = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(FIXTURES, 'fd-host.ts'), hostData, home, workspace, marker],
        { stdio: [...stdio] },
      );
      let out = '';
      let err = '';
      host.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
      host.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const code = await new Promise((resolve) => host.on('close', resolve));
      expect(code, err).toBe(0);
      const { node, bash } = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { node: string; bash: string };
      expect(probeOf(node)).toEqual({ inherited: [], wrote: [] });
      expect(bash).not.toContain('wrote-200');
      expect(bash.trim().endsWith('\n0 1 2') || bash.trim() === '0 1 2', bash).toBe(true);
      expect(fs.readFileSync(hostFile, 'utf8')).toBe('the launcher’s file\n');
      expect(fs.existsSync(marker)).toBe(false);
    } finally {
      fs.closeSync(fd);
    }
  }, 120_000);
});
