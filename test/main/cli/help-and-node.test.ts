// The command line as a newcomer meets it: every command's --help prints its usage and exits 0,
// check-command takes a relative --workspace as check-path and mcp do, and bin/paddock.js started by
// a Node older than the floor says which Node it found and which it needs (an MCP client runs
// whichever `node` is first on its PATH).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckCommand } from '../../../src/main/cli/checkCommand';
import { main } from '../../../src/main/cli/index';
import { openFailure } from '../../../src/main/store/database';
import { makeTree, type Tree } from '../workspace/fixture';

let t: Tree;
beforeAll(() => {
  t = makeTree();
});
afterAll(() => t.cleanup());

function streams() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.setEncoding('utf8');
  stderr.setEncoding('utf8');
  stdout.on('data', (c: string) => (out += c));
  stderr.on('data', (c: string) => (err += c));
  const stdin = new PassThrough();
  stdin.end('');
  return {
    io: { stdin, stdout, stderr, env: { HOME: t.top, PADDOCK_DATA_DIR: t.dataDir } },
    out: () => out,
    err: () => err,
  };
}

describe('--help', () => {
  it.each([
    ['mcp', /usage: paddock mcp --workspace DIR/],
    ['check-command', /usage: paddock check-command --workspace DIR/],
    ['check-path', /usage: paddock check-path --workspace DIR/],
  ])('paddock %s --help prints its usage on stdout and exits 0', async (command, usage) => {
    for (const flag of ['--help', '-h']) {
      const s = streams();
      const code = await main([command, flag], s.io as never);
      expect(code, s.err()).toBe(0);
      expect(s.out()).toMatch(usage);
      expect(s.err()).toBe('');
    }
  });

  it('a --help inside the checked COMMAND is part of the command, not a request for usage', async () => {
    const s = streams();
    const code = await runCheckCommand(['--workspace', t.ws, 'ls', '--help'], s.io);
    expect(code).toBe(0);
    expect(JSON.parse(s.out())).toMatchObject({ argv: ['ls', '--help'] });
  });
});

describe('check-command --workspace', () => {
  it('takes a relative workspace as relative to where it runs, like check-path', async () => {
    const before = process.cwd();
    process.chdir(path.dirname(t.ws));
    try {
      const relative = streams();
      await runCheckCommand(['--workspace', path.basename(t.ws), 'ls', 'src'], relative.io);
      const absolute = streams();
      await runCheckCommand(['--workspace', t.ws, 'ls', 'src'], absolute.io);
      expect(JSON.parse(relative.out())).toEqual(JSON.parse(absolute.out()));
      expect(JSON.parse(relative.out()).tier).toBe('auto');
    } finally {
      process.chdir(before);
    }
  });
});

describe('bin/paddock.js under an older Node', () => {
  const bin = path.resolve(__dirname, '..', '..', '..', 'bin', 'paddock.js');
  const older = ['/usr/bin/node', '/usr/local/bin/node', '/bin/node'].find((candidate) => {
    if (!fs.existsSync(candidate)) return false;
    const version = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    const [major, minor] = version.split('.').map(Number);
    return major! < 22 || (major === 22 && minor! < 13);
  });

  it.skipIf(!older)(
    `says which Node it found and which it needs (${older ?? 'no Node older than 22.13 on this machine'})`,
    () => {
      const run = spawnSync(older as string, [bin, 'mcp', '--workspace', t.ws], { encoding: 'utf8', timeout: 20_000 });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      const version = spawnSync(older as string, ['-v'], { encoding: 'utf8' }).stdout.trim();
      expect(run.stderr).toContain(`this is Node ${version} (${older})`);
      expect(run.stderr).toContain('needs Node 22.13 or later');
      expect(run.stderr).toMatch(/absolute path/);
      expect(run.stderr).not.toMatch(/data directory/);
    },
  );
});

describe('a database module built for another Node', () => {
  it('is named as the cause, not the data directory', () => {
    const error = Object.assign(
      new Error(
        "The module '/x/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 127. Please try re-compiling",
      ),
      { code: 'ERR_DLOPEN_FAILED' },
    );
    const sentence = openFailure('/data', error, { ...process.versions, node: '22.23.5' });
    expect(sentence).toMatch(
      /cannot load in this Node, 22\.23\.5 \(built for module version 115; this Node 22\.23\.5 needs 127\)/,
    );
    expect(sentence).toContain('npm run natives:node');
    expect(sentence).not.toMatch(/data directory/);
    expect(openFailure('/data', new Error('EACCES: permission denied'))).toBe(
      "cannot open Paddock's data directory /data: EACCES: permission denied",
    );
  });
});
