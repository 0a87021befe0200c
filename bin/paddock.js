#!/usr/bin/env node
// Paddock's command line. Runs the built CLI (out/main/cli.js) when it is at least as new as the
// sources, and the TypeScript sources through tsx otherwise, so `npm ci` alone is enough to use it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const built = path.join(root, 'out', 'main', 'cli.js');

function newestMtime(dir) {
  let newest = 0;
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.isFile()) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function loadMain() {
  const sources = [path.join(root, 'src', 'main'), path.join(root, 'src', 'shared')];
  const haveSources = fs.existsSync(sources[0]);
  if (fs.existsSync(built)) {
    const builtAt = fs.statSync(built).mtimeMs;
    if (!haveSources || sources.every((dir) => newestMtime(dir) <= builtAt)) return require(built).main;
  }
  const tsx = require('tsx/cjs/api');
  return tsx.require('../src/main/cli/index.ts', __filename).main;
}

loadMain()(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`paddock: ${error && error.message ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
