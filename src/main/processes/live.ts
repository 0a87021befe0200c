// Live output for the window while a command runs. The window needs to see the command moving,
// not every byte of a flood: chunks are coalesced on a short timer and at most `maxBytes` per
// flush survive, so a 1 GiB flood costs a few dozen small messages, not a gigabyte of strings.
import { StringDecoder } from 'node:string_decoder';
import { createCoalescer, type Coalescer } from './coalesce';
import { decodeFromBoundary, formatBytes } from './tail';

export const LIVE_FLUSH_MS = 16;
export const LIVE_MAX_BYTES = 64 * 1024;

export class LiveStream {
  private skipped = 0;
  private decoder = new StringDecoder('utf8');
  private readonly coalescer: Coalescer<Buffer>;

  constructor(
    private readonly emit: (text: string) => void,
    flushMs = LIVE_FLUSH_MS,
    private readonly maxBytes = LIVE_MAX_BYTES,
  ) {
    this.coalescer = createCoalescer<Buffer>((chunks, dropped) => this.send(chunks, dropped), {
      flushMs,
      maxSize: maxBytes,
      sizeOf: (chunk) => chunk.length,
      overflow: 'drop-oldest',
    });
  }

  push(chunk: Buffer): void {
    this.coalescer.push(chunk);
  }

  flush(): void {
    this.coalescer.flush();
  }

  private send(chunks: Buffer[], dropped: number): void {
    this.skipped += dropped;
    let bytes: Buffer = Buffer.concat(chunks);
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
