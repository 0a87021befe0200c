// The rule: a program that walks directories never starts above a deny-listed place (SPEC §4) —
// with the workspace at the owner's home, `prettier --write .` would rewrite ~/.config/gh.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/main/policy';

describe('a workspace at the owner’s home: programs that walk directories start below the deny list', () => {
  let home: string;
  beforeAll(() => {
    home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-review-home-')));
    for (const rel of [
      '.config/gh/hosts.yml',
      '.ssh/id_ed25519',
      'project/src/a.ts',
      'project/tests/test_x.py',
      'project/go.mod',
    ]) {
      fs.mkdirSync(path.dirname(path.join(home, rel)), { recursive: true });
      fs.writeFileSync(path.join(home, rel), 'x\n');
    }
  });
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));
  const inHome = (command: string, cwd?: string) =>
    classifyCommand(command, {
      paths: { workspace: home, home, dataDir: path.join(home, '.config/paddock') },
      cwd,
      mode: 'run',
      remembered: [],
    });

  it('prettier --write . would rewrite ~/.config/gh; each such walk is gated', () => {
    for (const command of [
      'prettier --write .',
      'prettier --check .',
      'eslint --fix',
      'eslint --fix .',
      'ruff check --fix',
      'ruff format .',
      'black .',
      'mypy .',
      'pytest',
      'pytest .',
      'python -m pytest',
      'go fmt ./...',
      'node --test',
      'vitest run',
      'vitest run project',
      'jest',
      'tsc',
    ]) {
      const d = inHome(command);
      expect(d.tier, command).toBe('gated');
      expect(d.reason, command).toMatch(/would reach ~\//);
    }
  });

  it('the same commands below the denied places are auto', () => {
    for (const command of [
      'prettier --write src',
      'eslint --fix',
      'ruff format .',
      'pytest tests',
      'vitest run',
      'node --test',
      'go fmt ./...',
    ]) {
      expect(inHome(command, 'project').tier, command).toBe('auto');
    }
    expect(inHome('prettier --write project/src').tier).toBe('auto');
  });
});
