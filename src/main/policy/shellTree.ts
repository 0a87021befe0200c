// The bash grammar's tree as plain objects (one cursor pass out of the wasm heap), and the check
// that its tokens cover every character sh reads: what policy/shellForm.ts walks.
import type { Language, Tree } from 'web-tree-sitter';

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

/**
 * The tree as plain objects (indices are UTF-16 units, as the source string's). One read crosses
 * into wasm per node (its type id), two more per leaf (start, end): whether a type is named comes
 * from a table kept per grammar, and the field name is read only where the walk asks for it (a
 * redirected statement's body).
 */
export function plainTree(tree: Tree, source: string): Node {
  const cursor = tree.walk();
  const grammar = tablesOf(tree.language);
  // A node the copy looks below spans exactly its children (tree-sitter's rule): its indices are
  // its first child's start and its last child's end, so only a leaf's two cross into wasm.
  const make = (parent: Node | null): Node => {
    const id = cursor.nodeTypeId;
    let isNamed = grammar.named.get(id);
    if (isNamed === undefined) {
      isNamed = tree.language.nodeTypeIsNamed(id);
      grammar.named.set(id, isNamed);
    }
    const node: Node = {
      type: grammar.types[id] || 'ERROR',
      isNamed,
      text: '',
      source,
      startIndex: -1,
      endIndex: -1,
      field:
        parent !== null && parent.type === 'redirected_statement' && cursor.currentFieldId === grammar.bodyField
          ? 'body'
          : null,
      children: [],
      namedChildren: [],
      childCount: 0,
    };
    // The root spans the whole text, a trailing newline included, which no child holds.
    if (parent === null || !opens(node)) span(node, cursor.startIndex, cursor.endIndex);
    return node;
  };
  /** A node looked below, once its children are copied (or found to be none, the cursor on it). */
  const finish = (node: Node): void => {
    if (node.startIndex >= 0) return;
    const { children } = node;
    if (children.length === 0) span(node, cursor.startIndex, cursor.endIndex);
    else span(node, children[0]!.startIndex, children[children.length - 1]!.endIndex);
  };
  const span = (node: Node, start: number, end: number): void => {
    node.startIndex = start;
    node.endIndex = end;
    node.text = source.slice(start, end);
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
      if (descend) {
        if (cursor.gotoFirstChild()) {
          enter();
          continue;
        }
        finish(stack[stack.length - 1]!);
      }
      if (stack.length > 1 && cursor.gotoNextSibling()) {
        finish(stack.pop()!);
        enter();
        continue;
      }
      if (!cursor.gotoParent()) break;
      finish(stack.pop()!);
      descend = false;
    }
    finish(root);
    return root;
  } finally {
    cursor.delete();
  }
}

/**
 * Whether the grammar's tokens cover every character sh reads: between two tokens there may be
 * only blanks, newlines and line continuations. (The grammar drops a leading `\ ` of a word, which
 * sh passes on as a space: such a command is refused, never read with a word missing.)
 */
export function coversAll(root: Node, source: string): string | null {
  let at = 0;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    if (node.childCount === 0) {
      const raw = source.slice(at, node.startIndex);
      const gap = raw.replace(/\\\n/g, '');
      if (!/^[ \t\n]*$/.test(gap)) return gap.trim();
      // A line continuation with no blank beside it joins the two pieces into one word for sh
      // (`ca\<newline>t` is `cat`), where the grammar reads two.
      if (raw !== '' && gap === '' && at > 0) return raw;
      at = Math.max(at, node.endIndex);
      continue;
    }
    for (let i = node.childCount - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  const tail = source.slice(at).replace(/\\\n/g, '');
  return /^[ \t\n]*$/.test(tail) ? null : tail.trim();
}
