// The core's layers (issue 15; docs/architecture.md draws the same list). A file may import its own
// layer and the layers below it, never one above: a wrong import is a lint error, not a review
// comment (after VS Code's .eslint-plugin-local/code-layering.ts). Type imports count too: a type
// from above is still a dependency on above.
import path from 'node:path';

/** Lowest first. Each entry: the layer's name and the paths (relative to src/main, folder or file) it holds. */
export const LAYERS = [
  { name: 'shared', paths: ['../shared'] },
  { name: 'workspace', paths: ['workspace'] },
  { name: 'policy', paths: ['policy'] },
  { name: 'store', paths: ['store'] },
  { name: 'processes', paths: ['processes'] },
  { name: 'git, sandbox', paths: ['git', 'sandbox'] },
  { name: 'testRuns, preview', paths: ['testRuns', 'preview'] },
  { name: 'owner', paths: ['owner'] },
  { name: 'tools', paths: ['tools'] },
  { name: 'approvals', paths: ['approvals'] },
  { name: 'dispatch', paths: ['dispatch'] },
  { name: 'agent', paths: ['agent'] },
  { name: 'checkpoints, mcp', paths: ['checkpoints', 'mcp'] },
  { name: 'events', paths: ['events.ts'] },
  { name: 'api', paths: ['api'] },
  {
    name: 'hosts',
    paths: ['core.ts', 'ownerApi', 'services.ts', 'environment.ts', 'dataDirLock.ts', 'shutdown.ts', 'index.ts', 'host', 'cli'],
  },
];

const MAIN = path.join('src', 'main');

/** The layer index of an absolute path, or null when it is outside src/main and src/shared (or in no layer). */
export function layerOf(file, root) {
  const rel = path.relative(path.join(root, MAIN), file);
  for (let index = 0; index < LAYERS.length; index++) {
    for (const entry of LAYERS[index].paths) {
      const norm = path.normalize(entry);
      if (rel === norm || rel.startsWith(norm + path.sep) || rel.replace(/\.(ts|tsx)$/, '') === norm.replace(/\.ts$/, '')) return index;
    }
  }
  return null;
}

function specifierOf(node) {
  if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'ExportNamedDeclaration') return node.source?.value;
  if (node.type === 'ImportExpression') return node.source.type === 'Literal' ? node.source.value : undefined;
  if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'require') {
    const [argument] = node.arguments;
    return argument?.type === 'Literal' ? argument.value : undefined;
  }
  // import('...') inside a type: typeof import('../x')
  if (node.type === 'TSImportType') {
    const argument = node.source ?? node.argument?.literal ?? node.argument;
    return argument?.type === 'Literal' ? argument.value : undefined;
  }
  return undefined;
}

export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'src/main imports only its own layer and the layers below it (docs/architecture.md).' },
    schema: [],
    messages: {
      upward:
        '{{from}} may not import {{to}} ({{spec}}): a layer imports itself and the layers below it only (eslint/layers.mjs, docs/architecture.md).',
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const from = layerOf(file, root);
    if (from === null) return {};
    function check(node) {
      const spec = specifierOf(node);
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(file), spec), root);
      if (to === null || to <= from) return;
      context.report({ node, messageId: 'upward', data: { from: LAYERS[from].name, to: LAYERS[to].name, spec } });
    }
    return {
      ImportDeclaration: check,
      ExportAllDeclaration: check,
      ExportNamedDeclaration: check,
      ImportExpression: check,
      CallExpression: check,
      TSImportType: check,
    };
  },
};

export const localPlugin = { rules: { layers: layersRule } };
