import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Real temporary directories, removed by `cleanup()` (call it from afterEach). */
export function createTempDirs(prefix = 'paddock-') {
  const made: string[] = [];
  return {
    make(): string {
      const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
      made.push(dir);
      return dir;
    },
    cleanup(): void {
      for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
