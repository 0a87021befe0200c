import { memo } from 'react';
import { highlightHtml } from '../lib/highlight';

/**
 * Code in its language's colours. highlight.js escapes the code (the only markup is its own
 * spans), so the inner HTML carries no text of the model's as markup; unknown languages stay plain.
 */
export const HighlightedCode = memo(function HighlightedCode({ code, language }: { code: string; language: string | null }) {
  const html = highlightHtml(code, language);
  if (html === null) return <>{code}</>;
  return <span className="hljs" dangerouslySetInnerHTML={{ __html: html }} />;
});
