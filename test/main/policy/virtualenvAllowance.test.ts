// The project's virtualenv allowance (issue 24 §4, policy/virtualenv.ts): exactly <venv>/bin/pytest
// and <venv>/bin/python(3) -m pytest|unittest, read by the table's own pytest and python rows.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/main/policy';
import { makeWorkspace, type Fixture } from './fixtures';

let fx: Fixture;
let venv: string;
beforeEach(() => {
  fx = makeWorkspace();
  venv = path.join(fx.paths.workspace, '.venv');
  fs.mkdirSync(path.join(venv, 'bin'), { recursive: true });
  fs.writeFileSync(path.join(venv, 'pyvenv.cfg'), 'home = /usr/bin\n');
  fs.symlinkSync(fs.realpathSync('/usr/bin/python3'), path.join(venv, 'bin', 'python3'));
  fs.symlinkSync('python3', path.join(venv, 'bin', 'python'));
  fs.writeFileSync(path.join(venv, 'bin', 'pytest'), `#!${venv}/bin/python\n`, { mode: 0o755 });
  fs.writeFileSync(path.join(venv, 'bin', 'pip'), `#!${venv}/bin/python\n`, { mode: 0o755 });
  fs.mkdirSync(path.join(fx.paths.workspace, 'sub'), { recursive: true });
  fs.writeFileSync(path.join(fx.paths.workspace, 'test_a.py'), 'def test_a(): pass\n');
});
afterEach(() => fx.cleanup());

const tier = (command: string, cwd?: string, withVenv = true) =>
  classifyCommand(command, { ...fx.ctx('run', cwd), venv: withVenv ? venv : undefined });

describe("the project's virtualenv runs its tests without a card", () => {
  it.each([
    ['.venv/bin/pytest'],
    ['.venv/bin/pytest -q -x test_a.py'],
    ['./.venv/bin/pytest -k fast'],
    ['.venv/bin/python -m pytest -q'],
    ['.venv/bin/python3 -m pytest'],
    ['.venv/bin/python -m unittest'],
  ])('%s is auto', (command) => {
    expect(tier(command)).toMatchObject({
      tier: 'auto',
      reason: expect.stringMatching(
        /with the project's virtualenv \(\.venv\/bin\/python3?|with the project's virtualenv \(\.venv\/bin\/pytest\)/,
      ),
    });
  });

  it('from a subdirectory, spelled from there', () => {
    expect(tier('../.venv/bin/pytest', 'sub').tier).toBe('auto');
  });

  it.each([
    ['.venv/bin/pytest --cov=/etc', /--cov/],
    ['.venv/bin/pytest @args.txt', /@/],
    ['.venv/bin/pytest /etc', /outside|absolute/],
    ['.venv/bin/python -m black .', /runs without a card only as/],
    ['.venv/bin/python -c pass', /runs without a card only as/],
    ['.venv/bin/python', /runs without a card only as/],
    ['.venv/bin/pip install x', /is a path/],
  ])('%s asks', (command, reason) => {
    expect(tier(command)).toMatchObject({ tier: 'gated', reason: expect.stringMatching(reason) });
  });

  it('without a detected virtualenv the same command is a path program and asks', () => {
    expect(tier('.venv/bin/pytest', undefined, false)).toMatchObject({
      tier: 'gated',
      reason: expect.stringMatching(/is a path/),
    });
  });

  it('a pytest that is a link, a python that leads to another program, or a venv without pyvenv.cfg asks', () => {
    fs.rmSync(path.join(venv, 'bin', 'pytest'));
    fs.symlinkSync('/bin/sh', path.join(venv, 'bin', 'pytest'));
    expect(tier('.venv/bin/pytest')).toMatchObject({
      tier: 'gated',
      reason: expect.stringMatching(/not a regular file of the project/),
    });
    fs.rmSync(path.join(venv, 'bin', 'python3'));
    fs.symlinkSync('/bin/sh', path.join(venv, 'bin', 'python3'));
    expect(tier('.venv/bin/python -m pytest')).toMatchObject({
      tier: 'gated',
      reason: expect.stringMatching(/which is not a Python interpreter/),
    });
    fs.rmSync(path.join(venv, 'pyvenv.cfg'));
    expect(tier('.venv/bin/python3 -m pytest')).toMatchObject({
      tier: 'gated',
      reason: expect.stringMatching(/no longer a virtualenv/),
    });
  });

  it('another directory named like a venv is not the detected one', () => {
    fs.cpSync(venv, path.join(fx.paths.workspace, 'other'), { recursive: true, verbatimSymlinks: true });
    expect(tier('other/bin/pytest').tier).toBe('gated');
  });
});
