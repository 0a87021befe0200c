// Swaps <ws>/d between the real directory and a link to outside, as fast as it can, until killed.
// A writer may create a fresh <ws>/d in the instant it is parked (writes create parents): that copy is
// removed and the original put back, so the swap goes on rather than dying.
import fs from 'node:fs';
import path from 'node:path';

const [ws, outside] = process.argv.slice(2);
const d = path.join(ws, 'd');
const parked = path.join(ws, 'd.parked');
process.stdout.write('ready\n');
for (;;) {
  try {
    fs.renameSync(d, parked);
    fs.symlinkSync(outside, d);
    fs.unlinkSync(d);
    fs.renameSync(parked, d);
  } catch {
    fs.rmSync(d, { recursive: true, force: true });
    if (fs.existsSync(parked)) fs.renameSync(parked, d);
  }
}
