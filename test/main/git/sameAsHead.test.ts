// Files' change dots: of the paths the window marked, which are the same as the last commit again
// (an undo put them back), read from the real repository with the hardened git.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sameAsHead } from '../../../src/main/git/sameAsHead';
import { GIT, makeFixture, removeFixture, type GitFixture } from './fixture';

let fx: GitFixture;
afterEach(() => removeFixture(fx));

describe('paths the same as the last commit', () => {
  it('names the tracked, unmodified ones among those asked, never a changed, new, deleted or ignored one', async () => {
    fx = makeFixture();
    fx.writeFile('.gitignore', 'build/\n');
    fx.writeFile('src/b.txt', 'b\n');
    fx.setup(['add', '-A']);
    fx.setup(['commit', '-q', '-m', 'more']);
    fx.writeFile('src/a.txt', 'changed\n');
    fx.writeFile('src/a.txt', 'one\ntwo\n'); // written and put back: the same as HEAD
    fx.writeFile('README.md', 'edited\n');
    fx.writeFile('new.txt', 'new\n');
    fx.writeFile('build/out.js', 'x\n');
    fs.rmSync(path.join(fx.ws, 'src/b.txt'));
    const asked = ['src/a.txt', 'README.md', 'new.txt', 'build/out.js', 'src/b.txt', '*'];
    const same = await sameAsHead({ gitBinary: GIT, workspace: fx.ws, dataDir: fx.dataDir }, asked);
    expect(same).toEqual(['src/a.txt']);
  });

  it('knows nothing outside a repository', async () => {
    fx = makeFixture({ init: false });
    fx.writeFile('a.txt', 'a\n');
    expect(await sameAsHead({ gitBinary: GIT, workspace: fx.ws, dataDir: fx.dataDir }, ['a.txt'])).toEqual([]);
  });
});
