// `npm run lint` runs type-aware rules and React's rules of hooks on the sources: a promise nobody
// awaits or catches, and a hook called conditionally, fail the lint.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..', '..');
// With CI=true typescript-eslint infers a single run and builds its program from the files on disk,
// so text given to lintText would be linted as the file on disk is: the test turns that off.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { disallowAutomaticSingleRunInference: true } } },
});

async function rulesHit(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('type-aware lint and the rules of hooks', () => {
  it('fails a floating promise in the core', async () => {
    const text = 'async function later(): Promise<void> {}\nexport function now(): void {\n  later();\n}\n';
    expect(await rulesHit('src/main/environment.ts', text)).toContain('@typescript-eslint/no-floating-promises');
    const voided = text.replace('  later();', '  void later();');
    expect(await rulesHit('src/main/environment.ts', voided)).not.toContain('@typescript-eslint/no-floating-promises');
  }, 120_000);

  it('fails a hook called conditionally in the renderer', async () => {
    const text =
      "import { useState } from 'react';\nexport function Row({ open }: { open: boolean }) {\n  if (open) useState(0);\n  return null;\n}\n";
    expect(await rulesHit('src/renderer/src/components/EmptyState.tsx', text)).toContain('react-hooks/rules-of-hooks');
  }, 120_000);
});
