import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { localPlugin } from './eslint/layers.mjs';

// Layout rules (STYLE.md): electron only in the Electron host and the preload; no Node in the renderer.
const EXEC_SEAM_MESSAGE = 'Processes start only through src/main/processes/spawn/ (the sandbox seam, SPEC §14).';
const EXEC_SEAM_MODULES = ['child_process', 'node:child_process', 'node-pty', 'cluster', 'node:cluster'];
const EXEC_SEAM = EXEC_SEAM_MODULES.map((name) => ({ name, message: EXEC_SEAM_MESSAGE, allowTypeImports: true }));
// require('child_process') and import('node-pty') are the same second seam, by another spelling.
const EXEC_SEAM_MODULE_RE = `/^(node:)?(child_process|cluster)$|^node-pty$/`;
const EXEC_SEAM_SYNTAX = [
  {
    selector: `CallExpression[callee.name='require'][arguments.0.value=${EXEC_SEAM_MODULE_RE}]`,
    message: EXEC_SEAM_MESSAGE,
  },
  { selector: `ImportExpression[source.value=${EXEC_SEAM_MODULE_RE}]`, message: EXEC_SEAM_MESSAGE },
];

const RENDERER_NO_NODE = {
  group: ['node:*', 'electron', 'fs', 'path', 'child_process', 'node-pty', 'cluster', '**/main/**', '**/preload/**'],
  message: 'The renderer is untrusted display: no Node, no Electron, no core imports.',
};

const RAW_IPC = [
  {
    selector: "Identifier[name='ipcMain']",
    message: 'ipcMain appears only in src/main/host/electron/ipc.ts (the one IPC file).',
  },
  {
    selector: "MemberExpression[property.name='send'][object.property.name='webContents']",
    message: 'webContents.send appears only in src/main/host/electron/ipc.ts (the one IPC file).',
  },
  {
    selector: "MemberExpression[property.name='send'][object.name='webContents']",
    message: 'webContents.send appears only in src/main/host/electron/ipc.ts (the one IPC file).',
  },
];
const SQL_MESSAGE = 'SQL lives only in src/main/store/: call a repository (docs/architecture.md).';
const RAW_SQL = [
  { selector: "CallExpression[callee.property.name='prepare']", message: SQL_MESSAGE },
  {
    selector:
      'CallExpression[callee.property.name=/^(exec|pragma|transaction)$/][callee.object.name=/^(db|database)$/]',
    message: SQL_MESSAGE,
  },
  {
    selector:
      'CallExpression[callee.property.name=/^(exec|pragma|transaction)$/][callee.object.property.name=/^(db|database)$/]',
    message: SQL_MESSAGE,
  },
];

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'dist/**',
      'release/**',
      '.tmp/**',
      'test/fixtures/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['src/main/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['src/main/index.ts', 'src/main/host/electron/**', 'src/main/processes/spawn/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'The core runs without Electron: only src/main/index.ts and src/main/host/electron/ import it.',
            },
            ...EXEC_SEAM,
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...EXEC_SEAM_SYNTAX],
    },
  },
  {
    // The one exec seam (SPEC §14): every process starts in src/main/processes/spawn/, where the
    // sandbox wraps the agent's. Type imports are fine; a value import anywhere else is a second seam.
    files: ['src/main/index.ts', 'src/main/host/electron/**/*.ts', 'src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: EXEC_SEAM }],
      'no-restricted-syntax': ['error', ...EXEC_SEAM_SYNTAX],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: EXEC_SEAM,
          patterns: [
            {
              group: ['node:*', 'electron', 'react', 'react-dom'],
              message: 'src/shared is plain TypeScript: no node:*, electron or React.',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...EXEC_SEAM_SYNTAX],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [RENDERER_NO_NODE] }],
    },
  },
  {
    // React's rules of hooks: a hook called conditionally or with a stale dependency list is a bug
    // no test sees until the render order changes.
    files: ['src/renderer/**/*.tsx', 'src/renderer/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Type-aware rules: a promise nobody awaits or catches is an error nobody sees.
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { project: ['./tsconfig.node.json', './tsconfig.web.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // The renderer's data flow (issue 15 §8): features and components read stores, and stores call
    // api.ts. A feature that calls the core itself is a second place its state can come from.
    files: ['src/renderer/src/features/**/*.{ts,tsx}', 'src/renderer/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            RENDERER_NO_NODE,
            {
              group: ['**/api', '**/api.ts'],
              message: 'Features read stores, and stores call api.ts: put this call in the domain store.',
            },
          ],
        },
      ],
    },
  },
  {
    // The core's layers (issue 15): a file imports its own layer and those below (eslint/layers.mjs).
    files: ['src/main/**/*.ts', 'src/shared/**/*.ts'],
    plugins: { local: localPlugin },
    rules: { 'local/layers': 'error' },
  },
  {
    // Raw IPC only in the Electron host's IPC file (after GitHub Desktop), and SQL only in store/ (issue 15).
    // ESLint keeps only the last block's list for a rule, so each block repeats the exec seam's
    // require()/import() spellings: none of these files is in processes/spawn/.
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/host/electron/ipc.ts', 'src/main/store/**', 'src/main/processes/spawn/**'],
    rules: { 'no-restricted-syntax': ['error', ...RAW_IPC, ...RAW_SQL, ...EXEC_SEAM_SYNTAX] },
  },
  {
    files: ['src/main/processes/spawn/**'],
    rules: { 'no-restricted-syntax': ['error', ...RAW_IPC, ...RAW_SQL] },
  },
  {
    files: ['src/main/host/electron/ipc.ts'],
    rules: { 'no-restricted-syntax': ['error', ...RAW_SQL, ...EXEC_SEAM_SYNTAX] },
  },
  {
    files: ['src/main/store/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...RAW_IPC, ...EXEC_SEAM_SYNTAX] },
  },
);
