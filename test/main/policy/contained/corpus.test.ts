// The contained-mode corpus (corpus.ts) through the decision: every attack is a card with its
// rule's code, every harmless command runs contained without one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideContained } from '../../../../src/main/policy/contained';
import { loadShellGrammar } from '../../../../src/main/policy/shellGrammar';
import {
  ALWAYS_CARD,
  CONTINUATIONS,
  HARMLESS,
  LOSSES,
  NETWORK,
  PLACES_OUTSIDE,
  SANDBOX_CANNOT,
  SECRETS,
  SHELL_CONSTRUCTS,
  type Row,
} from './corpus';
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
  ['files other programs run as the owner later', ALWAYS_CARD],
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

// With bubblewrap, /tmp inside is the agent's own directory: a path there under a name the machine
// does not have is the agent's scratch. Every attack stays the card it was; scratch files run.
const SCRATCH = `/tmp/paddock-agent-scratch-${process.pid}-7c1f`;

function decideWithPrivateTmp(command: string, cwd?: string) {
  return decideContained(fillPlaceholders(command, fx.places), {
    paths: fx.paths,
    cwd,
    allowedDomains: [],
    privateTmp: true,
  });
}

describe.each(ATTACKS)('with a private /tmp, contained mode still cards %s', (_kind, rows) => {
  it.each(rows.map((r) => [r[0], r[1], r[2]] as const))('%j is a card (%s)', (command, code, cwd) => {
    expect(decideWithPrivateTmp(command, cwd)).toMatchObject({ tier: 'gated', code });
  });
});

describe('with a private /tmp', () => {
  it.each([
    `ls > ${SCRATCH}.txt`,
    `npm test > ${SCRATCH}.log 2>&1; tail -20 ${SCRATCH}.log`,
    `cat ${SCRATCH}.log`,
    `mkdir -p ${SCRATCH}/build && cp b.txt ${SCRATCH}/build/`,
    `python3 -c "print(1)" > ${SCRATCH}.out`,
    // A patch the line writes into its scratch is read as it writes it.
    `cat > ${SCRATCH}.patch <<'EOF'\n--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-# readme\n+# read me\nEOF\npatch -p1 < ${SCRATCH}.patch`,
  ])("%j runs contained (the agent's scratch)", (command) => {
    expect(decideWithPrivateTmp(command)).toMatchObject({ tier: 'auto' });
  });

  it.each([
    ['cat /tmp', 'place-outside'],
    [`cat ${SCRATCH}/../../etc/passwd`, 'place-outside'],
    ['cp .env ' + `${SCRATCH}.txt`, 'shows-secret'],
    [
      `cat > ${SCRATCH}.patch <<'EOF'\n--- a/debug.log\n+++ b/debug.log\n@@ -1 +1 @@\n-log line\n+x\nEOF\npatch -p1 < ${SCRATCH}.patch`,
      'irreversible-loss',
    ],
    [`git apply ${SCRATCH}.patch`, 'irreversible-loss'],
  ] as const)('%j is still a card (%s)', (command, code) => {
    expect(decideWithPrivateTmp(command)).toMatchObject({ tier: 'gated', code });
  });

  it('a name the machine has under /tmp is judged as any path outside (another program’s files)', () => {
    expect(decideWithPrivateTmp(`cat ${fx.places.out}/data.txt`)).toMatchObject({
      tier: 'gated',
      code: 'place-outside',
    });
  });
});
