// The argv a program sees inside the sandbox is exactly the classified argv (issue 13 §2): spaces,
// quotes, newlines, non-ASCII — bubblewrap execs it after `--`, no shell ever re-splits it.
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBounded } from '../../../src/main/processes/spawn';
import { detectSandbox } from '../../../src/main/sandbox/engine';
import { createSandbox } from '../../../src/main/sandbox/sandbox';
import { createTempDirs } from '../../support/tempDirs';

const status = detectSandbox();
const temp = createTempDirs('paddock-sbx-argv-');
let workspace = '';
let home = '';
let dataDir = '';

beforeAll(() => {
  workspace = temp.make();
  home = temp.make();
  dataDir = temp.make();
  fs.writeFileSync(
    path.join(workspace, 'echo-argv.cjs'),
    'process.stdout.write(JSON.stringify(process.argv.slice(2)));\n',
  );
});
afterAll(() => temp.cleanup());

// A word may hold anything but NUL (exec cannot carry it; the lexer refuses it before this point).
const word = fc.string({ unit: 'binary', maxLength: 12 }).filter((s) => !s.includes('\0'));
const special = fc.constantFrom(
  ' ',
  '"',
  "'",
  '\n',
  '$HOME',
  '`id`',
  '\\',
  '--',
  '-e',
  'é',
  '日本',
  '🙂',
  ';',
  '*',
  '',
);

describe.skipIf(!status.available)('contained argv', () => {
  it('is the classified argv, word for word', async () => {
    const sandbox = createSandbox({ status, home, dataDir });
    const wrap = sandbox.wrapperFor({ agentId: 'a1', workspace, allowedDomains: [] });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(word, special), { maxLength: 6 }), async (words) => {
        const result = await runBounded({
          program: process.execPath,
          args: [path.join(workspace, 'echo-argv.cjs'), ...words],
          cwd: workspace,
          env: { PATH: '/usr/bin:/bin', HOME: home },
          timeoutMs: 20_000,
          wrap,
          purpose: 'run',
        });
        expect(result.exitCode).toBe(0);
        expect(JSON.parse(result.output)).toEqual(words);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('is the classified argv through the proxy launcher too (allowed domains: sh -c … exec "$@")', async () => {
    const sandbox = createSandbox({ status, home, dataDir });
    const wrap = sandbox.wrapperFor({ agentId: 'a2', workspace, allowedDomains: ['registry.npmjs.org'] });
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.oneof(word, special), { maxLength: 6 }), async (words) => {
          const result = await runBounded({
            program: process.execPath,
            args: [path.join(workspace, 'echo-argv.cjs'), ...words],
            cwd: workspace,
            env: { PATH: '/usr/bin:/bin', HOME: home },
            timeoutMs: 20_000,
            wrap,
            purpose: 'run',
          });
          expect(result.exitCode).toBe(0);
          expect(JSON.parse(result.output)).toEqual(words);
        }),
        { numRuns: 15 },
      );
    } finally {
      await sandbox.close();
    }
  }, 120_000);
});
