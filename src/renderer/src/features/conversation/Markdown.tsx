import { lazy, memo, Suspense } from 'react';

// The Markdown renderer (react-markdown and its parsers) is fetched with the first reply shown; until
// it arrives the reply is its plain text, which is never markup either.
const MarkdownText = lazy(() => import('./MarkdownText').then((module) => ({ default: module.MarkdownText })));

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="markdown markdown-plain">{text}</div>}>
      <MarkdownText text={text} />
    </Suspense>
  );
});
