// Live output for the window while a command runs. The window needs to see the command moving,
// not every byte of a flood: chunks are coalesced on a short timer and at most `maxBytes` per
// flush survive, so a 1 GiB flood costs a few dozen small messages, not a gigabyte of strings.
import { StringDecoder } from 'node:string_decoder';
import { decodeFromBoundary, formatBytes } from './tail';

export const LIVE_FLUSH_MS = 16;
export const LIVE_MAX_BYTES = 64 * 1024;

export class LiveStream {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private skipped = 0;
  private decoder = new StringDecoder('utf8');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly emit: (text: string) => void,
    private readonly flushMs = LIVE_FLUSH_MS,
    private readonly maxBytes = LIVE_MAX_BYTES,
  ) {}

  push(chunk: Buffer): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    // Drop whole old chunks while the rest still exceeds the bound.
    while (this.pending.length > 1 && this.pendingBytes - this.pending[0].length >= this.maxBytes) {
      const old = this.pending.shift() as Buffer;
      this.pendingBytes -= old.length;
      this.skipped += old.length;
    }
    if (!this.timer) this.timer = setTimeout(() => this.flush(), this.flushMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pendingBytes === 0) return;
    let bytes: Buffer = Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    if (bytes.length > this.maxBytes) {
      this.skipped += bytes.length - this.maxBytes;
      bytes = bytes.subarray(bytes.length - this.maxBytes);
    }
    let prefix = '';
    if (this.skipped > 0) {
      prefix = `\n[${formatBytes(this.skipped)} not shown live]\n`;
      this.skipped = 0;
      // The cut may fall inside a character: start a fresh decoder at the next boundary.
      this.decoder = new StringDecoder('utf8');
      bytes = decodeFromBoundary(bytes, true);
    }
    const text = prefix + this.decoder.write(bytes);
    if (text.length > 0) this.safeEmit(text);
  }

  private safeEmit(text: string): void {
    try {
      this.emit(text);
    } catch {
      // A broken listener in the window must not break the command it watches.
    }
  }

  /** Emits what is pending and any partial character held by the decoder. */
  end(): void {
    this.flush();
    const rest = this.decoder.end();
    if (rest.length > 0) this.safeEmit(rest);
  }
}
