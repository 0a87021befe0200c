// A workspace placed above deny-listed places (SPEC §4): no operand may name them, and no program
// that descends into directories (grep -r, rg, find) may start above them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/main/policy';
import type { ClassifyContext } from '../../../src/main/policy';

let home: string;
let ctx: (cwd?: string) => ClassifyContext;

beforeAll(() => {
  home = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-home-')));
  for (const rel of ['.ssh/id_ed25519', 'project/src/a.ts', 'project/b.txt', '.config/Paddock/paddock.db']) {
    fs.mkdirSync(path.dirname(path.join(home, rel)), { recursive: true });
    fs.writeFileSync(path.join(home, rel), 'x\n');
  }
  ctx = (cwd) => ({
    paths: { workspace: home, home, dataDir: path.join(home, '.config/Paddock') },
    cwd,
    mode: 'run',
    remembered: [],
  });
});
afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

const decide = (command: string, cwd?: string) => classifyCommand(command, ctx(cwd));

describe('a workspace that contains the owner’s home', () => {
  it('refuses an operand inside a denied place', () => {
    expect(decide('cat .ssh/id_ed25519').reason).toContain('~/.ssh');
    expect(decide('ls .ssh').tier).toBe('gated');
    expect(decide('cat .config/Paddock/paddock.db').reason).toContain("Paddock's own data directory");
  });

  it('refuses a recursive search that starts above one', () => {
    for (const command of [
      'grep -r x .',
      'grep -r x',
      'grep -rn x',
      'rg x',
      'rg x .',
      'find .',
      'find',
      'find . -name id_ed25519',
      'grep -r x .config',
    ]) {
      const d = decide(command);
      expect(d.tier, command).toBe('gated');
      expect(d.reason, command).toMatch(/would reach (~\/|Paddock's own data directory)/);
    }
  });

  it('lets a search below them, or a non-recursive read, through', () => {
    expect(decide('grep -r x project').tier).toBe('auto');
    expect(decide('rg x', 'project').tier).toBe('auto');
    expect(decide('find src -name *.ts', 'project').tier).toBe('auto');
    expect(decide('grep x project/b.txt').tier).toBe('auto');
    expect(decide('ls -la').tier).toBe('auto');
  });
});
