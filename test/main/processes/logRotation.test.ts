// A started process's log stays at or under its bound however much the process prints, and the
// output cursor keeps counting every byte printed: reading on with `next` after a rotation
// continues where it left off or says plainly how much was rotated away.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildChildEnv } from '../../../src/main/processes/env';
import { openProcessLog, readLogChunk } from '../../../src/main/processes/logs';
import { spawnLongLived } from '../../../src/main/processes/spawn';
import { removeTempDirs, tempDir } from './helpers';

afterEach(() => removeTempDirs());

const onDisk = (logPath: string): number =>
  [logPath, `${logPath}.1`].reduce((total, file) => total + (fs.existsSync(file) ? fs.statSync(file).size : 0), 0);

function readAll(logPath: string, since: number, maxBytes: number): { text: string; notes: string[] } {
  let text = '';
  const notes: string[] = [];
  let cursor = since;
  for (let i = 0; i < 1000; i += 1) {
    const chunk = readLogChunk(logPath, cursor, maxBytes);
    let body = chunk.text.replace(/\n\[[^\]]* more; continue with since=\d+\]$/, '');
    const note = /^\[[^\]]*rotated away[^\]]*\]\n/.exec(body);
    if (note) {
      notes.push(note[0]);
      body = body.slice(note[0].length);
    }
    text += body;
    if (chunk.next >= chunk.size) break;
    cursor = chunk.next;
  }
  return { text, notes };
}

describe('a process log bounded by rotation', () => {
  it('keeps at most the bound on disk, and a cursor reads the kept tail exactly', async () => {
    const logPath = path.join(tempDir(), 'p.log');
    const log = openProcessLog(logPath, 4096);
    const lines = Array.from({ length: 2000 }, (_, i) => `line ${String(i).padStart(5, '0')}\n`);
    const printed = lines.join('');
    for (let i = 0; i < lines.length; i += 37) await log.append(Buffer.from(lines.slice(i, i + 37).join('')));
    expect(onDisk(logPath)).toBeLessThanOrEqual(4096);

    const latest = readLogChunk(logPath, undefined, 1 << 20);
    expect(latest.size).toBe(printed.length);
    const { text, notes } = readAll(logPath, 0, 1000);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/were rotated away/);
    expect(printed.endsWith(text)).toBe(true);
    expect(text.length).toBeGreaterThanOrEqual(2048);
    expect(text.endsWith('line 01999\n')).toBe(true);
  });

  it('a cursor taken before a rotation continues after it without losing or repeating a byte', async () => {
    const logPath = path.join(tempDir(), 'p.log');
    const log = openProcessLog(logPath, 4096);
    await log.append(Buffer.from('a'.repeat(1500)));
    const first = readLogChunk(logPath, 0, 1 << 20);
    expect(first.next).toBe(1500);
    await log.append(Buffer.from('b'.repeat(1500)));
    await log.append(Buffer.from('c'.repeat(1000)));
    const { text, notes } = readAll(logPath, first.next, 1 << 20);
    expect(notes).toEqual([]);
    expect(text).toBe('b'.repeat(1500) + 'c'.repeat(1000));
  });

  it('a real process flooding 24 MB leaves at most the bound, and the last line readable', async () => {
    const dir = tempDir();
    const logPath = path.join(dir, 'logs', 'flood.log');
    const bound = 2 * 1024 * 1024;
    const script =
      "const l='x'.repeat(1023)+'\\n';const c=l.repeat(1024);let n=0;(function w(){while(n<24){n++;if(!process.stdout.write(c))return process.stdout.once('drain',w);}process.stdout.write('THE END\\n');})()";
    const child = spawnLongLived({
      program: process.execPath,
      args: ['-e', script],
      cwd: dir,
      env: buildChildEnv({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir }),
      logPath,
      logBoundBytes: bound,
    });
    await child.exited;
    await new Promise((resolve) => child.child.stdout?.once('close', resolve).readableEnded && resolve(undefined));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onDisk(logPath)).toBeLessThanOrEqual(bound);
    const latest = readLogChunk(logPath, undefined, 4096);
    expect(latest.size).toBe(24 * 1024 * 1024 + 'THE END\n'.length);
    expect(latest.text.endsWith('THE END\n')).toBe(true);
  });
});
