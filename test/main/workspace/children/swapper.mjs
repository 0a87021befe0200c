// Swaps <ws>/d between the real directory and a link to outside, as fast as it can, until killed.
import fs from 'node:fs';
import path from 'node:path';

const [ws, outside] = process.argv.slice(2);
const d = path.join(ws, 'd');
const parked = path.join(ws, 'd.parked');
process.stdout.write('ready\n');
for (;;) {
  fs.renameSync(d, parked);
  fs.symlinkSync(outside, d);
  fs.unlinkSync(d);
  fs.renameSync(parked, d);
}
