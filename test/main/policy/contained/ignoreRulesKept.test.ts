// The contained rule's .gitignore rules, compiled once and kept across decisions (IgnoreRules),
// are kept only while the files are the same files with the same size and times: a .gitignore
// rewritten, grown, shrunk, replaced or removed between two decisions is read again, so a loss a
// checkpoint cannot undo is still a card (and a file no longer ignored no longer is).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../../src/main/policy/classify';
import { IgnoreRules } from '../../../../src/main/policy/ignoreRules';
import { loadShellGrammar } from '../../../../src/main/policy/shellGrammar';
import { makeWorkspace } from '../fixtures';

let fx: ReturnType<typeof makeWorkspace>;
beforeAll(async () => {
  await loadShellGrammar();
  fx = makeWorkspace();
});
afterAll(() => fx.cleanup());

describe('kept .gitignore rules', () => {
  it('follow every change of the file between decisions', () => {
    const ws = fx.paths.workspace;
    const gitignore = path.join(ws, '.gitignore');
    fs.writeFileSync(path.join(ws, 'notes.log'), 'kept nowhere else\n');
    fs.writeFileSync(path.join(ws, 'notes.txt'), 'tracked\n');
    const contained = { allowedDomains: [], ignoreRules: new IgnoreRules() };
    const decide = (command: string) => classifyCommand(command, { ...fx.ctx('run'), contained });

    fs.writeFileSync(gitignore, '*.log\n');
    expect(decide('rm notes.log')).toMatchObject({ tier: 'gated', code: 'irreversible-loss' });
    expect(decide('rm notes.txt')).toMatchObject({ tier: 'auto' });

    // Same size, other rules: read again.
    fs.writeFileSync(gitignore, '*.txt\n');
    expect(decide('rm notes.log')).toMatchObject({ tier: 'auto' });
    expect(decide('rm notes.txt')).toMatchObject({ tier: 'gated', code: 'irreversible-loss' });

    // Replaced by another file (renamed over).
    fs.writeFileSync(path.join(ws, 'other'), '*.log\n');
    fs.renameSync(path.join(ws, 'other'), gitignore);
    expect(decide('rm notes.log')).toMatchObject({ tier: 'gated', code: 'irreversible-loss' });

    // Removed: nothing is ignored.
    fs.rmSync(gitignore);
    expect(decide('rm notes.log')).toMatchObject({ tier: 'auto' });

    // .git/info/exclude is read with it, in the same way.
    fs.mkdirSync(path.join(ws, '.git', 'info'), { recursive: true });
    fs.writeFileSync(path.join(ws, '.git', 'info', 'exclude'), 'notes.txt\n');
    expect(decide('rm notes.txt')).toMatchObject({ tier: 'gated', code: 'irreversible-loss' });
  });
});
