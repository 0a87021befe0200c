// The rule: npx runs only the project's own binary, and its arguments are bounded (seed 003 §5) —
// no absolute, climbing, .git or ~ piece in any spelling (attached short values, `@file`, `x:y`),
// no link named in one, and no directory passed over for the registry's package of that name.
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
  // npx: a short option's attached value (`-o/tmp/x`) and a response file (`@/etc/x`) are paths too.
  ['npx vite -o/tmp/x', undefined, 'absolute'],
  ['npx vite -vo/tmp/x', undefined, 'absolute'],
  ['npx vite -o../x', undefined, 'climbs'],
  ['npx vite -o.git/hooks/pre-commit', undefined, '.git'],
  ['npx vite @/etc/passwd', undefined, 'absolute'],
  // npx passes over a directory named like the binary and fetches the name from the registry.
  ['npx dirbin', undefined, 'would fetch and run'],
  // npx's arguments were bounded by shape only: a link named in one is followed by the binary.
  ['npx vite build --outDir link', undefined, 'symbolic link'],
  ['npx vite --outDir=link', undefined, 'symbolic link'],
  ['npx vite -olink', undefined, 'symbolic link'],
  ['npx vite x:link', undefined, 'symbolic link'],
  ['npx vite dirlink/a.ts', undefined, 'symbolic link'],
  // Fuzzing: a word that holds spaces is a command line to a binary that runs one (cross-env, concurrently).
  ['npx vite sh -c "cat /etc/passwd"', undefined, 'absolute'],
  ['npx vite "cat ../outside.txt"', undefined, 'climbs'],
  ['npx vite "x\t/etc/passwd"', undefined, 'not a plain command'],
  // Fuzzing: code in a data: URL (the seed's own `node --import=data:` failure), percent-encoded past the lexer.
  ['npx vite --import=data:text/javascript,import%20x', undefined, 'data:'],
  ['npx vite "import \'DATA:text/javascript,x\'"', undefined, 'data:'],
];

describe('npxArguments', () => {
  it.each(GATED)('%s (cwd %s) is gated', (command, cwd, named) => {
    const d = decide(command, cwd);
    expect(d.tier).toBe('gated');
    expect(d.reason).toContain(named);
  });

  it('the table’s own forms next to them stay auto', () => {
    fs.writeFileSync(path.join(fx.paths.workspace, 'sub/package.json'), '{}\n');
    try {
      for (const [command, cwd] of [
        ['npx vite build --outDir dist', undefined],
        ['npx vite -o dist', undefined],
        ['npx vite src', undefined],
      ] as [string, string | undefined][]) {
        expect(decide(command, cwd).tier, command).toBe('auto');
      }
    } finally {
      fs.rmSync(path.join(fx.paths.workspace, 'sub/package.json'));
    }
  });
});
