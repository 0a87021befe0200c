import { memo, useEffect, useState } from 'react';

type Highlight = (code: string, language: string | null) => string | null;

/** highlight.js, loaded once on the first code shown: the first screen does not wait for it. */
let highlighter: Highlight | null = null;
let loading: Promise<Highlight> | null = null;
function loadHighlighter(): Promise<Highlight> {
  loading ??= import('../lib/highlight').then((module) => (highlighter = module.highlightHtml));
  return loading;
}

/**
 * Code in its language's colours. highlight.js escapes the code (the only markup is its own
 * spans), so the inner HTML carries no text of the model's as markup; unknown languages stay plain,
 * and so does any code until the highlighter has loaded.
 */
export const HighlightedCode = memo(function HighlightedCode({
  code,
  language,
}: {
  code: string;
  language: string | null;
}) {
  const [highlight, setHighlight] = useState<Highlight | null>(() => highlighter);
  useEffect(() => {
    if (highlight || language === null) return;
    let current = true;
    void loadHighlighter().then((loaded) => current && setHighlight(() => loaded));
    return () => {
      current = false;
    };
  }, [highlight, language]);
  const html = highlight ? highlight(code, language) : null;
  if (html === null) return <>{code}</>;
  return <span className="hljs" dangerouslySetInnerHTML={{ __html: html }} />;
});
