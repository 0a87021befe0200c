#!/usr/bin/env node
// Paddock's command line: runs the built CLI (out/main/cli.js, made by `npm run build`). Nothing
// here compiles TypeScript at run time; a checkout that has not been built is told how to build it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const built = path.join(root, 'out', 'main', 'cli.js');

if (!fs.existsSync(built)) {
  process.stderr.write('paddock: the command line is not built yet. Run `npm run build` in ' + root + ' (after `npm ci`), then try again.\n');
  process.exitCode = 1;
} else {
  require(built)
    .main(process.argv.slice(2))
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error) => {
        process.stderr.write(`paddock: ${error && error.message ? error.message : String(error)}\n`);
        process.exitCode = 1;
      },
    );
}
