// The contained-mode corpus (corpus.ts) through the decision: every attack is a card with its
// rule's code, every harmless command runs contained without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideContained } from '../../../../src/main/policy/contained';
import { loadShellGrammar } from '../../../../src/main/policy/shellGrammar';
import { CONTINUATIONS, HARMLESS, LOSSES, NETWORK, PLACES_OUTSIDE, SANDBOX_CANNOT, SECRETS, SHELL_CONSTRUCTS, type Row } from './corpus';
import { fillPlaceholders, makeContainedWorkspace } from './workspace';

let fx: ReturnType<typeof makeContainedWorkspace>;
beforeAll(async () => {
  await loadShellGrammar();
  fx = makeContainedWorkspace();
});
afterAll(() => fx.cleanup());

function decide(command: string, cwd?: string) {
  return decideContained(fillPlaceholders(command, fx.places), { paths: fx.paths, cwd, allowedDomains: [] });
}

const ATTACKS: [string, readonly Row[]][] = [
  ['places outside', PLACES_OUTSIDE],
  ['shell constructs', SHELL_CONSTRUCTS],
  ['the network', NETWORK],
  ['secrets', SECRETS],
  ['losses', LOSSES],
  ['what the sandbox cannot give', SANDBOX_CANNOT],
  ['line continuations inside a word', CONTINUATIONS],
];

describe.each(ATTACKS)('contained mode cards %s', (_kind, rows) => {
  it.each(rows.map((r) => [r[0], r[1], r[2]] as const))('%j is a card (%s)', (command, code, cwd) => {
    const d = decide(command, cwd);
    expect({ tier: d.tier, code: d.code, reason: d.reason }).toMatchObject({ tier: 'gated', code });
    expect(d.reason.length).toBeGreaterThan(10);
  });
});

describe('contained mode runs the harmless set without a card', () => {
  it.each(HARMLESS.map((r) => [r[0], r[1]] as const))('%j runs contained', (command, cwd) => {
    const d = decide(command, cwd);
    expect({ tier: d.tier, code: d.code, reason: d.reason }).toMatchObject({ tier: 'auto', code: 'contained' });
  });
});
