// The window's code is written to React's API and rendered by Preact (preact/compat): react-dom was
// 85% of the first screen's script, and evaluating it held the working window's composer about 60 ms
// past the goal of 3× a static page's first paint (bench/window.ts). The build and the renderer's
// tests (and `npm run dev`, scripts/dev.mjs) resolve the same names to the same modules, so what the
// tests render is what ships. Types: reactOnPreact.d.mts.
import { fileURLToPath } from 'node:url';

/** React's entry points as Preact's compat layer provides them (exact names only: `react-markdown` is not `react`). */
export const REACT_ON_PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

const modules = (file) => fileURLToPath(new URL(`../node_modules/${file}`, import.meta.url));

/**
 * For vitest, which runs packages under node_modules with Node's own loader (and so with React itself)
 * unless told to transform them: the packages the window renders with, taken from their ES module
 * builds (Node's conditions pick the CommonJS ones, whose `require('react')` no alias reaches), and
 * transformed (`inline`) so that their imports of React meet the same aliases.
 */
export const TESTS_ON_PREACT = {
  alias: [
    {
      find: /^@testing-library\/react$/,
      replacement: modules('@testing-library/react/dist/@testing-library/react.esm.js'),
    },
    { find: /^lucide-react$/, replacement: modules('lucide-react/dist/esm/lucide-react.mjs') },
    { find: /^recharts$/, replacement: modules('recharts/es6/index.js') },
    ...REACT_ON_PREACT,
  ],
  inline: [
    /@testing-library[\\/]react/,
    /lucide-react/,
    /recharts/,
    /react-redux/,
    /use-sync-external-store/,
    /zustand/,
    /react-markdown/,
    /@tanstack[\\/]react-virtual/,
  ],
};
