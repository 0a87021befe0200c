// A bounded tail of a byte stream (SPEC §6: run and bash output, 200 KB over both streams, tail
// kept). Memory is the capacity, allocated once, whatever the volume: a 1 GiB flood costs copies,
// never growth.

export class TailBuffer {
  private readonly ring: Buffer;
  /** Next write position in the ring. */
  private head = 0;
  /** Bytes ever written. */
  private total = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity <= 0) {
      throw new RangeError('a tail buffer needs a positive whole capacity');
    }
    this.ring = Buffer.alloc(capacity);
  }

  write(chunk: Buffer): void {
    const cap = this.capacity;
    this.total += chunk.length;
    // Only the last `cap` bytes of a large chunk can survive: skip the rest without copying.
    const src = chunk.length > cap ? chunk.subarray(chunk.length - cap) : chunk;
    const first = Math.min(src.length, cap - this.head);
    src.copy(this.ring, this.head, 0, first);
    if (first < src.length) src.copy(this.ring, 0, first);
    this.head = (this.head + src.length) % cap;
  }

  /** Bytes written but no longer held. */
  get droppedBytes(): number {
    return Math.max(0, this.total - this.capacity);
  }

  get totalBytes(): number {
    return this.total;
  }

  /** The kept bytes, oldest first. */
  bytes(): Buffer {
    if (this.total <= this.capacity) return Buffer.from(this.ring.subarray(0, this.total));
    return Buffer.concat([this.ring.subarray(this.head), this.ring.subarray(0, this.head)]);
  }

  /**
   * The kept bytes as text. When bytes were dropped the first kept byte may sit inside a UTF-8
   * sequence: those continuation bytes are skipped rather than shown as replacement characters.
   */
  text(): string {
    const kept = this.bytes();
    return decodeFromBoundary(kept, this.droppedBytes > 0).toString('utf8');
  }
}

/** Skips leading UTF-8 continuation bytes (at most 3) when the buffer starts mid-character. */
export function decodeFromBoundary(bytes: Buffer, cutAtStart: boolean): Buffer {
  if (!cutAtStart) return bytes;
  let start = 0;
  while (start < 3 && start < bytes.length && (bytes[start] & 0xc0) === 0x80) start++;
  return bytes.subarray(start);
}

/** The line that stands before a tail when the head was dropped, naming how much. */
export function droppedLine(dropped: number, kept: number): string {
  return `[${formatBytes(dropped)} of earlier output dropped; the last ${formatBytes(kept)} follow]\n`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 * 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `${(n / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}
