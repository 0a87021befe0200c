// Syntax highlighting for code blocks and diffs (issue 23 §2): highlight.js's core with a few
// grammars, bundled with the window — never fetched from elsewhere — in a chunk of its own that
// components/HighlightedCode.tsx loads on the first code it shows. Its output escapes the code it is given, so
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

import { GRAMMAR_ALIASES, type GrammarName } from './languages';

const GRAMMARS: Record<GrammarName, typeof bash> = {
  bash,
  css,
  go,
  java,
  javascript,
  json,
  markdown,
  python,
  rust,
  sql,
  typescript,
  xml,
  yaml,
};
for (const [name, grammar] of Object.entries(GRAMMARS)) hljs.registerLanguage(name, grammar);
for (const [alias, languageName] of Object.entries(GRAMMAR_ALIASES)) hljs.registerAliases(alias, { languageName });

/** Escaped HTML with highlight.js's spans, or null when the language is not bundled. */
export function highlightHtml(code: string, language: string | null): string | null {
  if (!language || !hljs.getLanguage(language)) return null;
  try {
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  } catch {
    return null;
  }
}
