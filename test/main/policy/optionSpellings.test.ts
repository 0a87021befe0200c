// The rule: each program's options are read the way its own parser reads them (SPEC §7) — `@file`
// expands to more arguments in argparse (pytest, mypy) and tsc, and mri, yargs and tsc read a letter
// only standing alone (`-tc x` is `-t --config x` to vitest).
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
  // argparse's fromfile_prefix_chars (pytest ≥ 8.2, mypy) and tsc's response files: `@file` is
  // every flag the table leaves out (`--basetemp=/` makes pytest delete it).
  ['pytest @args.txt', undefined, 'file of more arguments'],
  ['pytest -k @args.txt', undefined, 'file of more arguments'],
  ['python -m pytest @args.txt', undefined, 'file of more arguments'],
  ['python3 -m mypy @args.txt', undefined, 'file of more arguments'],
  ['mypy src @args.txt', undefined, 'file of more arguments'],
  ['tsc @args.txt', undefined, 'file of more arguments'],
  ['tsc -p @args.txt', undefined, 'file of more arguments'],
  // mri (vitest) and yargs (jest) read `-tc x` as `-t --config x`: a config file is code.
  ['vitest -tc run.js', undefined, '-t must stand alone'],
  ['vitest run -tr src', undefined, '-t must stand alone'],
  ['jest -tc run.js', undefined, '-t must stand alone'],
  // tsc reads `-project` as --project and `-pfoo` as an unknown option; only `-p value` is -p.
  ['tsc -project tsconfig.json', undefined, '-p must stand alone'],
];

describe('optionSpellings', () => {
  it.each(GATED)('%s (cwd %s) is gated', (command, cwd, named) => {
    const d = decide(command, cwd);
    expect(d.tier).toBe('gated');
    expect(d.reason).toContain(named);
  });

  it('the table’s own forms next to them stay auto', () => {
    fs.writeFileSync(path.join(fx.paths.workspace, 'sub/package.json'), '{}\n');
    try {
      for (const [command, cwd] of [
        ['pytest -q tests', undefined],
        ['pytest -p no:cacheprovider tests', undefined],
        ['mypy src', undefined],
        ['tsc --noEmit -p tsconfig.json', undefined],
        ['vitest run -t name src', undefined],
        ['vitest -t=name', undefined],
        ['jest -t name', undefined],
      ] as [string, string | undefined][]) {
        expect(decide(command, cwd).tier, command).toBe('auto');
      }
    } finally {
      fs.rmSync(path.join(fx.paths.workspace, 'sub/package.json'));
    }
  });
});
