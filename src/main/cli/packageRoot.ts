// Where the package lives, whether the CLI runs from src/ (tsx) or from the built out/ bundle.
import fs from 'node:fs';
import path from 'node:path';

export function packageRoot(start: string = __dirname): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        if ((JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'paddock') return dir;
      } catch {
        /* keep climbing */
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find Paddock’s package.json above ' + start);
    dir = parent;
  }
}

export function rendererDir(): string {
  return path.join(packageRoot(), 'out', 'renderer');
}

export function packageVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
