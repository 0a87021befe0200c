#!/usr/bin/env node
// Paddock's command line: runs the built CLI (out/main/cli.js, made by `npm run build`). Nothing
// here compiles TypeScript at run time; a checkout that has not been built is told how to build it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const built = path.join(root, 'out', 'main', 'cli.js');
// package.json engines: the floor the native modules (better-sqlite3, node-pty) are built for.
const FLOOR = [22, 13];
const [major, minor] = process.versions.node.split('.').map(Number);
const tooOld = major < FLOOR[0] || (major === FLOOR[0] && minor < FLOOR[1]);

if (tooOld) {
  // An MCP client starts `node` from its own PATH: say which Node that was, and what to put instead.
  process.stderr.write(
    `paddock: this is Node ${process.version} (${process.execPath}); Paddock needs Node ${FLOOR.join('.')} or later. ` +
      'Start it with the absolute path of a newer node, e.g. "command": "/path/to/node22/bin/node" in an MCP client\'s configuration ' +
      `(\`command -v node\` in a shell where \`node -v\` prints v22 or later gives it), with ${__filename} as the first argument.\n`,
  );
  process.exitCode = 1;
} else if (!fs.existsSync(built)) {
  process.stderr.write(
    'paddock: the command line is not built yet. Run `npm run build` in ' +
      root +
      ' (after `npm ci`), then try again.\n',
  );
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
