// ESLint as `npm run lint` configures it, for tests that lint text under a made-up path
// (`src/main/policy/x.ts`). The type-aware rules need a file the TypeScript project holds, which a
// made-up path is not, so they are off here; every other rule is the project's own.
import { ESLint } from 'eslint';

export function lintForTests(cwd: string): ESLint {
  return new ESLint({
    cwd,
    overrideConfig: {
      languageOptions: { parserOptions: { project: null, projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
    },
  });
}
