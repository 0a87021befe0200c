// The entry's stylesheet is written into index.html (scripts/rendererChunks.ts inlineEntryStyles):
// the first paint and the entry's script wait for no stylesheet request.
import { describe, expect, it } from 'vitest';
import { inlineEntryStyles } from '../../scripts/rendererChunks';

type Handler = (html: string, context: { bundle: Record<string, unknown> }) => string;

const handler = inlineEntryStyles().transformIndexHtml as unknown as { handler: Handler };
const PAGE =
  '<head><script type="module" crossorigin src="./assets/boot-1.js"></script>\n' +
  '<link rel="stylesheet" crossorigin href="./assets/boot-1.css">\n</head>';

describe('inlineEntryStyles', () => {
  it("replaces the stylesheet's link by its text, and leaves the scripts as files", () => {
    const html = handler.handler(PAGE, {
      bundle: { 'assets/boot-1.css': { type: 'asset', source: ':root{--bg:#fff}' } },
    });
    expect(html).toContain('<style>:root{--bg:#fff}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('src="./assets/boot-1.js"');
  });

  it('reads a stylesheet given as bytes', () => {
    const html = handler.handler(PAGE, {
      bundle: { 'assets/boot-1.css': { type: 'asset', source: new TextEncoder().encode('p{margin:0}') } },
    });
    expect(html).toContain('<style>p{margin:0}</style>');
  });

  it('keeps a link whose file the bundle does not hold', () => {
    expect(handler.handler(PAGE, { bundle: {} })).toBe(PAGE);
  });

  it('refuses a stylesheet that would end the style element early', () => {
    expect(() =>
      handler.handler(PAGE, {
        bundle: { 'assets/boot-1.css': { type: 'asset', source: 'a{content:"</style><script>"}' } },
      }),
    ).toThrow(/cannot be inlined/);
  });
});
