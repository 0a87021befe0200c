// Where the installed Electron binary is, or null. Reads the install's own record (path.txt) instead of
// require('electron'), which tries to download a missing binary on first require.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

function electronBinary() {
  try {
    const dir = path.dirname(require.resolve('electron/package.json'));
    const recorded = path.join(dir, 'path.txt');
    if (!fs.existsSync(recorded)) return null;
    const binary = path.join(dir, 'dist', fs.readFileSync(recorded, 'utf8').trim());
    return fs.existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

module.exports = { electronBinary };
