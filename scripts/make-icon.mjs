// Draws resources/icon.png (512×512): a paddock fence on a rounded green square, with the agent —
// an amber dot — beside it. Pure Node (zlib), so the icon is reproducible: `node scripts/make-icon.mjs`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const SIZE = 512;
const SAMPLES = 4; // per axis, for smooth edges

function roundedRect(x, y, left, top, right, bottom, radius) {
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return x >= left && x <= right && y >= top && y <= bottom && (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/** The colour at (x, y) in icon units, [r, g, b, a]. Later layers paint over earlier ones. */
function shade(x, y) {
  let color = [0, 0, 0, 0];
  if (roundedRect(x, y, 16, 16, 496, 496, 96)) {
    const t = (x + y) / (2 * SIZE);
    color = [Math.round(28 + 20 * t), Math.round(110 - 30 * t), Math.round(74 - 20 * t), 255];
  }
  // The fence: three posts and two rails, light on the green.
  const fence = [245, 240, 225, 255];
  for (const postX of [112, 256, 400]) if (roundedRect(x, y, postX - 18, 150, postX + 18, 382, 8)) color = fence;
  for (const railY of [200, 300]) if (roundedRect(x, y, 84, railY - 14, 428, railY + 14, 7)) color = fence;
  // The agent inside its paddock.
  if ((x - 330) ** 2 + (y - 420) ** 2 <= 34 ** 2) color = [245, 166, 35, 255];
  return color;
}

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function drawIcon() {
  const rows = Buffer.alloc(SIZE * (1 + SIZE * 4));
  for (let y = 0; y < SIZE; y++) {
    const row = y * (1 + SIZE * 4);
    rows[row] = 0; // filter: none
    for (let x = 0; x < SIZE; x++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const [r, g, b, a] = shade(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES);
          sum[0] += r * a;
          sum[1] += g * a;
          sum[2] += b * a;
          sum[3] += a;
        }
      }
      const offset = row + 1 + x * 4;
      const alpha = sum[3] / (SAMPLES * SAMPLES);
      for (let c = 0; c < 3; c++) rows[offset + c] = sum[3] === 0 ? 0 : Math.round(sum[c] / sum[3]);
      rows[offset + 3] = Math.round(alpha);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'resources', 'icon.png');
  fs.writeFileSync(target, drawIcon());
  console.log(`wrote ${target}`);
}
