// Before the tests: the native modules must load in Node (npm start may have rebuilt them for Electron).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nativesLoad, rebuildForNode } from './natives.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!nativesLoad()) {
  if (!rebuildForNode(root) || !nativesLoad()) {
    console.error('better-sqlite3 or node-pty does not load in this Node; run `npm rebuild` and read its errors.');
    process.exit(1);
  }
}
