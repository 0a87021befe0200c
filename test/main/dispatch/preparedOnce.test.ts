// A call is prepared once: the dispatcher reads a command (its words, its parse, its containment
// decision) and resolves a file tool's path once, and hands that one value to the tier, the card,
// the checkpoint and the run. Counted with spies on the real modules (every caller outside the
// module goes through them); the call itself runs for real: real core, real files, real sandbox.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadShellGrammar, shellParser } from '../../../src/main/policy/shellGrammar';
import { createBashTool } from '../../../src/main/tools/bash';
import { createOwnServices } from '../../../src/main/sandbox/ownServices';
import { sandboxStatus, testSandbox } from '../../support/sandbox';
import { removeTempDirs, tempDir, toolContext } from '../processes/helpers';
import { dispatchHarness } from './harness';

const counts = { lex: 0, parse: 0, decideContained: 0, containment: 0, ownScans: 0, resolved: [] as string[] };

vi.mock('../../../src/main/policy/lexer', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/main/policy/lexer')>();
  return { ...real, lexCommand: (command: string) => (counts.lex++, real.lexCommand(command)) };
});
vi.mock('../../../src/main/policy/contained', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/main/policy/contained')>();
  return {
    ...real,
    decideContained: (...args: Parameters<typeof real.decideContained>) => (
      counts.decideContained++,
      real.decideContained(...args)
    ),
  };
});
vi.mock('../../../src/main/sandbox/containment', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/main/sandbox/containment')>();
  return {
    ...real,
    containmentFor: (...args: Parameters<typeof real.containmentFor>) => (
      counts.containment++,
      real.containmentFor(...args)
    ),
  };
});
vi.mock('../../../src/main/sandbox/ownServices', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/main/sandbox/ownServices')>();
  // Each look at the agent's own services reads the running processes once: those reads are counted.
  return {
    ...real,
    createOwnServices: (deps: Parameters<typeof real.createOwnServices>[0]) =>
      real.createOwnServices({ ...deps, running: () => (counts.ownScans++, deps.running()) }),
  };
});
vi.mock('../../../src/main/workspace/resolve', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/main/workspace/resolve')>();
  return {
    ...real,
    resolveDetailed: (...args: Parameters<typeof real.resolveDetailed>) => (
      counts.resolved.push(args[1].path),
      real.resolveDetailed(...args)
    ),
    resolveIn: (...args: Parameters<typeof real.resolveIn>) => (
      counts.resolved.push(args[1].path),
      real.resolveIn(...args)
    ),
    resolveInsideWorkspace: (...args: Parameters<typeof real.resolveInsideWorkspace>) => (
      counts.resolved.push(args[1].path),
      real.resolveInsideWorkspace(...args)
    ),
  };
});
vi.mock('../../../src/main/policy/shellGrammar', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/main/policy/shellGrammar')>();
  // The parser the shell reader gets: the real one, its parses counted.
  return {
    ...real,
    shellParser: () => {
      const parser = real.shellParser();
      if (!parser) return null;
      return new Proxy(parser, {
        get: (target, key) =>
          key === 'parse'
            ? (...args: Parameters<typeof parser.parse>) => (counts.parse++, target.parse(...args))
            : Reflect.get(target, key, target),
      });
    },
  };
});

/** Whether this machine contains run mode's commands (then the contained rule decides: once). */
const contained = sandboxStatus().available ? 1 : 0;

function reset(): void {
  counts.lex = 0;
  counts.parse = 0;
  counts.decideContained = 0;
  counts.containment = 0;
  counts.ownScans = 0;
  counts.resolved = [];
}

afterEach(removeTempDirs);
beforeAll(async () => {
  await loadShellGrammar();
  expect(shellParser()).not.toBeNull();
});

async function harness(mode: 'run' | 'ask' = 'run') {
  const h = await dispatchHarness(tempDir('paddock-prepared-'), { mode });
  fs.writeFileSync(h.file('package.json'), JSON.stringify({ name: 'p', scripts: { test: 'echo tested' } }));
  return h;
}

