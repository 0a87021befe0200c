// The bash grammar (tree-sitter-bash's wasm through web-tree-sitter), loaded once per process; the
// call path loads it at the first call (wiring/callPath.ts). The decision is synchronous, so a
// decision taken before the load finished (or after it failed) has no grammar and asks instead
// (policy/shellForm.ts). The module's own binding (web-tree-sitter makes the object given to init
// its module) is handed to shellTree.ts's cursor walk.
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import { trustBinding, type CursorBinding } from './shellTree';

let parser: Parser | null = null;
let loading: Promise<void> | null = null;

type Binding = Record<string, unknown> & { HEAP32?: Int32Array };

/**
 * web-tree-sitter initialises its module once per process, and only the first init's object becomes
 * it: kept process-wide, so that a second copy of this file (a bundle beside the source, as the
 * policy benchmark loads) finds the binding the first one was given.
 */
const BINDING = Symbol.for('paddock.webTreeSitterBinding');

function processBinding(): Binding {
  const holder = globalThis as unknown as Record<symbol, Binding | undefined>;
  holder[BINDING] ??= {};
  return holder[BINDING];
}

/** The binding's calls the walk needs, or null when this web-tree-sitter names them otherwise. */
function cursorCalls(binding: Binding): CursorBinding | null {
  const call = (name: string): ((tree: number) => number) | null => {
    const fn = binding[`_ts_tree_cursor_${name}_wasm`];
    return typeof fn === 'function' ? (fn as (tree: number) => number) : null;
  };
  const init = binding._ts_init;
  const [firstChild, nextSibling, parent, typeId, start, end, fieldId] = [
    'goto_first_child',
    'goto_next_sibling',
    'goto_parent',
    'current_node_type_id',
    'start_index',
    'end_index',
    'current_field_id',
  ].map(call);
  if (typeof init !== 'function' || !(binding.HEAP32 instanceof Int32Array)) return null;
  if (!firstChild || !nextSibling || !parent || !typeId || !start || !end || !fieldId) return null;
  return {
    transfer: (init as () => number)(),
    heap: () => binding.HEAP32!,
    firstChild,
    nextSibling,
    parent,
    typeId,
    start,
    end,
    fieldId,
  };
}

/** Loads the grammar once; later calls return the same promise. Rejects when the wasm cannot load. */
export function loadShellGrammar(): Promise<void> {
  loading ??= (async () => {
    const require = createRequire(__filename);
    const binding = processBinding();
    await Parser.init(binding as unknown as Parameters<typeof Parser.init>[0]);
    const language = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
    const p = new Parser();
    p.setLanguage(language);
    // The binding's walk is the one used once it has read a canary as the library's cursor does.
    const calls = cursorCalls(binding);
    if (calls !== null) trustBinding(calls, (text) => p.parse(text));
    parser = p;
  })();
  return loading;
}

/** Whether a load has been asked for, finished or not. */
export function shellGrammarAsked(): boolean {
  return loading !== null;
}

/** The loaded parser, or null before loadShellGrammar has finished. */
export function shellParser(): Parser | null {
  return parser;
}
