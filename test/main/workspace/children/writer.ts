// Writes two large contents alternately to one file through the write path, until killed.
import { writeInside } from '../../../../src/main/workspace/files';

const [ws, home, dataDir, sizeText] = process.argv.slice(2);
const size = Number(sizeText);
const contents = [Buffer.alloc(size, 'A'), Buffer.alloc(size, 'B')];
const ctx = { workspace: ws!, home: home!, dataDir: dataDir! };
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  const r = writeInside(ctx, 'big/file.bin', contents[i % 2]!);
  if (!r.ok) {
    process.stderr.write(`${r.error}\n`);
    process.exit(3);
  }
}
