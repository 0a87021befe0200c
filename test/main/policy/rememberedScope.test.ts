// The rule: a remembered command runs only inside the workspace it is bound to, and a flag is never
// a subcommand prefix (seed 003 §3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand, rememberChoices, type RememberedCommand } from '../../../src/main/policy';
import { makeWorkspace, type Fixture } from './fixtures';

let fx: Fixture;
beforeAll(() => {
  fx = makeWorkspace();
});
afterAll(() => fx.cleanup());

describe('remembered commands', () => {
  const npmTest: RememberedCommand[] = [];
  beforeAll(() => {
    npmTest.push({
      id: 1,
      agentId: 'a',
      directory: fx.paths.workspace,
      argv: ['npm', 'test'],
      kind: 'exact',
      createdAt: '',
    });
  });

  it('run only with a working directory inside the workspace', () => {
    for (const cwd of ['..', '../..', '/tmp', 'dirlink', '.git']) {
      for (const mode of ['edit', 'run'] as const) {
        const d = classifyCommand('npm test', fx.ctx(mode, cwd, npmTest));
        expect(d.tier, `${mode} ${cwd}`).toBe('gated');
        expect(d.reason).toContain('working directory');
      }
    }
    expect(classifyCommand('npm test', fx.ctx('edit', 'src', npmTest)).tier).toBe('auto');
  });

  it('a flag is never offered or honoured as a subcommand prefix', () => {
    expect(rememberChoices(['node', '--test', 'tests']).map((c) => c.kind)).toEqual(['exact']);
    expect(rememberChoices(['python3', '-m', 'http.server']).map((c) => c.kind)).toEqual(['exact']);
    const flagPrefix: RememberedCommand[] = [
      { id: 2, agentId: 'a', directory: fx.paths.workspace, argv: ['python3', '-m'], kind: 'prefix', createdAt: '' },
    ];
    expect(classifyCommand('python3 -m http.server', fx.ctx('edit', undefined, flagPrefix)).tier).toBe('gated');
  });
});
