// Each run-list row carries its proof (issue 15 item 5, like Codex's should_match / should_not_match):
// every row's `examples.auto` is auto in run mode in the fixture workspace, and every `examples.gated`
// is gated with the code the row names. Adding a program adds its examples, and this test reads them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/main/policy';
import { FIND_EXAMPLES } from '../../../src/main/policy/find';
import { MODULE_ONLY, PYTHON_EXAMPLES, RUN_LIST } from '../../../src/main/policy/runList';
import type { RowExamples } from '../../../src/main/policy/types';
import { makeWorkspace, type Fixture } from './fixtures';

let fx: Fixture;
beforeAll(() => {
  fx = makeWorkspace();
});
afterAll(() => fx.cleanup());

const rows: [string, RowExamples][] = [
  ...[...RUN_LIST.values()].map((g): [string, RowExamples] => [g.name, g.examples]),
  ['find', FIND_EXAMPLES],
  ['python', PYTHON_EXAMPLES],
];

describe('every run-list row proves itself with its own examples', () => {
  for (const [name, examples] of rows) {
    it(`${name}: its auto examples are auto and its gated examples are gated with their code`, () => {
      for (const command of examples.auto) {
        const d = classifyCommand(command, fx.ctx('run'));
        expect({ command, tier: d.tier, code: d.code, reason: d.reason }).toMatchObject({
          tier: 'auto',
          code: 'on-run-list',
        });
      }
      for (const [command, code] of examples.gated) {
        const d = classifyCommand(command, fx.ctx('run'));
        expect({ command, tier: d.tier, code: d.code, reason: d.reason }).toMatchObject({ tier: 'gated', code });
        // The sentence names the program the card is about.
        expect(d.reason.length, command).toBeGreaterThan(10);
      }
    });
  }

  it('every row has at least one gated example, and every listed program at least one auto example', () => {
    for (const [name, examples] of rows) {
      expect(examples.gated.length, name).toBeGreaterThan(0);
      if (!MODULE_ONLY.has(name)) expect(examples.auto.length, name).toBeGreaterThan(0);
    }
  });

  it('every auto example is gated in ask and edit mode', () => {
    for (const [, examples] of rows) {
      for (const command of examples.auto) {
        expect(classifyCommand(command, fx.ctx('ask')).code, command).toBe('ask-mode');
        expect(classifyCommand(command, fx.ctx('edit')).code, command).toBe('edit-mode');
      }
    }
  });
});
