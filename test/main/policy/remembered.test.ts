// Remembered commands (seed 003 §3): exact or program+subcommand, bound to the directory, auto in
// edit and run and never in ask, matched on the argv that would be spawned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classifyCommand,
  formatArgv,
  isRememberable,
  lexCommand,
  matchesRemembered,
  rememberChoices,
  type RememberedCommand,
} from '../../../src/main/policy';
import { makeWorkspace, type Fixture } from './fixtures';

let fx: Fixture;
beforeAll(() => {
  fx = makeWorkspace();
});
afterAll(() => fx.cleanup());

const entry = (argv: string[], kind: 'exact' | 'prefix', directory?: string): RememberedCommand => ({
  id: 1,
  agentId: 'agent',
  directory: directory ?? fx.paths.workspace,
  argv,
  kind,
  createdAt: '2025-01-01T00:00:00.000Z',
});

describe('matchesRemembered', () => {
  it('exact matches the whole argv and nothing else', () => {
    const e = entry(['npm', 'install', 'left-pad'], 'exact');
    expect(matchesRemembered(['npm', 'install', 'left-pad'], [e])).toBe(e);
    expect(matchesRemembered(['npm', 'install', 'left-pad', 'x'], [e])).toBeNull();
    expect(matchesRemembered(['npm', 'install'], [e])).toBeNull();
    expect(matchesRemembered(['npm', 'install', 'left-paD'], [e])).toBeNull();
  });

  it('prefix matches the program and subcommand', () => {
    const e = entry(['npm', 'install'], 'prefix');
    expect(matchesRemembered(['npm', 'install'], [e])).toBe(e);
    expect(matchesRemembered(['npm', 'install', 'left-pad'], [e])).toBe(e);
    expect(matchesRemembered(['npm', 'ci'], [e])).toBeNull();
    expect(matchesRemembered(['npm'], [e])).toBeNull();
    expect(matchesRemembered(['npx', 'install'], [e])).toBeNull();
  });

  it('a one-word prefix never matches (a one-word command is exact only)', () => {
    expect(matchesRemembered(['rm', '-rf', '.'], [entry(['rm'], 'prefix')])).toBeNull();
  });
});

describe('classifyCommand with remembered commands', () => {
  const remembered = () => [entry(['npm', 'install'], 'prefix'), entry(['rm', 'b.txt'], 'exact')];

  it('ask never runs them', () => {
    for (const command of ['npm install left-pad', 'rm b.txt', 'npm test']) {
      expect(classifyCommand(command, fx.ctx('ask', undefined, remembered())).tier).toBe('gated');
    }
  });

  it('edit and run run them, and say whose choice it was', () => {
    for (const mode of ['edit', 'run'] as const) {
      const d = classifyCommand('npm install left-pad', fx.ctx(mode, undefined, remembered()));
      expect(d).toMatchObject({ tier: 'auto', argv: ['npm', 'install', 'left-pad'] });
      expect(d.reason).toBe('you allowed `npm` with subcommand `install`, and any words after it in this workspace');
      expect(classifyCommand('rm b.txt', fx.ctx(mode, undefined, remembered())).reason).toBe(
        'you allowed exactly `rm b.txt` in this workspace',
      );
      expect(classifyCommand('rm -rf b.txt', fx.ctx(mode, undefined, remembered())).tier).toBe('gated');
    }
  });

  it('edit gates everything else, the run list included', () => {
    expect(classifyCommand('npm test', fx.ctx('edit')).tier).toBe('gated');
    expect(classifyCommand('npm test', fx.ctx('edit')).reason).toContain('edit mode');
  });

  it('is bound to the directory: a moved workspace starts with nothing remembered', () => {
    const elsewhere = [entry(['npm', 'install'], 'prefix', '/some/other/place')];
    expect(classifyCommand('npm install left-pad', fx.ctx('run', undefined, elsewhere)).tier).toBe('gated');
  });

  it('matches the argv that would be spawned: quoting cannot smuggle another argv, and non-plain never matches', () => {
    const rem = [entry(['echo', 'a b'], 'exact')];
    expect(classifyCommand('echo "a b"', fx.ctx('edit', undefined, rem)).tier).toBe('auto');
    expect(classifyCommand('echo a b', fx.ctx('edit', undefined, rem)).tier).toBe('gated');
    const prefix = [entry(['npm', 'install'], 'prefix')];
    expect(classifyCommand('npm install x; rm -rf ~', fx.ctx('run', undefined, prefix))).toMatchObject({
      tier: 'gated',
      argv: null,
    });
    expect(classifyCommand('npm install\tx', fx.ctx('run', undefined, prefix)).tier).toBe('gated');
  });
});

describe('what a card offers', () => {
  it('only a plain command can be remembered', () => {
    expect(isRememberable('npm install left-pad')).toBe(true);
    expect(isRememberable('npm install left-pad > x')).toBe(false);
    expect(isRememberable('npm\u00a0install')).toBe(false);
  });

  it('offers exactly this argv, and the program and subcommand when there are two words', () => {
    expect(rememberChoices(['npm', 'install', 'left-pad'])).toEqual([
      { kind: 'exact', argv: ['npm', 'install', 'left-pad'], sentence: 'exactly `npm install left-pad`' },
      { kind: 'prefix', argv: ['npm', 'install'], sentence: '`npm` with subcommand `install`, and any words after it' },
    ]);
    expect(rememberChoices(['make'])).toEqual([{ kind: 'exact', argv: ['make'], sentence: 'exactly `make`' }]);
  });

  it('formatArgv writes a command that lexes back to the same argv', () => {
    for (const argv of [
      ['echo', 'a b'],
      ['echo', "it's"],
      ['echo', `say "hi" it's`],
      ['grep', '-n', 'x'],
    ]) {
      const again = lexCommand(formatArgv(argv));
      expect(again).toEqual({ ok: true, argv });
    }
  });
});
