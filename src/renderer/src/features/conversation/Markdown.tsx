import { memo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';

// Model text is untrusted. react-markdown escapes raw HTML unless a raw plugin is added; none is, ever
// (no rehype-raw): `<img onerror>` in a reply is shown as the characters it is. Its default URL
// transform drops `javascript:` links.
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  ),
};

export const Markdown = memo(function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown components={components}>{text}</ReactMarkdown>
    </div>
  );
});
