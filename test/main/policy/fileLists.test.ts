// The shapes of commands that run a program on a list of files (policy/fileLists.ts): what find and
// a producer list, what xargs runs, which programs may stand between them and which may consume.
import { describe, expect, it } from 'vitest';
import { readConsumer } from '../../../src/main/policy/fileConsumers';
import { passesLinesOn, producerList, readFind, readXargs } from '../../../src/main/policy/fileLists';

const w = (s: string) => s.split(' ');

describe('readFind', () => {
  it('reads roots, a -name filter joined by "and", and each -exec', () => {
    const r = readFind(w('find src lib -type f -name *.ts -exec grep -n x {} ; -exec wc -l {} +'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.list.roots).toEqual(['src', 'lib']);
    expect(r.list.filter!.reads('a/b.ts')).toBe(true);
    expect(r.list.filter!.reads('.env')).toBe(false);
    expect(r.execs.map((e) => e.argv)).toEqual([w('grep -n x'), w('wc -l')]);
  });

  it('gives no filter when primaries are joined by -o or grouped', () => {
    for (const c of ['find . -name *.ts -o -name *.env', 'find . ( -name *.ts )']) {
      const r = readFind(w(c));
      expect(r.ok && r.list.filter).toBeNull();
    }
  });

  it('does not filter by a negated -name', () => {
    const r = readFind(w('find . ! -name *.py'));
    expect(r.ok && r.list.filter).toBeNull();
  });

  it.each([
    'find . -exec cat {}.bak ;',
    'find . -exec {} ;',
    'find . -exec cat {}',
    'find . -exec cat {} x +',
    'find . -fprint out',
    'find . -printf %p',
    'find -L . -name x',
  ])('refuses %s', (c) => {
    expect(readFind(w(c)).ok).toBe(false);
  });
});

describe('readXargs', () => {
  it.each([
    ['xargs wc -l', ['wc', '-l']],
    ['xargs -0 -n 1 grep -n x', ['grep', '-n', 'x']],
    ['xargs -r -P4 cat', ['cat']],
    ['xargs -I {} wc -l {}', ['wc', '-l']],
    ['xargs -I% cat %', ['cat']],
  ])('%s runs %j', (c, argv) => {
    const r = readXargs(w(c));
    expect(r.ok && r.argv).toEqual(argv);
  });

  it.each(['xargs', 'xargs -a list cat', 'xargs -I {} cat {}/x', 'xargs -d , cat', 'xargs -I'])('refuses %s', (c) => {
    expect(readXargs(w(c)).ok).toBe(false);
  });
});

describe('producerList', () => {
  it.each([
    ['find src -name *.ts', ['src']],
    ['git ls-files src', ['src']],
    ['git diff --name-only', []],
    ['rg --files src', ['src']],
    ['rg -l TODO src lib', ['src', 'lib']],
    ['rg -l -g *.ts TODO', []],
    ['grep -rl foo src', ['src']],
    ['grep -rl -e foo src', ['src']],
  ])('%s lists files below %j', (c, roots) => {
    expect(producerList(w(c))?.roots).toEqual(roots);
  });

  it.each(['ls', 'cat list.txt', 'grep -l foo a.txt', 'git log', 'rg foo', 'find . -exec cat {} +', 'git diff'])(
    '%s is not a producer',
    (c) => {
      expect(producerList(w(c))).toBeNull();
    },
  );

  it('reads rg as rg walks: no hidden or ignored files unless told', () => {
    expect(producerList(w('rg --files'))!.how).toMatchObject({ hidden: false, ignoredToo: false });
    expect(producerList(w('rg --files -uu'))!.how).toMatchObject({ hidden: true, ignoredToo: true });
    // A glob that includes overrides rg's hidden and ignore rules; a type, its hidden rule.
    expect(producerList(w('rg --files -g .env'))!.how).toMatchObject({ hidden: true, ignoredToo: true });
    expect(producerList(w('rg --files -t yaml'))!.how).toMatchObject({ hidden: true, ignoredToo: false });
  });
});

describe('between a producer and xargs', () => {
  it.each(['grep -v test', 'head -20', 'head -n 5', 'tail -n5', 'sort', 'sort -u', 'uniq'])(
    '%s passes lines on',
    (c) => {
      expect(passesLinesOn(w(c))).toBe(true);
    },
  );
  it.each(['grep -v test list.txt', 'grep -f pats', 'head 5', 'tail -f', 'sed s/a/b/', 'awk 1', 'sort -o x', 'cat'])(
    '%s does not',
    (c) => {
      expect(passesLinesOn(w(c))).toBe(false);
    },
  );
});

describe('readConsumer', () => {
  it.each([
    'cat',
    'wc -l',
    'grep -n x',
    'npx eslint',
    'prettier --check',
    'sed -n 1p',
    'python3 -m py_compile',
    // Asked only to check or show a diff, black, isort and ruff write nothing.
    'ruff format --check',
    'ruff check --no-fix',
    'black --check',
    'black --diff',
    'isort --check',
    'isort --check-only --diff',
  ])('%s reads the list it is given', (c) => {
    expect(readConsumer(w(c))).toEqual({ ok: true, writes: c.includes('py_compile') ? 'beside' : 'no' });
  });
  it.each([
    'sed -i s/a/b/',
    'sed -Ei s/a/b/',
    'sed --in-place s/a/b/',
    'sed --in s/a/b/',
    'sed -ni -e 1p',
    'sed -E -e s/a/b/ -i',
    'prettier --write',
    'prettier --write=true',
    'eslint --fix=true',
    'eslint --fi',
    'eslint --fix',
    'npx prettier -w',
    'ruff check',
    'ruff format',
    'black',
    'isort',
  ])('%s rewrites each file of it', (c) => {
    expect(readConsumer(w(c))).toEqual({ ok: true, writes: 'in-place' });
  });
  it.each([
    'rm',
    'sh -c x',
    'python3',
    'python3 -m py_compile -q',
    'python3 -m pip',
    'tee x',
    'ruff rule',
    'ruff',
    'sed -ie s/a/b/',
    'sed -i.bak s/a/b/',
    'sed --in-place=.orig s/a/b/',
    'sed --in=.b s/a/b/',
    'sed -i --follow-symlinks s/a/b/',
    'sed -i --fo s/a/b/',
    'sed -i -x s/a/b/',
    'sed --i --s s/a/b/',
  ])('%s may not', (c) => {
    expect(readConsumer(w(c)).ok).toBe(false);
  });
});
