// Real projects through the real dispatcher in run mode (issue 24): npm test running vitest or
// mocha is recorded with the runner's own counts; a broken assertion gives 1; a syntax error is
// "not measurable", never 0. The runners are Paddock's own devDependencies, linked as the project's
// node_modules; the command and its environment are exactly what the model's `run` gets.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastRun } from '../../../src/main/store/testRuns';
import { failingTests } from '../../../src/main/testRuns/measure';
import { createTempDirs } from '../../support/tempDirs';
import { dispatchHarness } from '../dispatch/harness';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const OWN_MODULES = path.resolve(__dirname, '..', '..', '..', 'node_modules');

async function project(testScript: string, files: Record<string, string>) {
  // The runners are this repository's node_modules, linked in: outside the workspace, so outside what
  // the sandbox shows. These tests are about reading runners, so they run uncontained and approve
  // the card that containment's absence asks (issue 13 §4).
  const h = await dispatchHarness(temp.make(), { mode: 'run', env: { PADDOCK_SANDBOX: 'off' } });
  fs.writeFileSync(h.file('package.json'), JSON.stringify({ name: 'p', private: true, scripts: { test: testScript } }));
  fs.symlinkSync(OWN_MODULES, h.file('node_modules'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(h.file(name)), { recursive: true });
    fs.writeFileSync(h.file(name), text);
  }
  const run = async (command: string) => {
    const { result } = h.dispatch('run', { command, timeoutSeconds: 120 });
    const card = await h.nextCard();
    expect(card.reason).toMatch(/runs this project's own code/);
    h.core.cards.answer({ cardId: card.id, decision: 'approve' });
    return result;
  };
  const metric = () => failingTests(h.core.db, h.agent.id, h.workspace);
  return { h, run, metric, last: () => lastRun(h.core.db, h.agent.id, h.workspace) };
}

const VITEST_PASS =
  "import { it, expect } from 'vitest';\nit('works', () => expect(1).toBe(1));\nit('also works', () => expect(2).toBe(2));\nit.skip('later', () => expect(3).toBe(3));\n";
const MOCHA_PASS =
  "const assert = require('node:assert');\nit('works', () => assert.strictEqual(1, 1));\nit('also works', () => assert.strictEqual(2, 2));\nit.skip('later', () => {});\n";

describe('a vitest project', () => {
  it('reports its counts; a broken assertion gives 1 and the model sees which test; a syntax error is not measurable', async () => {
    const p = await project('vitest run', { 'a.test.mjs': VITEST_PASS });
    expect(await p.run('npm test')).toMatchObject({ ok: true, data: { exitCode: 0 } });
    expect(p.last()).toMatchObject({ runner: 'vitest', passed: 2, failed: 0, skipped: 1 });
    expect(p.metric()).toEqual({ measurable: true, failing: 0 });

    fs.writeFileSync(p.h.file('a.test.mjs'), `${VITEST_PASS}it('breaks', () => expect(1).toBe(2));\n`);
    const failed = await p.run('npm test');
    expect(failed).toMatchObject({ ok: true, data: { exitCode: 1 } });
    expect(failed.ok && failed.text).toMatch(/FAIL {1,2}a\.test\.mjs > breaks/);
    expect(p.last()).toMatchObject({ runner: 'vitest', passed: 2, failed: 1, skipped: 1 });
    expect(p.metric()).toEqual({ measurable: true, failing: 1 });

    fs.writeFileSync(
      p.h.file('a.test.mjs'),
      "import { it, expect } from 'vitest';\nit('works', () => expect(1).toBe(1);\n",
    );
    expect(await p.run('npm test')).toMatchObject({ ok: true, data: { exitCode: 1 } });
    expect(p.last()).toMatchObject({ runner: 'npm', failed: null });
    expect(p.metric()).toMatchObject({
      measurable: false,
      reason: expect.stringMatching(/failed without saying how many tests failed/),
    });
    await p.h.core.shutdown();
  });
});

describe('a mocha project', () => {
  it('reports "2 passing"; a broken assertion gives 1; a syntax error is not measurable', async () => {
    const p = await project('mocha', { 'test/a.js': MOCHA_PASS });
    expect(await p.run('npm test')).toMatchObject({ ok: true, data: { exitCode: 0 } });
    expect(p.last()).toMatchObject({ runner: 'mocha', passed: 2, failed: 0, skipped: 1 });
    expect(p.metric()).toEqual({ measurable: true, failing: 0 });

    fs.writeFileSync(p.h.file('test/a.js'), `${MOCHA_PASS}it('breaks', () => assert.strictEqual(1, 2));\n`);
    const failed = await p.run('npm test');
    expect(failed.ok && failed.text).toMatch(/1\) breaks:/);
    expect(p.last()).toMatchObject({ runner: 'mocha', passed: 2, failed: 1, skipped: 1 });
    expect(p.metric()).toEqual({ measurable: true, failing: 1 });

    fs.writeFileSync(p.h.file('test/a.js'), "it('works', () => {;\n");
    await p.run('npm test');
    expect(p.metric()).toMatchObject({ measurable: false });
    await p.h.core.shutdown();
  });
});

describe('node --test printing more than the 200 KB tail', () => {
  it("keeps the failing test's name, message and file:line ahead of the tail, and its count", async () => {
    const p = await project('node --test', {
      'a.test.mjs': [
        "import { test } from 'node:test';",
        "import assert from 'node:assert';",
        "test('breaks early', () => assert.strictEqual(1, 2));",
        'for (let i = 0; i < 3000; i += 1) test(`passes ${i}`, () => {});',
        '',
      ].join('\n'),
    });
    const done = await p.run('node --test');
    expect(done.ok && done.data).toMatchObject({ exitCode: 1 });
    const text = done.ok ? done.text : '';
    expect((done.ok && (done.data as { droppedBytes: number }).droppedBytes) || 0).toBeGreaterThan(0);
    expect(text).toMatch(
      /\[Paddock kept 1 failure block of node --test from the [\d.]+ KB of earlier output the tail does not show\]/,
    );
    expect(text).toMatch(/not ok 1 - breaks early\n {2}---\n[^]*location: '[^']*a\.test\.mjs:3:1'[^]*1 !== 2/);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(200 * 1024 + 400);
    expect(p.last()).toMatchObject({ runner: 'node', passed: 3000, failed: 1 });
    await p.h.core.shutdown();
  });
});