describe('a call is prepared once', () => {
  it('run `npm test`: one lex and one containment decision for the tier, the checkpoint and the run', async () => {
    const h = await harness();
    reset();
    const result = await h.dispatch('run', { command: 'npm test' }).result;
    expect(result.ok).toBe(true);
    expect(counts.lex).toBe(1);
    expect(counts.containment).toBe(1);
    expect(counts.decideContained).toBe(contained);
    // The agent's own services: looked at once (contained), for the policy and the run's bridges alike.
    expect(counts.ownScans).toBe(contained);
  });

  it('run a chain: one parse and one containment decision, the card and the run included', async () => {
    const h = await harness();
    fs.writeFileSync(h.file('.gitignore'), '.env\n');
    fs.writeFileSync(h.file('.env'), 'KEY=1\n');
    reset();
    // A card (a secrets file shown to the model when contained; a shell form when not), approved.
    const call = h.dispatch('run', { command: 'npm test 2>&1 | tail -5 && cat .env' });
    const card = await h.nextCard();
    h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash });
    await call.result;
    // Contained, the grammar reads the chain once; without a sandbox the lexer alone refuses it.
    expect(counts.parse).toBe(contained);
    expect(counts.decideContained).toBe(contained);
    expect(counts.containment).toBe(1);
    expect(counts.lex).toBe(1);
    // The card offered domains from the one decision; the run bridged what that one scan found.
    expect(counts.ownScans).toBe(contained);
  });

  it('a carded write resolves its path once, and its card and its run share that one resolution', async () => {
    const h = await harness('ask');
    fs.writeFileSync(h.file('notes.txt'), 'one\n');
    reset();
    const call = h.dispatch('write', { path: 'notes.txt', content: 'two\n' });
    const card = await h.nextCard();
    h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash });
    const result = await call.result;
    expect(result.ok).toBe(true);
    expect(fs.readFileSync(h.file('notes.txt'), 'utf8')).toBe('two\n');
    expect(counts.resolved.filter((p) => p === 'notes.txt')).toHaveLength(1);
  });

  it('a carded edit resolves its path once', async () => {
    const h = await harness('ask');
    fs.writeFileSync(h.file('notes.txt'), 'one\n');
    reset();
    const call = h.dispatch('edit', { path: 'notes.txt', old: 'one', new: 'uno' });
    const card = await h.nextCard();
    h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash });
    const result = await call.result;
    expect(result.ok).toBe(true);
    expect(fs.readFileSync(h.file('notes.txt'), 'utf8')).toBe('uno\n');
    expect(counts.resolved.filter((p) => p === 'notes.txt')).toHaveLength(1);
  });

  for (const mode of ['ask', 'run'] as const)
    it(`run in ${mode} mode resolves its cwd once, for the tier, the card and the run`, async () => {
      const h = await harness(mode);
      fs.mkdirSync(h.file('sub'));
      fs.writeFileSync(h.file('sub/here.txt'), 'x\n');
      reset();
      const call = h.dispatch('run', { command: 'ls', cwd: 'sub' });
      // A card or not (by the mode and this machine's sandbox), approved: the count covers the card too.
      const card = await Promise.race([h.nextCard(), call.result.then(() => null)]);
      if (card) h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash });
      const result = await call.result;
      expect(result.ok && result.text).toContain('here.txt');
      expect(counts.resolved.filter((p) => p === 'sub')).toHaveLength(1);
    });

  it('start computes its containment once', async () => {
    const h = await harness();
    reset();
    const call = h.dispatch('start', { name: 'once', command: 'echo ready' });
    // A card or not (by this machine's sandbox), approved: the count covers the card too.
    const card = await Promise.race([h.nextCard(), call.result.then(() => null)]);
    if (card) h.core.cards.answer({ cardId: card.id, decision: 'approve' });
    const started = await call.result;
    expect(started.ok).toBe(true);
    expect(counts.lex).toBe(1);
    expect(counts.containment).toBe(1);
  });

  it('bash computes its containment once for its tier, its card and its run', async () => {
    const tool = createBashTool({ sandbox: testSandbox() });
    const ctx = toolContext({ workspace: tempDir('paddock-ws-'), capturedPath: '/usr/bin:/bin', mode: 'ask' });
    reset();
    const prepared = tool.prepareCall!({ command: 'echo hi' }, ctx);
    await tool.tierFor({ command: 'echo hi' }, ctx, prepared);
    await tool.preview!({ command: 'echo hi' }, ctx, prepared);
    const result = await tool.run({ command: 'echo hi' }, ctx, prepared);
    expect(result.ok && result.text).toContain('hi');
    expect(counts.containment).toBe(1);
  });

  it('bash looks at the agent’s own services once for its tier, its card and its run', async () => {
    const ownServices = createOwnServices({
      running: () => [],
      socketFor: () => Promise.reject(new Error('no process to bridge')),
      listening: () => [],
      dir: path.join(tempDir('paddock-own-'), 'own'),
    });
    const tool = createBashTool({ sandbox: testSandbox(), ownServices });
    const ctx = toolContext({ workspace: tempDir('paddock-ws-'), capturedPath: '/usr/bin:/bin', mode: 'run' });
    reset();
    const prepared = tool.prepareCall!({ command: 'echo hi' }, ctx);
    await tool.tierFor({ command: 'echo hi' }, ctx, prepared);
    await tool.preview!({ command: 'echo hi' }, ctx, prepared);
    const result = await tool.run({ command: 'echo hi' }, ctx, prepared);
    expect(result.ok && result.text).toContain('hi');
    expect(counts.ownScans).toBe(contained);
  });
});

