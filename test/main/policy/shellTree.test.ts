// The plain copy of the grammar's tree (policy/shellTree.ts), checked against the grammar's own
// nodes, node by node, on the shell forms the rule reads and on random text of the shell's
// characters. (A node does not always span only its visible children: a heredoc body with an
// expansion starts with a hidden token, so a copy that took a node's indices from its children
// read the body short. Found by the random text; each copied node reads its own indices.)
import fc from 'fast-check';
import type { Node as GrammarNode } from 'web-tree-sitter';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellGrammar, shellParser } from '../../../src/main/policy/shellGrammar';
import { plainTree, trustBinding, trustedBinding, type Node } from '../../../src/main/policy/shellTree';

beforeAll(loadShellGrammar);

const TOKENS = new Set(['word', 'raw_string', 'string_content', 'comment']);

/** Every difference between the copy and the grammar's node, below it included. */
function differences(copy: Node, node: GrammarNode, at = 'root'): string[] {
  const wrong: string[] = [];
  const own = { type: node.type, start: node.startIndex, end: node.endIndex, text: node.text };
  const copied = { type: copy.type, start: copy.startIndex, end: copy.endIndex, text: copy.text };
  if (JSON.stringify(own) !== JSON.stringify(copied))
    wrong.push(`${at}: ${JSON.stringify(copied)} where the grammar has ${JSON.stringify(own)}`);
  if (!copy.isNamed || TOKENS.has(copy.type)) return wrong;
  const children = node.children.filter((c) => c !== null);
  if (children.length !== copy.childCount)
    wrong.push(`${at}: ${copy.childCount} children, the grammar ${children.length}`);
  children.forEach((child, i) => {
    if (copy.children[i]) wrong.push(...differences(copy.children[i]!, child, `${at}/${i}:${child.type}`));
  });
  return wrong;
}

/** Both ways of walking: the binding's calls on the transfer buffer (what the rule uses), and the library's cursor. */
function check(text: string): string[] {
  const tree = shellParser()!.parse(text)!;
  try {
    if (tree.rootNode.hasError) return [];
    return [
      ...differences(plainTree(tree, text, trustedBinding()), tree.rootNode).map((d) => `binding: ${d}`),
      ...differences(plainTree(tree, text, null), tree.rootNode).map((d) => `library: ${d}`),
    ];
  } finally {
    tree.delete();
  }
}

describe('the plain copy of the grammar tree', () => {
  it('walks through the binding’s own cursor calls by default, its canary read as the library reads it', () => {
    // The grammar's load found the binding's calls and its canary agreed: the default walk is theirs.
    expect(trustedBinding()).not.toBeNull();
  });

  it('keeps the library’s cursor when a binding reads the canary otherwise', () => {
    const real = trustedBinding()!;
    const parse = (text: string) => shellParser()!.parse(text);
    try {
      // A binding off by one on every node's end: refused, and the default walk is the library's.
      expect(trustBinding({ ...real, end: (tree) => real.end(tree) + 1 }, parse)).toBe(false);
      expect(trustedBinding()).toBeNull();
    } finally {
      expect(trustBinding(real, parse)).toBe(true);
    }
    expect(trustedBinding()).toBe(real);
  });

  it('leaves the parser working after many walks, the memory grown between them', () => {
    // Long commands grow the wasm memory (the heap view the walk wrote through is then another);
    // every later tree is still read whole and right.
    const long = Array.from({ length: 250 }, (_, i) => `echo ${'x'.repeat(i)} | grep a${i}`).join(' && ');
    for (let round = 0; round < 4; round++) {
      expect(check(`${long}\n`)).toEqual([]);
      expect(check('npm test 2>&1 | head -50\n')).toEqual([]);
    }
  });

  it('has the grammar’s types and indices on every node of the forms the rule reads', () => {
    const forms = [
      'npm test',
      'npm test 2>&1 | head -50\n',
      'cd src && ls -la | grep a && wc -l a.ts 2>&1 | tail -5 && echo done || true\n',
      'cat b.txt | sort | uniq -c | sort -rn | head',
      "grep -rn \"foo|bar\" 'x y' $'\\t' . | head -20 # a comment\n",
      '{ cd app; ls; } > ../out/f 2>/dev/null\n',
      '( cd sub && make ) | tee log.txt\n',
      'for f in a b; do echo "$f"; done\n',
      'if test -f x; then cat x; else echo none; fi\n',
      "cat <<'EOF' > notes.md\nline one\n  line two\nEOF\n",
      'git commit -m "$(cat <<\'EOF\'\nsubject\n\nbody\nEOF\n)"\n',
      'export NODE_ENV=test; NODE_OPTIONS= npx vite build --mode "$NODE_ENV"\n',
      'ls \\\n  -la\n',
      '   \n',
      'echo ""\n',
      // A heredoc body that starts with a hidden token of the grammar, before its first child.
      'cat $<<EOF\nx\nEOF\n"$x"',
      'cat <<EOF\nx $y\nEOF\n',
    ];
    for (const form of forms) expect(check(form), JSON.stringify(form)).toEqual([]);
  });

  it('has them on random text of the shell’s characters', () => {
    const alphabet = fc.constantFrom(
      ...'ab1 -./=|&;<>(){}$"\'`\\\n\t#*?~!'.split(''),
      'cat ',
      ' && ',
      ' | ',
      '2>&1',
      '<<EOF\nx\nEOF\n',
      '"$x"',
      '$(ls)',
    );
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(check(text), JSON.stringify(text)).toEqual([]);
        expect(check(`${text}\n`), JSON.stringify(`${text}\n`)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });
});
