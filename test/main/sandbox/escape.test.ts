// The escape suite (issue 13): one workspace whose test script and dev server attempt every attack,
// run by the real tools in the real sandbox (bubblewrap). Every attack fails; the legitimate work
// still succeeds. The same script run WITHOUT the sandbox escapes, so the suite can fail.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRunTool } from '../../../src/main/tools/run';
import { createBashTool } from '../../../src/main/tools/bash';
import { sandboxStatus, testSandbox } from '../../support/sandbox';
import { createTempDirs } from '../../support/tempDirs';
import { toolContext } from '../processes/helpers';

const FIXTURES = path.resolve(__dirname, '../../fixtures/sandbox');
const status = sandboxStatus();
const temp = createTempDirs('paddock-escape-');
const CHILD_NAMES = new Set(['PATH', 'HOME', 'USER', 'LANG', 'LC_ALL', 'TERM', 'TMPDIR', 'SHELL', 'CI']);
/** A variable of this process's own environment (as /proc shows it) that no child is given: the "API key". */
const SECRET =
  fs
    .readFileSync('/proc/self/environ', 'utf8')
    .split('\0')
    .find((entry) => entry.length > 12 && !CHILD_NAMES.has(entry.split('=')[0]!)) ?? 'none';
const KEY = '-----BEGIN OPENSSH PRIVATE KEY-----\nplanted\n';
const BASHRC = '# the owner’s bashrc\n';
const servers: net.Server[] = [];

let home = '';
let dataDir = '';
let workspace = '';
let sibling = '';
let gitConfig = '';

function listen(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.end('hello from the host\n');
    });
    servers.push(server);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
  });
}

beforeAll(async () => {
  home = temp.make();
  dataDir = temp.make();
  const parent = temp.make();
  workspace = path.join(parent, 'project');
  sibling = path.join(parent, 'other-project');
  fs.mkdirSync(workspace);
  fs.mkdirSync(sibling);
  fs.mkdirSync(path.join(home, '.ssh'), { mode: 0o700 });
  fs.writeFileSync(path.join(home, '.ssh', 'id_rsa'), KEY, { mode: 0o600 });
  fs.writeFileSync(path.join(home, '.bashrc'), BASHRC);
  fs.writeFileSync(path.join(dataDir, 'paddock.db'), 'the owner’s database');
  execFileSync('git', ['init', '-q', workspace]);
  gitConfig = fs.readFileSync(path.join(workspace, '.git', 'config'), 'utf8');
  fs.copyFileSync(path.join(FIXTURES, 'attack.cjs'), path.join(workspace, 'attack.cjs'));
  fs.copyFileSync(path.join(FIXTURES, 'daemon.cjs'), path.join(workspace, 'daemon.cjs'));
  fs.symlinkSync(path.join(home, '.ssh', 'id_rsa'), path.join(workspace, 'planted-link'));
  fs.symlinkSync(path.join(dataDir, 'paddock.db'), path.join(workspace, 'planted-data-link'));
  const config = {
    home,
    dataDir,
    sibling,
    listenPort: await listen(),
    paddockPort: await listen(),
    paddockPid: process.pid,
    secret: SECRET,
  };
  fs.writeFileSync(path.join(workspace, 'attack-config.json'), JSON.stringify(config));
});

afterAll(() => {
  for (const server of servers) server.close();
  temp.cleanup();
});

/** The owner's own PATH lookup, as the captured PATH would find the program. */
function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const file = path.join(dir, name);
    if (dir.startsWith('/') && fs.existsSync(file)) return file;
  }
  return null;
}

function context() {
  return toolContext({ workspace, home, dataDir, capturedPath: '/usr/bin:/bin' });
}

type Result = { ok: true; text: string } | { ok: false; error: string };
function resultsOf(result: Result): Record<string, string> {
  if (!result.ok) throw new Error(result.error);
  const line = result.text.split('\n').find((l) => l.startsWith('{'));
  if (!line) throw new Error(`no results in: ${result.text}`);
  return JSON.parse(line) as Record<string, string>;
}

