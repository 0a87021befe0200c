// The bash grammar (tree-sitter-bash's wasm through web-tree-sitter), loaded once per process at
// start: the decision is synchronous, so a decision taken before the load finished (or after it
// failed) has no grammar and asks instead (policy/shellForm.ts).
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';

let parser: Parser | null = null;
let loading: Promise<void> | null = null;

/** Loads the grammar once; later calls return the same promise. Rejects when the wasm cannot load. */
export function loadShellGrammar(): Promise<void> {
  loading ??= (async () => {
    const require = createRequire(__filename);
    await Parser.init();
    const language = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
    const p = new Parser();
    p.setLanguage(language);
    parser = p;
  })();
  return loading;
}

/** The loaded parser, or null before loadShellGrammar has finished. */
export function shellParser(): Parser | null {
  return parser;
}
