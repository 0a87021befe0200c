// read of a picture (issue 16): PNG, JPEG, GIF and WebP inside the workspace come back as an image
// block the model can see. Recognised by their first bytes, not their name. A picture larger than the
// providers take (past 1,568 px on its long side, or past 3.75 MB) is downscaled with sharp (loaded
// only when needed); one that cannot be decoded or stays too large is refused with its size.
import fs from 'node:fs';
import type { ToolImage, ToolResult } from '../../shared/domain';

/** Anthropic's recommended long side; larger pictures are resized by the API anyway. */
export const MAX_IMAGE_SIDE = 1_568;
/** Under the providers' 5 MB per image once base64 grows it by a third. */
export const MAX_IMAGE_BYTES = 3_750_000;
/** What read opens at most before deciding (a larger file is refused outright). */
export const MAX_IMAGE_FILE_BYTES = 40 * 1024 * 1024;

export function imageTypeOf(head: Buffer): ToolImage['mediaType'] | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (
    head.length >= 6 &&
    (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a')
  )
    return 'image/gif';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

export interface Downscaled {
  bytes: Buffer;
  mediaType: ToolImage['mediaType'];
  width: number;
  height: number;
  resized: boolean;
}

/** Fits the picture inside MAX_IMAGE_SIDE and MAX_IMAGE_BYTES; null when it cannot be decoded. */
export async function boundImage(bytes: Buffer, mediaType: ToolImage['mediaType']): Promise<Downscaled | null> {
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(bytes, { animated: false, limitInputPixels: 100_000_000 });
    const meta = await image.metadata();
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width === 0 || height === 0) return null;
    if (Math.max(width, height) <= MAX_IMAGE_SIDE && bytes.length <= MAX_IMAGE_BYTES) {
      return { bytes, mediaType, width, height, resized: false };
    }
    const resized = image.resize({
      width: MAX_IMAGE_SIDE,
      height: MAX_IMAGE_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    // Photographs as JPEG, everything else (screens, diagrams) as PNG.
    const out =
      mediaType === 'image/jpeg'
        ? await resized.jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true })
        : await resized.png().toBuffer({ resolveWithObject: true });
    if (out.data.length > MAX_IMAGE_BYTES) return null;
    return {
      bytes: out.data,
      mediaType: mediaType === 'image/jpeg' ? 'image/jpeg' : 'image/png',
      width: out.info.width,
      height: out.info.height,
      resized: true,
    };
  } catch {
    return null;
  }
}

/** The read result for a picture, from the file already opened inside the workspace. */
export async function readImageFile(
  fd: number,
  size: number,
  shown: string,
  mediaType: ToolImage['mediaType'],
): Promise<ToolResult> {
  if (size > MAX_IMAGE_FILE_BYTES) {
    return {
      ok: false,
      status: 413,
      error: `refused: ${shown} is a ${mediaType} of ${size} bytes; read shows pictures up to ${MAX_IMAGE_FILE_BYTES} bytes.`,
    };
  }
  const bytes = Buffer.alloc(size);
  let got = 0;
  while (got < size) {
    const n = fs.readSync(fd, bytes, got, size - got, got);
    if (n === 0) break;
    got += n;
  }
  const bounded = await boundImage(bytes.subarray(0, got), mediaType);
  if (!bounded) {
    return {
      ok: false,
      status: 415,
      error: `refused: ${shown} looks like a ${mediaType} (${size} bytes) but could not be decoded, or stays too large when downscaled.`,
    };
  }
  const scaled = bounded.resized
    ? `, downscaled to ${bounded.width}×${bounded.height} (${bounded.bytes.length} bytes)`
    : ` (${bounded.width}×${bounded.height})`;
  return {
    ok: true,
    text: `${shown}: a ${mediaType} of ${size} bytes${scaled}, attached as an image.`,
    images: [{ mediaType: bounded.mediaType, base64: bounded.bytes.toString('base64') }],
    data: { path: shown, image: true, width: bounded.width, height: bounded.height },
  };
}
