// A bounded tail of a byte stream (SPEC §6: run and bash output, 200 KB over both streams, tail
// kept). Memory is the capacity, allocated once, plus the few newest chunks not yet copied into it:
// in a flood each chunk is pushed out of the tail by later ones before it is ever copied, so the
// tail costs no copy per chunk and never grows.

/** Uncopied chunks held at most; past it they are copied in (a stream of tiny chunks stays a few objects). */
const MAX_PENDING_CHUNKS = 32;

export class TailBuffer {
  private readonly ring: Buffer;
  /** Next write position in the ring. */
  private head = 0;
  /** Bytes ever written. */
  private total = 0;
  /** The newest chunks, oldest first, not yet copied into the ring: they follow its bytes in the stream. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity <= 0) {
      throw new RangeError('a tail buffer needs a positive whole capacity');
    }
    this.ring = Buffer.alloc(capacity);
  }

  /** Keeps `chunk` (held by reference until copied: a chunk written is not changed afterwards, as a stream's never are). */
  write(chunk: Buffer): void {
    this.total += chunk.length;
    if (chunk.length === 0) return;
    if (chunk.length >= this.capacity) {
      // It alone fills the tail: what came before is gone.
      this.pending = [];
      this.pendingBytes = 0;
      this.copyIn(chunk);
      return;
    }
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    // The oldest held chunk lies wholly before the last `capacity` bytes: dropped without a copy
    // (the ring's bytes are older still, and are overwritten when the held chunks are copied in).
    while (this.pendingBytes - this.pending[0]!.length >= this.capacity)
      this.pendingBytes -= (this.pending.shift() as Buffer).length;
    if (this.pending.length > MAX_PENDING_CHUNKS) this.settle();
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
    this.settle();
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

  /** Copies the held chunks into the ring. */
  private settle(): void {
    for (const chunk of this.pending) this.copyIn(chunk);
    this.pending = [];
    this.pendingBytes = 0;
  }

  private copyIn(chunk: Buffer): void {
    const cap = this.capacity;
    // Only the last `cap` bytes of a large chunk can survive: skip the rest without copying.
    const src = chunk.length > cap ? chunk.subarray(chunk.length - cap) : chunk;
    const first = Math.min(src.length, cap - this.head);
    src.copy(this.ring, this.head, 0, first);
    if (first < src.length) src.copy(this.ring, 0, first);
    this.head = (this.head + src.length) % cap;
  }
}

/** Skips leading UTF-8 continuation bytes (at most 3) when the buffer starts mid-character. */
export function decodeFromBoundary(bytes: Buffer, cutAtStart: boolean): Buffer {
  if (!cutAtStart) return bytes;
  let start = 0;
  while (start < 3 && start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++;
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
