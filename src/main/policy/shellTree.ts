// The bash grammar's tree as plain objects (one cursor pass out of the wasm heap), and the check
// that its tokens cover every character sh reads: what policy/shellForm.ts walks.
import type { Language, Tree, TreeCursor } from 'web-tree-sitter';

/**
 * A node of the grammar's tree, copied out of the wasm heap in one cursor pass: every property read
 * on the grammar's own nodes crosses into wasm, which made the walk cost more than the parse.
 */
export interface Node {
  type: string;
  isNamed: boolean;
  text: string;
  /** The whole command's text, which `startIndex` and `endIndex` index. */
  source: string;
  startIndex: number;
  endIndex: number;
  /** `body` when this node is a redirected statement's body, else null (the only field the walk reads). */
  field: string | null;
  children: Node[];
  namedChildren: Node[];
  childCount: number;
}

/** The grammar's tokens that are named (an anonymous node is a token too): nothing below them to read. */
const TOKENS = new Set(['word', 'raw_string', 'string_content', 'comment']);

/** Whether the copy looks below a node (not below a token: asking would cross into wasm for nothing). */
function opens(node: Node): boolean {
  return node.isNamed && !TOKENS.has(node.type);
}

/** Per grammar: which node types are named, and the `body` field's id (read once, not per node). */
interface GrammarTables {
  types: readonly string[];
  named: Map<number, boolean>;
  bodyField: number;
}
const tables = new WeakMap<Language, GrammarTables>();

function tablesOf(language: Language): GrammarTables {
  let known = tables.get(language);
  if (!known) {
    known = { types: language.types, named: new Map(), bodyField: language.fields.indexOf('body') };
    tables.set(language, known);
  }
  return known;
}

/** The binding's cursor calls (shellGrammar.ts keeps them from the module's init): each reads the cursor from the transfer buffer, a move writes it back. */
export interface CursorBinding {
  /** The transfer buffer's address (ts_init only stores the library's version numbers there and returns it). */
  transfer: number;
  heap(): Int32Array;
  firstChild(tree: number): number;
  nextSibling(tree: number): number;
  parent(tree: number): number;
  typeId(tree: number): number;
  start(tree: number): number;
  end(tree: number): number;
  fieldId(tree: number): number;
}

/** How the walk moves and reads the cursor: through the binding's transfer buffer, or the library's cursor. */
interface Moves {
  firstChild(): boolean;
  nextSibling(): boolean;
  parent(): boolean;
  typeId(): number;
  start(): number;
  end(): number;
  fieldId(): number;
  /** Frees the cursor. */
  done(): void;
}

/** A cursor's four words of state (web-tree-sitter keeps them at indices 0–3 of its cursor object). */
type CursorWords = Record<0 | 1 | 2 | 3, number>;

/**
 * The binding's calls on the cursor left in the transfer buffer: each library call writes the cursor
 * there and reads it back (eight crossings through setValue and getValue per move), while nothing
 * else touches the buffer during the walk, so it stays there from the first move to the last, and is
 * copied back into the library's cursor (a move may have grown its stack) before the library frees it.
 */
function bindingMoves(binding: CursorBinding, tree: Tree, cursor: TreeCursor): Moves {
  const handle = (tree as unknown as CursorWords)[0];
  const words = cursor as unknown as CursorWords;
  const at = binding.transfer >> 2;
  const heap = binding.heap();
  for (let i = 0; i < 4; i++) heap[at + i] = words[i as 0];
  return {
    firstChild: () => binding.firstChild(handle) === 1,
    nextSibling: () => binding.nextSibling(handle) === 1,
    parent: () => binding.parent(handle) === 1,
    typeId: () => binding.typeId(handle),
    start: () => binding.start(handle),
    end: () => binding.end(handle),
    fieldId: () => binding.fieldId(handle),
    done: () => {
      const now = binding.heap(); // read again: a move may have grown the wasm memory
      for (let i = 0; i < 4; i++) words[i as 0] = now[at + i]!;
      cursor.delete();
    },
  };
}

function libraryMoves(cursor: TreeCursor): Moves {
  return {
    firstChild: () => cursor.gotoFirstChild(),
    nextSibling: () => cursor.gotoNextSibling(),
    parent: () => cursor.gotoParent(),
    typeId: () => cursor.nodeTypeId,
    start: () => cursor.startIndex,
    end: () => cursor.endIndex,
    fieldId: () => cursor.currentFieldId,
    done: () => cursor.delete(),
  };
}

