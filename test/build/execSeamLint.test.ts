// The one exec seam (issue 13 §1) is a lint rule: child_process, node-pty and cluster are imported
// only by src/main/processes/spawn/. The real lint configuration, run on sample text as if it
// were each file; a type-only import stays allowed.
import path from 'node:path';
import { lintForTests } from '../support/lintForTests';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const eslint = lintForTests(ROOT);

async function seamErrors(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages
    .filter(
      (m) =>
        m.message.includes('Processes start only through src/main/processes/spawn/') ||
        /node-pty|child_process|cluster/.test(m.message),
    )
    .map((m) => m.ruleId ?? '');
}

const SPELLINGS = [
  "import { spawn } from 'node:child_process';\nspawn('x');\n",
  "import { execFile } from 'child_process';\nexecFile('x');\n",
  "import * as pty from 'node-pty';\npty.spawn('x', [], {});\n",
  "import cluster from 'node:cluster';\ncluster.fork();\n",
  "const cp = require('child_process');\ncp.spawn('x');\n",
  "export const load = () => import('node:child_process');\n",
];

describe('the exec seam lint', () => {
  it.each([
    'src/main/tools/run.ts',
    'src/main/sandbox/sandbox.ts',
    'src/main/preview/chromiumCapture.ts',
    'src/main/index.ts',
    'src/main/host/electron/window.ts',
    'src/preload/index.ts',
    'src/shared/ipc/contract.ts',
  ])(
    'refuses every spelling in %s',
    async (file) => {
      for (const code of SPELLINGS)
        expect((await seamErrors(code, file)).length, `${file}: ${code}`).toBeGreaterThan(0);
    },
    60_000,
  );

  it('refuses them in the renderer too', async () => {
    for (const code of SPELLINGS.slice(0, 4))
      expect((await seamErrors(code, 'src/renderer/src/App.tsx')).length, code).toBeGreaterThan(0);
  }, 60_000);

  it('allows them in spawn.ts, and a type-only import anywhere', async () => {
    for (const code of SPELLINGS)
      expect(await seamErrors(code, 'src/main/processes/spawn/agentCommands.ts'), code).toEqual([]);
    expect(
      await seamErrors(
        "import type { ChildProcess } from 'node:child_process';\nexport type P = ChildProcess;\n",
        'src/main/tools/run.ts',
      ),
    ).toEqual([]);
  }, 60_000);
});
