// read of a picture (issue 16): an image block, bounded and downscaled; recognised by content, not name.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTool } from '../../../src/main/tools/read';
import { MAX_IMAGE_SIDE } from '../../../src/main/tools/readImage';
import { link, makeTree, toolContext, type Tree } from '../workspace/fixture';

let t: Tree;
beforeAll(async () => {
  t = makeTree();
  const solid = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#3366cc' } });
  fs.writeFileSync(path.join(t.ws, 'small.png'), await solid(40, 20).png().toBuffer());
  fs.writeFileSync(path.join(t.ws, 'photo.jpg'), await solid(64, 64).jpeg().toBuffer());
  fs.writeFileSync(path.join(t.ws, 'anim.gif'), await solid(8, 8).gif().toBuffer());
  fs.writeFileSync(path.join(t.ws, 'icon.webp'), await solid(16, 16).webp().toBuffer());
  fs.writeFileSync(path.join(t.ws, 'huge.png'), await solid(4000, 2000).png().toBuffer());
  fs.writeFileSync(path.join(t.ws, 'not-really.png'), 'just text in a .png file\n');
  fs.writeFileSync(
    path.join(t.ws, 'broken.png'),
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
  );
  fs.writeFileSync(path.join(t.outside, 'outside.png'), await solid(10, 10).png().toBuffer());
  link(path.join(t.outside, 'outside.png'), path.join(t.ws, 'outside-link.png'));
});
afterAll(() => t.cleanup());

const run = (args: Parameters<typeof readTool.run>[0]) => readTool.run(args, toolContext(t));

describe('read of a picture', () => {
  it.each([
    ['small.png', 'image/png'],
    ['photo.jpg', 'image/jpeg'],
    ['anim.gif', 'image/gif'],
    ['icon.webp', 'image/webp'],
  ])('returns %s as an image block', async (file, mediaType) => {
    const result = await run({ path: file });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.text).toContain(`${file}: a ${mediaType}`);
    expect(result.images).toHaveLength(1);
    expect(result.images?.[0]!.mediaType).toBe(mediaType);
    const bytes = Buffer.from(result.images?.[0]!.base64 ?? '', 'base64');
    expect(bytes.equals(fs.readFileSync(path.join(t.ws, file)))).toBe(true);
  });

  it('downscales a large picture to the long side the providers take', async () => {
    const result = await run({ path: 'huge.png' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.text).toMatch(/downscaled to 1568×784/);
    const meta = await sharp(Buffer.from(result.images?.[0]!.base64 ?? '', 'base64')).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(MAX_IMAGE_SIDE);
  });

  it('goes by content: text named .png is text, a PNG that does not decode is refused', async () => {
    const text = await run({ path: 'not-really.png' });
    expect(text).toMatchObject({ ok: true });
    if (text.ok) expect(text.text).toContain('just text in a .png file');
    const broken = await run({ path: 'broken.png' });
    expect(broken).toMatchObject({ ok: false, status: 415 });
  });

  it('refuses a picture behind a link that leaves the workspace', async () => {
    const result = await run({ path: 'outside-link.png' });
    expect(result.ok).toBe(false);
  });
});
