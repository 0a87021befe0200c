// Words that are the names of Object.prototype's members (constructor, toString, __proto__, …):
// every table the rules look a word up in answers "not listed" for them, as for any other unknown
// word. Read through a plain object literal, `TABLE['constructor']` is Object itself: a card read
// "function Object() { [native code] }", `rg -t constructor` was undecidable, and a file named
// `__proto__` read as an always-card path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/main/policy/classify';
import { loadShellGrammar } from '../../../src/main/policy/shellGrammar';
import { setAsideOf } from '../../../src/main/git/setAside';
import { classifyRun } from '../../../src/main/testRuns/detect';
import { isAlwaysCardPath } from '../../../src/main/workspace/alwaysCard';
import { wordTable } from '../../../src/shared/wordTable';
import { makeContainedWorkspace } from './contained/workspace';

const NAMES = [
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__proto__',
  '__defineGetter__',
  '__lookupSetter__',
];

const SHAPES = [
  (p: string) => p,
  (p: string) => `${p} x`,
  (p: string) => `ls | ${p}`,
  (p: string) => `npm ${p}`,
  (p: string) => `git ${p}`,
  (p: string) => `cargo ${p}`,
  (p: string) => `python3 -m ${p}`,
  (p: string) => `rg -t ${p} x`,
  (p: string) => `rg --type=${p} x .`,
  (p: string) => `find . -name ${p}`,
  (p: string) => `cat ${p}`,
  (p: string) => `echo x > ${p}`,
  (p: string) => `pip install ${p}`,
  (p: string) => `${p}=1 ls`,
];

/** What a reason reads like when a table lookup returned one of Object.prototype's members. */
const LEAKED = /native code|\[object Object\]|could not be decided|is not a function/;

let fx: ReturnType<typeof makeContainedWorkspace>;
beforeAll(async () => {
  await loadShellGrammar();
  fx = makeContainedWorkspace();
});
afterAll(() => fx.cleanup());

describe('the names of Object.prototype’s members, as words of a command', () => {
  it('are read as any unknown word, with or without the sandbox', () => {
    for (const name of NAMES) {
      for (const shape of SHAPES) {
        const command = shape(name);
        for (const contained of [{ allowedDomains: [] }, undefined]) {
          const d = classifyCommand(command, { ...fx.ctx('run'), contained });
          expect(d.reason, `${contained ? 'contained' : 'run list'}: ${command}`).not.toMatch(LEAKED);
        }
      }
    }
  });

  it('an unknown program of that name asks, naming why as for any other unknown program', () => {
    const d = classifyCommand('constructor', fx.ctx('run'));
    expect(d).toMatchObject({ tier: 'gated', code: 'not-on-run-list' });
    expect(d.reason).toBe('constructor is not on the run list');
  });

  it('a type filter of that name is decided as a type rg does not know', () => {
    const ctx = { ...fx.ctx('run'), contained: { allowedDomains: [] } };
    for (const name of NAMES) {
      const { tier, code, reason } = classifyCommand(`rg -t ${name} x`, ctx);
      const unknown = classifyCommand('rg -t nosuchtype x', ctx);
      expect({ tier, code }, name).toEqual({ tier: unknown.tier, code: unknown.code });
      expect(reason).not.toMatch(LEAKED);
    }
  });

  it('is no always-card path', () => {
    for (const name of NAMES) {
      expect(isAlwaysCardPath(name), name).toBeNull();
      expect(isAlwaysCardPath(`src/${name}`), name).toBeNull();
      expect(isAlwaysCardPath(`${name}/x`), name).toBeNull();
    }
  });
});

describe('the names of Object.prototype’s members, as names of folders and programs elsewhere', () => {
  it('a folder of that name is not set aside as build output, and a program of that name is no test runner', () => {
    for (const name of NAMES) {
      expect(setAsideOf(`${name}/a.txt`, fx.paths.workspace, new Map()), name).toBeNull();
      expect(classifyRun([name]), name).toBeNull();
    }
  });
});

describe('wordTable', () => {
  it('answers only its own entries, frozen', () => {
    const table = wordTable({ npm: 'fetches', git: 'pushes' });
    expect(table.npm).toBe('fetches');
    for (const name of NAMES) expect(table[name], name).toBeUndefined();
    expect(Object.isFrozen(table)).toBe(true);
    expect(Object.keys(table)).toEqual(['npm', 'git']);
  });
});
