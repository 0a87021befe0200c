// summarise stays readable (issue 24 §6): directories not part of the project are one line each
// with a count, ignored or not; the untracked listing stops at a hundred and says how many more.
import { afterEach, describe, expect, it } from 'vitest';
import { createSummariseTool, type SummaryData } from '../../../src/main/tools/summarise';
import { openDatabase, type Db } from '../../../src/main/store/database';
import { makeFixture, removeFixture, type GitFixture } from './fixture';
import { UNTRACKED_LISTED } from '../../../src/main/git/setAside';

let fx: GitFixture;
let db: Db;
afterEach(() => {
  db.close();
  removeFixture(fx);
});

function many(dir: string, count: number, ext = 'py'): void {
  for (let i = 0; i < count; i += 1) fx.writeFile(`${dir}/f${i}.${ext}`, `x = ${i}\n`);
}

describe('summarise sets aside what is not the project', () => {
  it('a 1,265-file untracked .venv, an ignored node_modules and 130 untracked project files read as a few lines', async () => {
    fx = makeFixture();
    db = openDatabase(fx.dataDir);
    const tool = createSummariseTool({ lastTestRun: () => null });
    fx.writeFile('.venv/pyvenv.cfg', 'home = /usr/bin\n');
    many('.venv/lib/python3.11/site-packages/pkg', 1264);
    fx.writeFile('.gitignore', 'node_modules/\n');
    many('node_modules/left-pad', 40, 'js');
    fx.writeFile('envs/dev/pyvenv.cfg', 'home = /usr/bin\n');
    fx.writeFile('envs/dev/bin/activate', '#\n');
    many('src/generated', UNTRACKED_LISTED + 30, 'ts');

    const result = await tool.run({}, fx.ctx());
    if (!result.ok) throw new Error(result.error);
    const text = result.text;
    expect(text).toContain('Not part of the project (not listed file by file):');
    expect(text).toContain('  .venv/ — virtualenv, untracked: 1,265 files');
    expect(text).toContain('  envs/dev/ — virtualenv, untracked: 2 files');
    expect(text).toContain('  node_modules/ — dependencies, ignored: 40 files');
    expect(text).toContain('  … and 31 more untracked files, not listed');
    expect(text).not.toContain('site-packages');
    expect(Buffer.byteLength(text)).toBeLessThan(12 * 1024);
    const data = result.data as SummaryData;
    // .gitignore and the first 99 generated files are listed; 31 more are counted.
    expect(data.diff?.files).toHaveLength(UNTRACKED_LISTED);
    expect(data.diff?.totals.files).toBe(UNTRACKED_LISTED + 31);
  });
});
