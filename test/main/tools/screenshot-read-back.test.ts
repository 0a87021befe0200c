// What the window may read back as a screenshot (moved out of the handler into the core, issue 15):
// a PNG directly in <data>/files, a regular file, never a link, never another directory.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readScreenshotFile } from '../../../src/main/tools/screenshot';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

describe('readScreenshotFile', () => {
  it('reads a PNG in <data>/files and refuses everything else', () => {
    const dataDir = temp.make();
    const files = path.join(dataDir, 'files');
    fs.mkdirSync(files);
    const dir = fs.realpathSync(files);
    fs.writeFileSync(path.join(dir, 'shot.png'), 'PNG');
    fs.writeFileSync(path.join(dataDir, 'secret.png'), 'SECRET');
    fs.symlinkSync(path.join(dataDir, 'secret.png'), path.join(dir, 'link.png'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'x');

    expect(readScreenshotFile(dataDir, path.join(dir, 'shot.png'))).toEqual({ ok: true, data: Buffer.from('PNG') });
    expect(readScreenshotFile(dataDir, path.join(dataDir, 'secret.png'))).toMatchObject({ ok: false, code: 'refused' });
    expect(readScreenshotFile(dataDir, path.join(dir, '..', 'secret.png'))).toMatchObject({
      ok: false,
      code: 'refused',
    });
    expect(readScreenshotFile(dataDir, path.join(dir, 'notes.txt'))).toMatchObject({ ok: false, code: 'refused' });
    expect(readScreenshotFile(dataDir, path.join(dir, 'link.png'))).toMatchObject({ ok: false, code: 'not-found' });
    expect(readScreenshotFile(dataDir, path.join(dir, 'missing.png'))).toMatchObject({ ok: false, code: 'not-found' });
  });
});