function hostUnchanged(): void {
  expect(fs.readFileSync(path.join(home, '.bashrc'), 'utf8')).toBe(BASHRC);
  expect(fs.existsSync(path.join(home, '.local', 'bin', 'evil'))).toBe(false);
  expect(fs.existsSync(path.join(sibling, 'evil'))).toBe(false);
  expect(fs.existsSync(path.join(dataDir, 'evil'))).toBe(false);
  expect(fs.existsSync(path.join(workspace, '.git', 'hooks', 'pre-commit'))).toBe(false);
  expect(fs.readFileSync(path.join(workspace, '.git', 'config'), 'utf8')).toBe(gitConfig);
}

describe.skipIf(!status.available)(`the escape suite (${status.available ? 'bubblewrap' : 'no sandbox'})`, () => {
  it('every attack of a poisoned test script fails in the sandbox, and legitimate work succeeds', async () => {
    const sandbox = testSandbox({ home, dataDir });
    const run = createRunTool({ sandbox });
    const results = resultsOf((await run.run({ command: 'node attack.cjs attack-config.json' }, context())) as Result);
    const escapes = Object.entries(results).filter(([, outcome]) => outcome.startsWith('ESCAPED'));
    expect(escapes).toEqual([]);
    expect(Object.keys(results)).toHaveLength(21);
    for (const name of ['read ~/.ssh/id_rsa', 'read ~/.ssh/id_rsa through a planted link', 'read the data directory']) {
      expect(results[name]).toBe('blocked: ENOENT');
    }
    expect(results['signal Paddock']).toBe('blocked: ESRCH');
    expect(results['connect to a 127.0.0.1 listener']).toBe('blocked: ECONNREFUSED');
    expect(results["connect to Paddock's own port"]).toBe('blocked: ECONNREFUSED');
    expect(results['connect outside (192.0.2.1:80)']).toBe('blocked: ENETUNREACH');
    expect(results['DNS lookup']).toMatch(/^blocked: (EAI_AGAIN|ENOTFOUND)$/);
    expect(results['write .git/config']).toBe('blocked: EROFS');
    expect(results['legit: write the workspace']).toBe('ok');
    expect(results['legit: write TMPDIR']).toBe('ok');
    expect(results['legit: read .git/HEAD']).toMatch(/^ref: refs\/heads\//);
    hostUnchanged();
    // The private TMPDIR is the agent's own host directory, not the shared /tmp.
    expect(fs.readFileSync(path.join(sandbox.privateTmpFor('alice'), 'scratch.txt'), 'utf8')).toBe('ok');
  }, 60_000);

  it('with a domain allowed, the proxy opens nothing else: not Paddock, not the host, not other hosts', async () => {
    const sandbox = testSandbox({ home, dataDir });
    const run = createRunTool({
      sandbox,
      choicesFor: () => ({ allowedDomains: ['registry.npmjs.org'], uncontainedShell: false, runListOnly: false }),
    });
    // A fresh private /tmp: the first run's writes there (the data directory's path re-created
    // under /tmp inside) would otherwise read back as if they were the real directory.
    fs.rmSync(sandbox.privateTmpFor('alice'), { recursive: true, force: true });
    sandbox.privateTmpFor('alice');
    try {
      const results = resultsOf(
        (await run.run({ command: 'node attack.cjs attack-config.json' }, context())) as Result,
      );
      expect(Object.entries(results).filter(([, outcome]) => outcome.startsWith('ESCAPED'))).toEqual([]);
      expect(Object.keys(results)).toHaveLength(25);
      expect(results["proxy: CONNECT to Paddock's own port by address"]).toBe('blocked: 403');
      expect(results["proxy: CONNECT to Paddock's own port as localhost"]).toBe('blocked: 403');
      expect(results['proxy: CONNECT to a domain not allowed']).toBe('blocked: 403');
      expect(results['proxy: CONNECT to a private address']).toBe('blocked: 403');
      // Around the proxy, the namespace still holds.
      expect(results["connect to Paddock's own port"]).toBe('blocked: ECONNREFUSED');
      expect(results['connect outside (192.0.2.1:80)']).toBe('blocked: ENETUNREACH');
      hostUnchanged();
    } finally {
      await sandbox.close();
    }
  }, 60_000);

  it('the same script without the sandbox escapes (the suite can fail)', async () => {
    const run = createRunTool();
    const results = resultsOf((await run.run({ command: 'node attack.cjs attack-config.json' }, context())) as Result);
    // Undo what escaped, for the other tests.
    fs.writeFileSync(path.join(home, '.bashrc'), BASHRC);
    for (const file of [
      path.join(home, '.local', 'bin', 'evil'),
      path.join(sibling, 'evil'),
      path.join(dataDir, 'evil'),
      path.join(workspace, '.git', 'hooks', 'pre-commit'),
    ]) {
      fs.rmSync(file, { force: true });
    }
    fs.writeFileSync(path.join(workspace, '.git', 'config'), gitConfig);
    expect(results['read ~/.ssh/id_rsa']).toMatch(/^ESCAPED/);
    expect(results['connect to a 127.0.0.1 listener']).toMatch(/^ESCAPED/);
    expect(results['read /proc/<ppid>/environ']).toMatch(/^ESCAPED/);
    expect(results['signal Paddock']).toMatch(/^ESCAPED/);
  }, 60_000);

  it('bash runs in the same sandbox: pipes work, the home and the network do not', async () => {
    const bash = createBashTool({ sandbox: testSandbox({ home, dataDir }), shell: '/bin/sh' });
    const result = (await bash.run(
      {
        command: `cat ${home}/.ssh/id_rsa 2>&1 | head -1; echo x > ${home}/.bashrc 2>&1; ls /proc | grep -c '^[0-9]' ; echo done`,
      },
      context(),
    )) as Result;
    if (!result.ok) throw new Error(result.error);
    expect(result.text).not.toContain('planted');
    expect(result.text).toContain('No such file or directory');
    expect(result.text).toContain('Read-only file system');
    expect(result.text).toContain('done');
    hostUnchanged();
  }, 60_000);

  it('npm test runs a project with node_modules in the sandbox', async () => {
    const project = path.join(workspace, 'app');
    fs.mkdirSync(path.join(project, 'node_modules', 'adder'), { recursive: true });
    fs.writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'app', version: '1.0.0', scripts: { test: 'node test.js' } }),
    );
    fs.writeFileSync(path.join(project, 'node_modules', 'adder', 'index.js'), 'module.exports = (a, b) => a + b;\n');
    fs.writeFileSync(
      path.join(project, 'test.js'),
      "const add = require('adder'); if (add(2, 3) !== 5) process.exit(1); console.log('1 passed');\n",
    );
    const run = createRunTool({ sandbox: testSandbox({ home, dataDir }) });
    const result = (await run.run({ command: 'npm test', cwd: 'app' }, context())) as Result;
    if (!result.ok) throw new Error(result.error);
    expect(result.text).toContain('exit code 0');
    expect(result.text).toContain('1 passed');
  }, 60_000);

  const pytest = onPath('pytest');
  it.skipIf(!pytest)(
    `pytest runs in the sandbox${pytest ? '' : ' (skipped: pytest is not installed on this machine)'}`,
    async () => {
      fs.mkdirSync(path.join(workspace, 'py'), { recursive: true });
      fs.writeFileSync(path.join(workspace, 'py', 'test_x.py'), 'def test_x():\n    assert 1 + 1 == 2\n');
      const run = createRunTool({ sandbox: testSandbox({ home, dataDir }) });
      const result = (await run.run(
        { command: 'pytest -q', cwd: 'py' },
        toolContext({ workspace, home, dataDir, capturedPath: path.dirname(pytest as string) + ':/usr/bin:/bin' }),
      )) as Result;
      if (!result.ok) throw new Error(result.error);
      expect(result.text).toContain('1 passed');
    },
    60_000,
  );

  const go = onPath('go');
  it.skipIf(!go)(
    `go test runs in the sandbox${go ? '' : ' (skipped: Go is not installed on this machine)'}`,
    async () => {
      const dir = path.join(workspace, 'gomod');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'go.mod'), 'module example.com/x\n\ngo 1.20\n');
      fs.writeFileSync(path.join(dir, 'x_test.go'), 'package x\n\nimport "testing"\n\nfunc TestX(t *testing.T) {}\n');
      const run = createRunTool({ sandbox: testSandbox({ home, dataDir }) });
      const ctx = toolContext({
        workspace,
        home,
        dataDir,
        capturedPath: `${path.dirname(go as string)}:/usr/bin:/bin`,
      });
      const result = (await run.run({ command: 'go test ./...', cwd: 'gomod' }, ctx)) as Result;
      if (!result.ok) throw new Error(result.error);
      expect(result.text).toContain('ok');
    },
    120_000,
  );
});
