// Pictures the owner pastes or drops into the composer (a screenshot of a bug): each is decoded,
// bounded like the read tool's pictures (inside 1,568 px on its long side, under 3.75 MB), stored
// as a PNG in Paddock's files (where the window reads screenshots back) and sent to the model as an
// image block with the owner's words. Anything that does not decode as a picture is refused.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { imageTypeOf, MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from '../tools/readImage';
import type { ModelImage } from './providers/types';

/** At most this many pictures go with one message. */
export const MAX_OWNER_IMAGES = 4;
/** What the window may send for one picture before it is decoded. */
export const MAX_OWNER_IMAGE_INPUT_BYTES = 8 * 1024 * 1024;

export interface StoredOwnerImage {
  /** The PNG's absolute path in `<data>/files`. */
  file: string;
  image: ModelImage;
}

export class OwnerImageRefusal extends Error {}

/** Decodes, bounds and stores each picture; refuses the whole message when one is not a picture. */
export async function storeOwnerImages(
  dataDir: string,
  images: readonly { base64: string }[],
): Promise<StoredOwnerImage[]> {
  if (images.length > MAX_OWNER_IMAGES)
    throw new OwnerImageRefusal(`refused: a message carries at most ${MAX_OWNER_IMAGES} pictures`);
  const decoded = images.map((image, index) => {
    const bytes = Buffer.from(image.base64, 'base64');
    if (bytes.length > MAX_OWNER_IMAGE_INPUT_BYTES)
      throw new OwnerImageRefusal(
        `refused: picture ${index + 1} is ${bytes.length} bytes; up to ${MAX_OWNER_IMAGE_INPUT_BYTES} are taken`,
      );
    if (imageTypeOf(bytes.subarray(0, 16)) === null)
      throw new OwnerImageRefusal(`refused: picture ${index + 1} is not a PNG, JPEG, GIF or WebP image`);
    return bytes;
  });
  const { default: sharp } = await import('sharp');
  const dir = path.join(dataDir, 'files');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stored: StoredOwnerImage[] = [];
  for (const [index, bytes] of decoded.entries()) {
    let png: Buffer;
    try {
      png = await sharp(bytes, { animated: false, limitInputPixels: 100_000_000 })
        .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
        .png()
        .toBuffer();
    } catch {
      throw new OwnerImageRefusal(`refused: picture ${index + 1} could not be decoded`);
    }
    if (png.length > MAX_IMAGE_BYTES)
      throw new OwnerImageRefusal(
        `refused: picture ${index + 1} is still ${png.length} bytes once made ${MAX_IMAGE_SIDE} px on its long side`,
      );
    const file = path.join(fs.realpathSync(dir), `owner-${randomUUID()}.png`);
    fs.writeFileSync(file, png, { mode: 0o600, flag: 'wx' });
    stored.push({ file, image: { mediaType: 'image/png', base64: png.toString('base64') } });
  }
  return stored;
}

/** A stored picture as the model gets it again (after a restart); null when it is gone. */
export function loadOwnerImage(file: string): ModelImage | null {
  try {
    const stat = fs.lstatSync(file);
    if (!stat.isFile() || stat.size > MAX_IMAGE_BYTES) return null;
    return { mediaType: 'image/png', base64: fs.readFileSync(file).toString('base64') };
  } catch {
    return null;
  }
}
