// Before the grammar has loaded (or when it failed to), a shell form is a card, never a guess;
// a command with no shell characters needs no grammar. (Its own file: the grammar is per process.)
import { describe, expect, it } from 'vitest';
import { decideContained } from '../../../../src/main/policy/contained';
import { readShellForm } from '../../../../src/main/policy/shellForm';
import { shellParser } from '../../../../src/main/policy/shellGrammar';

describe('without the grammar', () => {
  it('refuses every shell form, and reads a bare command', () => {
    expect(shellParser()).toBeNull();
    const form = readShellForm('npm test | head');
    expect(form).toMatchObject({ ok: false });
    if (!form.ok) expect(form.reason).toContain('not loaded');
    expect(readShellForm('npm test')).toMatchObject({ ok: true });
  });

  it('makes the contained decision a card that says why', () => {
    const paths = { workspace: process.cwd(), home: '/nonexistent-home', dataDir: '/nonexistent-data' };
    expect(decideContained('ls | wc -l', { paths, allowedDomains: [] })).toMatchObject({
      tier: 'gated',
      code: 'undecidable',
    });
  });
});
