// Issue 15 §8: in the renderer, features read stores and stores call api.ts. The lint refuses a
// feature or component that imports api.ts, and lets a store do it.
import path from 'node:path';
import { lintForTests } from '../support/lintForTests';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const PROBE = "import { call } from '../../api';\nexport const probe = call;\n";

async function restrictedImports(file: string, text: string): Promise<string[]> {
  const eslint = lintForTests(ROOT);
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the renderer data flow, enforced by npm run lint', () => {
  it('refuses api.ts in a feature and in a component', async () => {
    expect(await restrictedImports('src/renderer/src/features/conversation/Probe.tsx', PROBE)).toEqual([
      expect.stringContaining('Features read stores, and stores call api.ts'),
    ]);
    expect(
      await restrictedImports(
        'src/renderer/src/components/Probe.tsx',
        "import { call } from '../api';\nexport const probe = call;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets a store call api.ts', async () => {
    expect(
      await restrictedImports(
        'src/renderer/src/stores/useProbeStore.ts',
        "import { call } from '../api';\nexport const probe = call;\n",
      ),
    ).toEqual([]);
  });

  it('still keeps Node out of a feature', async () => {
    expect(
      await restrictedImports(
        'src/renderer/src/features/files/Probe.ts',
        "import fs from 'node:fs';\nexport const probe = fs;\n",
      ),
    ).toEqual([expect.stringContaining('no Node')]);
  });
});
