// What each part of the core may import (docs/architecture.md draws the same table). A file may
// import its own part and the parts its entry names, nothing else: a wrong import is a lint error,
// not a review comment (after VS Code's .eslint-plugin-local/code-layering.ts, which lists what each
// layer may import). Type imports count too: a type from another part is still a dependency on it.
// The table has no cycle (test/lint/layers.test.ts), so it is still layers, only not a single file.
import path from 'node:path';

/** Each part: its name, the paths it holds (relative to src/main, a folder or a file) and the parts it may import. */
export const LAYERS = [
  { name: 'shared', paths: ['../shared'], mayImport: [] },
  { name: 'workspace', paths: ['workspace'], mayImport: ['shared'] },
  { name: 'policy', paths: ['policy'], mayImport: ['shared', 'workspace'] },
  { name: 'store', paths: ['store'], mayImport: ['shared', 'workspace', 'policy'] },
  { name: 'processes', paths: ['processes'], mayImport: ['shared', 'workspace', 'policy', 'store'] },
  { name: 'git', paths: ['git'], mayImport: ['shared', 'workspace', 'policy', 'store', 'processes'] },
  { name: 'sandbox', paths: ['sandbox'], mayImport: ['shared', 'workspace', 'policy', 'store', 'processes'] },
  { name: 'testRuns', paths: ['testRuns'], mayImport: ['shared', 'workspace', 'policy', 'store', 'processes'] },
  {
    name: 'preview',
    paths: ['preview'],
    mayImport: ['shared', 'workspace', 'policy', 'store', 'processes', 'sandbox'],
  },
  {
    name: 'owner',
    paths: ['owner'],
    mayImport: ['shared', 'workspace', 'policy', 'store', 'processes', 'git', 'sandbox', 'testRuns'],
  },
  {
    name: 'tools',
    paths: ['tools'],
    mayImport: [
      'shared',
      'workspace',
      'policy',
      'store',
      'processes',
      'git',
      'sandbox',
      'testRuns',
      'preview',
      'owner',
    ],
  },
  { name: 'approvals', paths: ['approvals'], mayImport: ['shared', 'workspace', 'policy'] },
  {
    name: 'dispatch',
    paths: ['dispatch'],
    mayImport: ['shared', 'workspace', 'policy', 'store', 'processes', 'git', 'sandbox', 'tools', 'approvals'],
  },
  {
    name: 'agent',
    paths: ['agent'],
    mayImport: ['shared', 'workspace', 'policy', 'store', 'processes', 'tools', 'dispatch'],
  },
  {
    name: 'checkpoints',
    paths: ['checkpoints'],
    mayImport: [
      'shared',
      'workspace',
      'policy',
      'store',
      'processes',
      'git',
      'sandbox',
      'tools',
      'approvals',
      'dispatch',
      'agent',
    ],
  },
  {
    name: 'mcp',
    paths: ['mcp'],
    mayImport: [
      'shared',
      'workspace',
      'policy',
      'store',
      'processes',
      'sandbox',
      'owner',
      'tools',
      'approvals',
      'dispatch',
      'agent',
    ],
  },
  { name: 'events', paths: ['events.ts'], mayImport: ['shared', 'processes'] },
  // The window's contract on the core's side: the api's types and the router know the contract only.
  { name: 'api', paths: ['api'], mayImport: ['shared'] },
  // The implementation of every call, one file per contract domain, from the core's services.
  {
    name: 'ownerApi',
    paths: ['ownerApi'],
    mayImport: [
      'shared',
      'api',
      'workspace',
      'policy',
      'store',
      'processes',
      'git',
      'sandbox',
      'testRuns',
      'preview',
      'owner',
      'tools',
      'approvals',
      'dispatch',
      'agent',
      'checkpoints',
      'mcp',
      'events',
    ],
  },
  // The composition root, its start and stop, and the hosts around it: they wire everything.
  {
    name: 'hosts',
    paths: [
      'core.ts',
      'wiring',
      'startup.ts',
      'services.ts',
      'environment.ts',
      'dataDirLock.ts',
      'shutdown.ts',
      'index.ts',
      'host',
      'cli',
    ],
    mayImport: ['*'],
  },
];

const MAIN = path.join('src', 'main');

/** The part's index of an absolute path, or null when it is outside src/main and src/shared (or in no part). */
export function layerOf(file, root) {
  const rel = path.relative(path.join(root, MAIN), file);
  for (let index = 0; index < LAYERS.length; index++) {
    for (const entry of LAYERS[index].paths) {
      const norm = path.normalize(entry);
      if (
        rel === norm ||
        rel.startsWith(norm + path.sep) ||
        rel.replace(/\.(ts|tsx)$/, '') === norm.replace(/\.ts$/, '')
      )
        return index;
    }
  }
  return null;
}

/** Whether a file of part `from` may import one of part `to` (both indexes into LAYERS). */
export function mayImport(from, to) {
  const entry = LAYERS[from];
  return from === to || entry.mayImport.includes('*') || entry.mayImport.includes(LAYERS[to].name);
}

function specifierOf(node) {
  if (
    node.type === 'ImportDeclaration' ||
    node.type === 'ExportAllDeclaration' ||
    node.type === 'ExportNamedDeclaration'
  )
    return node.source?.value;
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
    docs: {
      description:
        'A part of src/main imports only itself and the parts its entry names (eslint/layers.mjs, docs/architecture.md).',
    },
    schema: [],
    messages: {
      upward:
        '{{from}} may not import {{to}} ({{spec}}): {{from}} may import only {{allowed}} (eslint/layers.mjs, docs/architecture.md).',
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
      if (to === null || mayImport(from, to)) return;
      const allowed = LAYERS[from].mayImport.join(', ') || 'itself';
      context.report({
        node,
        messageId: 'upward',
        data: { from: LAYERS[from].name, to: LAYERS[to].name, spec, allowed },
      });
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
