// The languages the window colours, by fence name or file extension, known without loading the
// highlighter: a diff or a code block names its language at once, and lib/highlight.ts (highlight.js,
// loaded on first use) registers exactly these.
export const GRAMMAR_NAMES = [
  'bash',
  'css',
  'go',
  'java',
  'javascript',
  'json',
  'markdown',
  'python',
  'rust',
  'sql',
  'typescript',
  'xml',
  'yaml',
] as const;
export type GrammarName = (typeof GRAMMAR_NAMES)[number];

export const GRAMMAR_ALIASES: Record<string, GrammarName> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  py: 'python',
  rs: 'rust',
  html: 'xml',
  svg: 'xml',
  vue: 'xml',
  svelte: 'xml',
  yml: 'yaml',
  md: 'markdown',
  scss: 'css',
  less: 'css',
};

const NAMES = new Set<string>(GRAMMAR_NAMES);

/** The grammar for a fence's language or a file's extension, when one is bundled. */
export function languageOf(nameOrPath: string | null | undefined): string | null {
  if (!nameOrPath) return null;
  const name =
    nameOrPath.includes('.') || nameOrPath.includes('/') ? (/\.([\w]+)$/.exec(nameOrPath)?.[1] ?? '') : nameOrPath;
  const lower = name.toLowerCase();
  return NAMES.has(lower) || Object.hasOwn(GRAMMAR_ALIASES, lower) ? lower : null;
}