/**
 * The tree as plain objects (indices are UTF-16 units, as the source string's). Three reads cross
 * into wasm per node (type id, start, end): whether a type is named comes from a table kept per
 * grammar, and the field name is read only where the walk asks for it (a redirected statement's body).
 * `through` is the binding's calls (shellGrammar.ts), or null for the library's own cursor; by
 * default the binding's once it has read a tree of every construct the rule reads as the library does.
 */
export function plainTree(tree: Tree, source: string, through: CursorBinding | null = trustedBinding()): Node {
  const grammar = tablesOf(tree.language);
  const cursor = tree.walk();
  const moves = through !== null ? bindingMoves(through, tree, cursor) : libraryMoves(cursor);
  const make = (parent: Node | null): Node => {
    const id = moves.typeId();
    let isNamed = grammar.named.get(id);
    if (isNamed === undefined) {
      isNamed = tree.language.nodeTypeIsNamed(id);
      grammar.named.set(id, isNamed);
    }
    const startIndex = moves.start();
    const endIndex = moves.end();
    return {
      type: grammar.types[id] || 'ERROR',
      isNamed,
      text: source.slice(startIndex, endIndex),
      source,
      startIndex,
      endIndex,
      field:
        parent !== null && parent.type === 'redirected_statement' && moves.fieldId() === grammar.bodyField
          ? 'body'
          : null,
      children: [],
      namedChildren: [],
      childCount: 0,
    };
  };
  try {
    const root = make(null);
    const stack: Node[] = [root];
    let descend = true;
    // The cursor is on a new child of the node on top of the stack: copied, and entered.
    const enter = (): void => {
      const parent = stack[stack.length - 1]!;
      const node = make(parent);
      parent.children.push(node);
      if (node.isNamed) parent.namedChildren.push(node);
      parent.childCount++;
      stack.push(node);
      descend = opens(node);
    };
    for (;;) {
      if (descend && moves.firstChild()) {
        enter();
        continue;
      }
      if (stack.length > 1 && moves.nextSibling()) {
        stack.pop();
        enter();
        continue;
      }
      if (!moves.parent()) break;
      stack.pop();
      descend = false;
    }
    return root;
  } finally {
    moves.done();
  }
}

/** A line of the constructs the rule reads: a list, a pipe, redirects, a loop, a quoted word, a heredoc. */
const CANARY = `cd src && ls -la | grep 'a b' 2>&1 > /dev/null; for f in a b; do echo "$f"; done\ncat <<'EOF' > x\nhi\nEOF\n`;

/** What a copy says, every node's type, range, field and children (its text and source follow from the range). */
function shape(node: Node): unknown {
  return [node.type, node.isNamed, node.startIndex, node.endIndex, node.field, node.children.map(shape)];
}

let trusted: CursorBinding | null = null;

/**
 * Makes `candidate` the default walk if it reads the canary line as the library's cursor reads it
 * (asked once, when the grammar loads); else the library's cursor stays (a web-tree-sitter whose
 * binding works otherwise than this walk assumes). Whether it was taken.
 */
export function trustBinding(candidate: CursorBinding, parse: (text: string) => Tree | null): boolean {
  const tree = parse(CANARY);
  try {
    trusted =
      tree !== null &&
      JSON.stringify(shape(plainTree(tree, CANARY, candidate))) === JSON.stringify(shape(plainTree(tree, CANARY, null)))
        ? candidate
        : null;
  } catch {
    trusted = null;
  } finally {
    tree?.delete();
  }
  return trusted !== null;
}

/** The walk plainTree takes by default: the binding's once trusted, else null (the library's cursor). */
export function trustedBinding(): CursorBinding | null {
  return trusted;
}

/**
 * Whether the grammar's tokens cover every character sh reads: between two tokens there may be
 * only blanks, newlines and line continuations. (The grammar drops a leading `\ ` of a word, which
 * sh passes on as a space: such a command is refused, never read with a word missing.) The text
 * skipped and where it starts, or null.
 */
export function coversAll(root: Node, source: string): { text: string; at: number } | null {
  let at = 0;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node.childCount === 0) {
      const raw = source.slice(at, node.startIndex);
      const gap = raw.replace(/\\\n/g, '');
      if (!/^[ \t\n]*$/.test(gap)) return { text: gap.trim(), at: at + raw.search(/[^ \t\n]/) };
      // A line continuation with no blank beside it joins the two pieces into one word for sh
      // (`ca\<newline>t` is `cat`), where the grammar reads two.
      if (raw !== '' && gap === '' && at > 0) return { text: raw, at };
      at = Math.max(at, node.endIndex);
      continue;
    }
    for (let i = node.childCount - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  const tail = source.slice(at).replace(/\\\n/g, '');
  return /^[ \t\n]*$/.test(tail) ? null : { text: tail.trim(), at };
}
