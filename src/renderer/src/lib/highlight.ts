// Syntax highlighting for code blocks and diffs (issue 23 §2): highlight.js's core with a few
// grammars, bundled into the window — never fetched. Its output escapes the code it is given, so
// untrusted model text stays text; only its own <span class="hljs-…"> tags are markup.
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import rust from 'highlight.js/lib/languages/rust';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';

const GRAMMARS = { bash, css, go, java, javascript, json, markdown, python, rust, sql, typescript, xml, yaml };
for (const [name, grammar] of Object.entries(GRAMMARS)) hljs.registerLanguage(name, grammar);
hljs.registerAliases(['ts', 'tsx', 'mts', 'cts'], { languageName: 'typescript' });
hljs.registerAliases(['js', 'jsx', 'mjs', 'cjs'], { languageName: 'javascript' });
hljs.registerAliases(['sh', 'shell', 'zsh', 'console'], { languageName: 'bash' });
hljs.registerAliases(['py'], { languageName: 'python' });
hljs.registerAliases(['rs'], { languageName: 'rust' });
hljs.registerAliases(['html', 'svg', 'vue', 'svelte'], { languageName: 'xml' });
hljs.registerAliases(['yml'], { languageName: 'yaml' });
hljs.registerAliases(['md'], { languageName: 'markdown' });
hljs.registerAliases(['scss', 'less'], { languageName: 'css' });

/** The grammar for a fence's language or a file's extension, when one is bundled. */
export function languageOf(nameOrPath: string | null | undefined): string | null {
  if (!nameOrPath) return null;
  const name = nameOrPath.includes('.') || nameOrPath.includes('/') ? (/\.([\w]+)$/.exec(nameOrPath)?.[1] ?? '') : nameOrPath;
  const lower = name.toLowerCase();
  return hljs.getLanguage(lower) ? lower : null;
}

/** Escaped HTML with highlight.js's spans, or null when the language is not bundled. */
export function highlightHtml(code: string, language: string | null): string | null {
  if (!language || !hljs.getLanguage(language)) return null;
  try {
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  } catch {
    return null;
  }
}
