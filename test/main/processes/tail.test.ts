import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { readLogChunk } from '../../../src/main/processes/logs';
import { TailBuffer } from '../../../src/main/processes/tail';
import { removeTempDirs, tempDir } from './helpers';

afterEach(removeTempDirs);

describe('TailBuffer', () => {
  it('keeps exactly the last `capacity` bytes of any sequence of writes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 64 }),
        fc.array(fc.uint8Array({ maxLength: 100 }), { maxLength: 30 }),
        (cap, chunks) => {
          const tail = new TailBuffer(cap);
          for (const chunk of chunks) tail.write(Buffer.from(chunk));
          const all = Buffer.concat(chunks.map((c) => Buffer.from(c)));
          expect(tail.bytes().equals(all.subarray(Math.max(0, all.length - cap)))).toBe(true);
          expect(tail.droppedBytes).toBe(Math.max(0, all.length - cap));
        },
      ),
    );
  });

  it('keeps exactly the last `capacity` bytes whenever it is read, between writes of any size (held chunks, copied chunks, dropped chunks)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.array(
          fc.oneof(fc.uint8Array({ maxLength: 8 }), fc.uint8Array({ maxLength: 400 }), fc.constant('read' as const)),
          { maxLength: 80 },
        ),
        (cap, steps) => {
          const tail = new TailBuffer(cap);
          const written: Buffer[] = [];
          for (const step of steps) {
            if (step !== 'read') {
              tail.write(Buffer.from(step));
              written.push(Buffer.from(step));
            }
            const all = Buffer.concat(written);
            if (step === 'read') expect(tail.bytes().equals(all.subarray(Math.max(0, all.length - cap)))).toBe(true);
            expect(tail.totalBytes).toBe(all.length);
          }
          const all = Buffer.concat(written);
          expect(tail.bytes().equals(all.subarray(Math.max(0, all.length - cap)))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('a flood of pipe-sized chunks (each pushed out before it is copied) keeps its last bytes exactly', () => {
    const tail = new TailBuffer(200 * 1024);
    const chunks = Array.from({ length: 64 }, (_, i) => Buffer.alloc(65_536, i));
    for (const chunk of chunks) tail.write(chunk);
    const all = Buffer.concat(chunks);
    expect(tail.bytes().equals(all.subarray(all.length - 200 * 1024))).toBe(true);
    expect(tail.droppedBytes).toBe(all.length - 200 * 1024);
  });

  it('never starts its text inside a UTF-8 character', () => {
    const tail = new TailBuffer(5);
    tail.write(Buffer.from('ééé')); // 6 bytes: the first kept byte is a continuation byte
    expect(tail.text()).toBe('éé');
  });
});

describe('readLogChunk', () => {
  it('ends chunks on character boundaries and continues exactly where it stopped', () => {
    const log = path.join(tempDir(), 'x.log');
    const content = 'aé€😀b'.repeat(50);
    fs.writeFileSync(log, content);
    let since = 0;
    let text = '';
    for (let i = 0; i < 1000 && since < Buffer.byteLength(content); i++) {
      const chunk = readLogChunk(log, since, 7);
      text += chunk.text.replace(/\n\[[^\]]*more; continue with since=\d+\]$/, '');
      since = chunk.next;
    }
    expect(text).toBe(content);
  });

  it('answers an absent log with nothing, and a cursor past the end from the start', () => {
    const dir = tempDir();
    expect(readLogChunk(path.join(dir, 'none.log'), 0)).toEqual({ text: '', next: 0, size: 0 });
    fs.writeFileSync(path.join(dir, 'a.log'), 'abc');
    const chunk = readLogChunk(path.join(dir, 'a.log'), 99);
    expect(chunk.text).toMatch(/restarted\); reading from the start\]\nabc$/);
    expect(chunk.next).toBe(3);
  });
});
