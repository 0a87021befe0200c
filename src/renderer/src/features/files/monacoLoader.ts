// Monaco is bundled with the app and loaded only when a file or a diff is first shown, so the window
// starts fast. No CDN (script-src 'self'): @monaco-editor/react's default loader is never used, and the
// workers are Vite `?worker` bundles served from the app itself (worker-src 'self' blob:).
import type * as MonacoApi from 'monaco-editor';

export type Monaco = typeof MonacoApi;

let loading: Promise<Monaco> | null = null;

export function loadMonaco(): Promise<Monaco> {
  loading ??= (async () => {
    const [editor, json, css, html, ts] = await Promise.all([
      import('monaco-editor/editor/editor.worker?worker'),
      import('monaco-editor/language/json/json.worker?worker'),
      import('monaco-editor/language/css/css.worker?worker'),
      import('monaco-editor/language/html/html.worker?worker'),
      import('monaco-editor/language/typescript/ts.worker?worker'),
    ]);
    self.MonacoEnvironment = {
      getWorker(_workerId: string, label: string): Worker {
        if (label === 'json') return new json.default();
        if (label === 'css' || label === 'scss' || label === 'less') return new css.default();
        if (label === 'html' || label === 'handlebars' || label === 'razor') return new html.default();
        if (label === 'typescript' || label === 'javascript') return new ts.default();
        return new editor.default();
      },
    };
    const monaco = await import('monaco-editor');
    // A viewer, not an IDE: the workspace's imports cannot be resolved here, so semantic errors
    // would be noise on every file. Syntax colouring stays.
    const noSemantics = { noSemanticValidation: true, noSyntaxValidation: false };
    monaco.typescript?.typescriptDefaults?.setDiagnosticsOptions(noSemantics);
    monaco.typescript?.javascriptDefaults?.setDiagnosticsOptions(noSemantics);
    return monaco;
  })();
  return loading;
}

/** Follows the window's light or dark scheme. */
export function monacoTheme(): string {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'vs-dark' : 'vs';
}

const EXTENSIONS: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  json: 'json',
  css: 'css',
  scss: 'scss',
  less: 'less',
  html: 'html',
  htm: 'html',
  md: 'markdown',
  py: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  rb: 'ruby',
  php: 'php',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  yml: 'yaml',
  yaml: 'yaml',
  toml: 'ini',
  ini: 'ini',
  sql: 'sql',
  xml: 'xml',
  svg: 'xml',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  kt: 'kotlin',
  swift: 'swift',
  lua: 'lua',
  dockerfile: 'dockerfile',
  vue: 'html',
  svelte: 'html',
};

export function languageFor(path: string): string {
  const base = path.split('/').pop()?.toLowerCase() ?? '';
  if (base === 'dockerfile') return 'dockerfile';
  if (base === 'makefile') return 'plaintext';
  const extension = base.includes('.') ? (base.split('.').pop() ?? '') : '';
  return EXTENSIONS[extension] ?? 'plaintext';
}
