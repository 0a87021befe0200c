// Vite plugins that name chunks for the page to fetch early, beside its entry instead of after it:
// - preloadChunksOf: index.html preloads a module the entry imports dynamically (start.tsx), and
//   the chunks it imports;
// - screenChunks: screens.json lists, for each first screen, the chunks its module needs beyond
//   those, so the host can name them in index.html when it knows which screen will open
//   (src/main/host/rendererFiles.ts firstScreenPage).
import type { Plugin } from 'vite';

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  moduleIds: string[];
  imports: string[];
}

type Bundle = Record<string, { type: string }>;

function chunksOf(bundle: Bundle): Chunk[] {
  return Object.values(bundle).filter((item): item is Chunk & typeof item => item.type === 'chunk');
}

/** The chunk holding a module (by the end of its path). */
function chunkWith(bundle: Bundle, moduleSuffix: string): Chunk {
  const found = chunksOf(bundle).find((chunk) => chunk.moduleIds.some((id) => id.endsWith(moduleSuffix)));
  if (!found) throw new Error(`no chunk holds ${moduleSuffix}`);
  return found;
}

/** A chunk and every chunk it imports statically, its own first. */
function closure(bundle: Bundle, fileName: string, into = new Set<string>()): Set<string> {
  if (into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of (bundle[fileName] as Chunk | undefined)?.imports ?? []) closure(bundle, imported, into);
  return into;
}

export function preloadChunksOf(moduleSuffix: string): Plugin {
  return {
    name: 'paddock-preload-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = (context.bundle ?? {}) as Bundle;
        const files = [...closure(bundle, chunkWith(bundle, moduleSuffix).fileName)].filter(
          // The entry is the page's own script tag already, and a file named once is enough.
          (fileName) => !(bundle[fileName] as Chunk).isEntry && !html.includes(`/${fileName}"`),
        );
        return files.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `./${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/** `screens`: each first screen's name and its module; `early`: the module index.html already preloads. */
export function screenChunks(screens: Record<string, string>, early: string): Plugin {
  return {
    name: 'paddock-screen-chunks',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, output) {
        const bundle = output as unknown as Bundle;
        const loaded = closure(bundle, chunkWith(bundle, early).fileName);
        for (const chunk of chunksOf(bundle)) if (chunk.isEntry) closure(bundle, chunk.fileName, loaded);
        const listed = Object.fromEntries(
          Object.entries(screens).map(([name, moduleSuffix]) => [
            name,
            [...closure(bundle, chunkWith(bundle, moduleSuffix).fileName)].filter((fileName) => !loaded.has(fileName)),
          ]),
        );
        this.emitFile({ type: 'asset', fileName: 'screens.json', source: `${JSON.stringify(listed, null, 2)}\n` });
      },
    },
  };
}

/**
 * The entry's stylesheet written into index.html: the first paint waits for no request of its own,
 * and the entry's script for no stylesheet (a module script runs only once the stylesheets before
 * it are in). Both CSPs allow inline styles (style-src 'unsafe-inline'); scripts stay files.
 */
export function inlineEntryStyles(): Plugin {
  return {
    name: 'paddock-inline-entry-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = (context.bundle ?? {}) as Record<string, { type: string; source?: string | Uint8Array }>;
        return html.replace(/<link rel="stylesheet"[^>]*href="\.\/([^"]+\.css)">/g, (tag: string, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset' || asset.source === undefined) return tag;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          if (/<\/style/i.test(css)) throw new Error(`${fileName} holds "</style": it cannot be inlined`);
          return `<style>${css}</style>`;
        });
      },
    },
  };
}
