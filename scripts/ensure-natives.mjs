// `node scripts/ensure-natives.mjs node|electron`: the native modules' build for that runtime in
// place, from the cache when it was built before (scripts/natives.mjs). npm test asks for node,
// npm start and npm run dist for electron.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronTarget, ensureNatives, loads, nodeTarget, rebuildWith } from './natives.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runtime = process.argv[2];
if (runtime !== 'node' && runtime !== 'electron') {
  console.error('usage: node scripts/ensure-natives.mjs node|electron');
  process.exit(2);
}
const target = runtime === 'node' ? nodeTarget() : electronTarget(root);
const node = nodeTarget();
try {
  const outcome = ensureNatives({
    root,
    target,
    // A build without a mark comes from npm ci or npm rebuild, in this Node: it is Node's if it loads here.
    identify: (name) => (loads(name) ? node.key : null),
    rebuild: rebuildWith(root),
    log: (message) => console.log(message),
  });
  const summary = Object.entries(outcome)
    .map(([name, what]) => `${name} ${what}`)
    .join(', ');
  console.log(`Native modules for ${target.key}: ${summary}.`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