describe('what the owner approved is checked again at run time', () => {
  it('a file changed between the card and the run is refused, and left as it was changed', async () => {
    const h = await harness('ask');
    fs.writeFileSync(h.file('notes.txt'), 'one\n');
    const call = h.dispatch('write', { path: 'notes.txt', content: 'two\n' });
    const card = await h.nextCard();
    fs.writeFileSync(h.file('notes.txt'), 'changed meanwhile\n');
    h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash });
    const result = await call.result;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain('changed while you were deciding');
    expect(fs.readFileSync(h.file('notes.txt'), 'utf8')).toBe('changed meanwhile\n');
  });

  it('a file replaced (renamed over) between the card and the run is refused', async () => {
    const h = await harness('ask');
    fs.writeFileSync(h.file('notes.txt'), 'one\n');
    const call = h.dispatch('edit', { path: 'notes.txt', old: 'one', new: 'uno' });
    const card = await h.nextCard();
    // Same content, another file: the owner approved an edit of the file the card showed.
    fs.writeFileSync(h.file('other.txt'), 'one\n');
    fs.renameSync(h.file('other.txt'), h.file('notes.txt'));
    h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash });
    const result = await call.result;
    expect(result.ok).toBe(false);
    expect(fs.readFileSync(h.file('notes.txt'), 'utf8')).toBe('one\n');
  });

  it('a program replaced between the card and the run is refused, and never runs', async () => {
    const h = await harness('ask');
    fs.mkdirSync(h.file('bin'));
    fs.writeFileSync(h.file('bin/tool.sh'), '#!/bin/sh\necho approved\n', { mode: 0o755 });
    const call = h.dispatch('run', { command: './bin/tool.sh' });
    const card = await h.nextCard();
    expect(card.details?.join('\n')).toContain(path.join(fs.realpathSync(h.workspace), 'bin/tool.sh'));
    fs.writeFileSync(h.file('bin/other.sh'), `#!/bin/sh\necho swapped > ${h.file('ran.txt')}\n`, { mode: 0o755 });
    fs.renameSync(h.file('bin/other.sh'), h.file('bin/tool.sh'));
    h.core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash });
    const result = await call.result;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toContain('changed');
    expect(fs.existsSync(h.file('ran.txt'))).toBe(false);
  });
});
