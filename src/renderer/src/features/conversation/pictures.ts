// Pictures the owner pastes or drops into the composer, read in the window as data: URLs. The core
// decodes and bounds them again (agent/ownerImages.ts); this only keeps the window from sending what
// it would refuse anyway (more than four, larger than 8 MB, not a picture).
import type { OutgoingImage } from '../../stores/useConversationStore';

export const MAX_PICTURES = 4;
const MAX_PICTURE_BYTES = 8 * 1024 * 1024;
const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

function read(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the picture could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The pictures among `files` (up to `room` of them), and a sentence for those left out. */
export async function picturesFrom(
  files: File[],
  room: number,
): Promise<{ pictures: OutgoingImage[]; refused: string | null }> {
  const pictures: OutgoingImage[] = [];
  const left: string[] = [];
  for (const file of files) {
    if (!TYPES.includes(file.type)) left.push(`${file.name || 'a file'} is not a PNG, JPEG, GIF or WebP picture`);
    else if (file.size > MAX_PICTURE_BYTES) left.push(`${file.name || 'a picture'} is over 8 MB`);
    else if (pictures.length >= room) left.push(`a message carries at most ${MAX_PICTURES} pictures`);
    else {
      const dataUrl = await read(file);
      pictures.push({ dataUrl, base64: dataUrl.slice(dataUrl.indexOf(',') + 1) });
    }
  }
  return { pictures, refused: left.length > 0 ? `Not added: ${[...new Set(left)].join('; ')}.` : null };
}
