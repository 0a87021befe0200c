// Run mode is told as it decides: with the sandbox containing the agent's commands, by what a
// command needs; without it, or with "Run list only", by the run list (the core says which).
import { describe, expect, it } from 'vitest';
import type { AppInfo } from '../../src/shared/ipc';
import { modeChoice, modeSentence, runsByEffect } from '../../src/renderer/src/lib/modeSentences';

function info(runsByEffect: Record<string, boolean>): AppInfo {
  return {
    sandbox: { contained: true, line: '', warning: null, agents: {}, agentLines: {}, runsByEffect },
  } as unknown as AppInfo;
}

describe('whether run mode decides by effect', () => {
  // The rule is the core's (sandbox/containment.ts runsByEffect, tested there): the window reads it.
  it.each([
    ['the core says by effect', info({ a1: true }), true],
    ['the core says by the run list', info({ a1: false }), false],
    ['an agent the core has not described yet', info({}), false],
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
