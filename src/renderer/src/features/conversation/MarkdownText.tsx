import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { HighlightedCode } from '../../components/HighlightedCode';
import { languageOf } from '../../lib/languages';

// Model text is untrusted. react-markdown escapes raw HTML unless a raw plugin is added; none is, ever
// (no rehype-raw): `<img onerror>` in a reply is shown as the characters it is. Its default URL
// transform drops `javascript:` links. Code blocks are coloured by the bundled highlighter, which
// escapes what it is given.
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  ),
  code: ({ className, children }) => {
    const fence = /\blanguage-([\w+-]+)/.exec(className ?? '')?.[1];
    const text = typeof children === 'string' ? children : null;
    if (!fence || text === null) return <code className={className}>{children}</code>;
    return (
      <code className={className} data-language={fence}>
        <HighlightedCode code={text.replace(/\n$/, '')} language={languageOf(fence)} />
      </code>
    );
  },
  // A code block scrolls on its own and can be reached by keyboard to scroll it.
  pre: ({ children }) => <pre tabIndex={0}>{children}</pre>,
};

export const MarkdownText = memo(function MarkdownText({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown components={components}>{text}</ReactMarkdown>
    </div>
  );
});
