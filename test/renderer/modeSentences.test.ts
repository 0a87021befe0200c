// Run mode is told as it decides: with the sandbox containing the agent's commands, by what a
// command needs; without it, or with "Run list only", by the run list.
import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../../src/shared/ipc';
import { modeChoice, modeSentence, runsByEffect } from '../../src/renderer/src/lib/modeSentences';

function info(contained: boolean, choices?: { uncontainedShell?: boolean; runListOnly?: boolean }): AppInfo {
  const agents = choices
    ? { a1: { allowedDomains: [], uncontainedShell: false, runListOnly: false, ...choices } }
    : ({} as AppInfo['sandbox']['agents']);
  return { sandbox: { contained, line: '', warning: null, agents, agentLines: {} } } as unknown as AppInfo;
}

describe('whether run mode decides by effect', () => {
  it.each([
    ['contained, default choices', info(true), true],
    ['contained, choices saved', info(true, {}), true],
    ['not contained', info(false), false],
    ['contained, the shell uncontained', info(true, { uncontainedShell: true }), false],
    ['contained, run list only', info(true, { runListOnly: true }), false],
    ['nothing known yet', null, false],
  ])('%s', (_name, given, expected) => expect(runsByEffect(given, 'a1')).toBe(expected));
});

describe('the sentences', () => {
  it('name the run list only where it decides', () => {
    expect(modeSentence('run', false)).toContain('the run list’s commands');
    expect(modeSentence('run', true)).not.toContain('run list');
    expect(modeSentence('run', true)).toContain('in the sandbox; what it cannot contain asks');
  });

  it('read the same in the first run, with each danger said', () => {
    const run = modeChoice('run', { byEffect: true, shellGranted: false });
    for (const need of ['in the sandbox', 'outside the folder', 'the network', 'secrets file', 'no undo restores'])
      expect(run.line).toContain(need);
    expect(run.danger).toContain('contained');
    expect(modeChoice('run', { byEffect: false, shellGranted: false }).line).toBe(
      'Edits and the run list’s commands happen at once; everything else asks.',
    );
    expect(modeChoice('run', { byEffect: false, shellGranted: false }).danger).toContain('as you');
    expect(modeChoice('run', { byEffect: true, shellGranted: true }).danger).toContain('any command as you');
    expect(modeChoice('ask', { byEffect: true, shellGranted: false }).line).toBe(
      'Every write and every command asks you first.',
    );
  });
});
