// A project's own virtualenv runs its tests without a card in run mode (issue 24 §4): detected at
// assignment, said on the card, its pytest and `python -m pytest` auto, bare `python3 -m pytest`
// given the venv's interpreter. A real venv (`python3 -m venv`), with the system's pytest visible
// through --system-site-packages (nothing can be installed offline here) and a bin/pytest written
// as pip writes its console scripts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectVirtualenv, tomlString } from '../../../src/main/owner/virtualenv';
import { lastRun } from '../../../src/main/store/testRuns';
import { createTempDirs } from '../../support/tempDirs';
import { dispatchHarness } from '../dispatch/harness';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

function systemPytest(): string | null {
  try {
    execFileSync('python3', ['-c', 'import pytest'], { stdio: 'ignore' });
    return null;
  } catch {
    return 'the system python3 has no pytest to show the venv';
  }
}
const missing = systemPytest();

function makeVenv(dir: string): void {
  execFileSync('python3', ['-m', 'venv', '--without-pip', '--system-site-packages', dir], { stdio: 'ignore' });
  const python = path.join(dir, 'bin', 'python');
  fs.writeFileSync(
    path.join(dir, 'bin', 'pytest'),
    `#!${python}\nimport sys\nfrom pytest import console_main\nif __name__ == '__main__':\n    sys.exit(console_main())\n`,
    { mode: 0o755 },
  );
}

// The test proves which interpreter ran it: the venv's, not the system's.
const TEST_FILE =
  "import sys\n\ndef test_runs_in_the_project_venv():\n    assert sys.prefix.endswith('.venv')\n\ndef test_more():\n    assert 1 == 1\n";

describe.skipIf(missing !== null)(`the project's .venv${missing ? ` (skipped: ${missing})` : ''}`, () => {
  it('is detected at assignment, said on the card, and runs pytest without a card in run mode', async () => {
    const h = await dispatchHarness(temp.make(), { mode: 'run', withWorkspace: false });
    makeVenv(h.file('.venv'));
    fs.writeFileSync(h.file('test_a.py'), TEST_FILE);

    const proposal = await h.core.assignment.propose(h.workspace);
    expect(proposal.ok && proposal.proposal.details.join('\n')).toMatch(
      /Python virtualenv: \.venv — its bin\/ comes first on PATH/,
    );
    const assigned = await h.core.assignment.assign(h.agent.id, h.workspace);
    expect(assigned).toMatchObject({ ok: true, workspace: { venv: h.file('.venv') } });

    for (const command of [
      '.venv/bin/pytest -q',
      '.venv/bin/python -m pytest -q',
      './.venv/bin/python3 -m pytest',
      'python3 -m pytest -q',
    ]) {
      const { result } = h.dispatch('run', { command });
      const done = await result;
      expect(h.core.cards.list(), command).toEqual([]);
      expect(done.ok && done.data, `${command}: ${done.ok ? done.text : done.error}`).toMatchObject({ exitCode: 0 });
      expect(lastRun(h.core.db, h.agent.id, h.workspace), command).toMatchObject({
        runner: 'pytest',
        passed: 2,
        failed: 0,
      });
    }
    await h.core.shutdown();
  }, 180_000);

  it('the venv python asks for anything but -m pytest|unittest, and a python that leads elsewhere is refused', async () => {
    // The run list's rule (seed 003 §5), which holds without the sandbox; with it, run decides by effect.
    const h = await dispatchHarness(temp.make(), {
      mode: 'run',
      withWorkspace: false,
      env: { PADDOCK_SANDBOX: 'off' },
    });
    makeVenv(h.file('.venv'));
    await h.core.assignment.assign(h.agent.id, h.workspace);

    const { result } = h.dispatch('run', { command: '.venv/bin/python -V' });
    const card = await h.nextCard();
    expect(card.reason).toMatch(
      /the virtualenv's python runs without a card only as `python -m pytest` or `python -m unittest`/,
    );
    // Approved, it runs with the venv's interpreter (not refused as a link leading outside).
    h.core.cards.answer({ cardId: card.id, decision: 'approve' });
    expect(await result).toMatchObject({ ok: true, data: { exitCode: 0 }, text: expect.stringMatching(/Python 3\./) });

    // The model rewrites the venv's python as a link to another program: no longer the project's interpreter.
    fs.rmSync(h.file('.venv/bin/python'));
    fs.symlinkSync('/bin/echo', h.file('.venv/bin/python'));
    // It cannot run as the project's program at all (a link leaving the workspace), so it is refused
    // at once, with no card that would offer an Approve that then fails.
    const relinked = await h.dispatch('run', { command: '.venv/bin/python -m pytest' }).result;
    expect(h.core.cards.list()).toEqual([]);
    expect(relinked).toMatchObject({ ok: false, error: expect.stringMatching(/python/) });
    await h.core.shutdown();
  });
});

describe('detectVirtualenv', () => {
  const venvAt = (root: string, rel: string) => {
    fs.mkdirSync(path.join(root, rel, 'bin'), { recursive: true });
    fs.writeFileSync(path.join(root, rel, 'pyvenv.cfg'), 'home = /usr/bin\n');
    fs.symlinkSync('/usr/bin/python3', path.join(root, rel, 'bin', 'python'));
  };

  it('finds .venv, then venv; a configured one first', () => {
    const root = temp.make();
    expect(detectVirtualenv(root)).toBeNull();
    venvAt(root, 'venv');
    expect(detectVirtualenv(root)).toBe(path.join(root, 'venv'));
    venvAt(root, '.venv');
    expect(detectVirtualenv(root)).toBe(path.join(root, '.venv'));
    venvAt(root, 'envs/dev');
    fs.writeFileSync(
      path.join(root, 'pyproject.toml'),
      '[project]\nname = "x"\n\n[tool.hatch.envs.default]\npath = "envs/dev"\n',
    );
    expect(detectVirtualenv(root)).toBe(path.join(root, 'envs/dev'));
  });

  it('reads PDM’s .pdm-python', () => {
    const root = temp.make();
    venvAt(root, 'pdmenv');
    fs.writeFileSync(path.join(root, '.pdm-python'), `${root}/pdmenv/bin/python\n`);
    expect(detectVirtualenv(root)).toBe(path.join(root, 'pdmenv'));
  });

  it('refuses a venv outside the workspace, through a link, or without pyvenv.cfg', () => {
    const root = temp.make();
    const outside = temp.make();
    venvAt(outside, '.venv');
    fs.symlinkSync(path.join(outside, '.venv'), path.join(root, '.venv'));
    fs.writeFileSync(
      path.join(root, 'pyproject.toml'),
      `[tool.hatch.envs.default]\npath = "../${path.basename(outside)}/.venv"\n`,
    );
    expect(detectVirtualenv(root)).toBeNull();
    fs.mkdirSync(path.join(root, 'venv', 'bin'), { recursive: true });
    fs.symlinkSync('/usr/bin/python3', path.join(root, 'venv', 'bin', 'python'));
    expect(detectVirtualenv(root)).toBeNull();
  });

  it('tomlString reads one quoted value of one section', () => {
    expect(tomlString('[a]\npath = "x"\n[b]\npath = \'y\' # note\n', 'b', 'path')).toBe('y');
    expect(tomlString('[a]\nother = "x"\n', 'a', 'path')).toBeNull();
  });
});
