// Bypasses found by the second, corpus-driven review (corpus.test.ts runs the whole corpus through
// the CLI). Each was answered "auto" before its fix; real temp workspace, real files and links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/main/policy';
import { makeWorkspace, type Fixture } from './fixtures';

let fx: Fixture;
beforeAll(() => {
  fx = makeWorkspace();
});
afterAll(() => fx.cleanup());

const decide = (command: string, cwd?: string) => classifyCommand(command, fx.ctx('run', cwd));

/** [command, a phrase the reason must contain]. */
const FOUND: [string, string][] = [
  // npx's arguments were bounded by shape only: a link named in one is followed by the binary.
  ['npx vite build --outDir link', 'symbolic link'],
  ['npx vite --outDir=link', 'symbolic link'],
  ['npx vite -olink', 'symbolic link'],
  ['npx vite x:link', 'symbolic link'],
  ['npx vite dirlink/a.ts', 'symbolic link'],
  // Quotation marks the owner reads as quoting, and characters NFKC turns into shell syntax.
  ['cat \u201cb.txt notes.md\u201d', 'reads as a quote'],
  ['cat \u2018b.txt\u2019', 'reads as a quote'],
  ['grep \u00abx\u00bb b.txt', 'reads as a quote'],
  ['cat b.txt\uff1brm -rf .', 'shell syntax'],
  ['cat b.txt \uff5c sh', 'shell syntax'],
  ['cat b.txt\u037erm', 'shell syntax'],
  ['cat \uff04HOME', 'shell syntax'],
  // A command no card can show whole.
  [`echo ${'a'.repeat(5000)}`, 'characters long'],
  // Go reads a word without `./` as an import path: the standard library's, or a module's.
  ['go test net/...', 'not a directory of the project'],
  ['go test crypto', 'not a directory of the project'],
  ['go test github.com/evil/pkg/...', 'import path'],
  ['go vet b.txt', 'import path'],
  // unittest and pytest -p import the module they name: `antigravity` opens a browser.
  ['python -m unittest antigravity', 'not a module of the project'],
  ['python3 -m unittest tests.test_x http', 'not a module of the project'],
  ['pytest -p antigravity tests', 'not a module of the project'],
  ['pytest -qpantigravity', 'not a module of the project'],
  ['python -m pytest -p=webbrowser', 'not a module of the project'],
];

describe('bypasses found in the second review, now gated', () => {
  it.each(FOUND)('%s is gated', (command, named) => {
    const d = decide(command);
    expect(d.tier).toBe('gated');
    expect(d.reason).toContain(named);
  });

  it('the table’s own forms next to them stay auto', () => {
    for (const command of [
      'npx vite build --outDir dist', 'npx vite -o dist', 'npx vite src', 'cat b.txt', 'echo é 日本語', 'grep "a b" b.txt',
      'go test ./...', 'go test pkg/...', 'go test ./pkg', 'go vet pkg', 'python -m unittest tests.test_x', 'python -m unittest',
      'python -m unittest discover', 'pytest -p no:cacheprovider tests', 'pytest -k name tests', 'pytest -kp tests',
    ]) {
      expect(decide(command).tier, command).toBe('auto');
    }
  });
});
