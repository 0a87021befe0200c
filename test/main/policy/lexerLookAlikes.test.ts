// The rule: what the owner reads on a card is what the words are (SPEC §7) — a quotation mark that
// is not ASCII, a character NFKC turns into shell syntax, or a command longer than a card shows
// makes the command not plain.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/main/policy';
import { makeBypassWorkspace, type Fixture } from './fixtures';

let fx: Fixture;
beforeAll(() => {
  fx = makeBypassWorkspace();
});
afterAll(() => fx.cleanup());

const decide = (command: string, cwd?: string) => classifyCommand(command, fx.ctx('run', cwd));

/** [command, cwd, a phrase the reason must contain]. Each was answered "auto" before its fix. */
const GATED: [string, string | undefined, string][] = [
  // Quotation marks the owner reads as quoting, and characters NFKC turns into shell syntax.
  ['cat \u201cb.txt notes.md\u201d', undefined, 'reads as a quote'],
  ['cat \u2018b.txt\u2019', undefined, 'reads as a quote'],
  ['grep \u00abx\u00bb b.txt', undefined, 'reads as a quote'],
  ['cat b.txt\uff1brm -rf .', undefined, 'shell syntax'],
  ['cat b.txt \uff5c sh', undefined, 'shell syntax'],
  ['cat b.txt\u037erm', undefined, 'shell syntax'],
  ['cat \uff04HOME', undefined, 'shell syntax'],
  // A command no card can show whole.
  [`echo ${'a'.repeat(5000)}`, undefined, 'characters long'],
];

describe('lexerLookAlikes', () => {
  it.each(GATED)('%s (cwd %s) is gated', (command, cwd, named) => {
    const d = decide(command, cwd);
    expect(d.tier).toBe('gated');
    expect(d.reason).toContain(named);
  });

  it('the table’s own forms next to them stay auto', () => {
    fs.writeFileSync(path.join(fx.paths.workspace, 'sub/package.json'), '{}\n');
    try {
      for (const [command, cwd] of [
        ['cat b.txt', undefined],
        ['echo é 日本語', undefined],
        ['grep "a b" b.txt', undefined],
      ] as [string, string | undefined][]) {
        expect(decide(command, cwd).tier, command).toBe('auto');
      }
    } finally {
      fs.rmSync(path.join(fx.paths.workspace, 'sub/package.json'));
    }
  });
});
