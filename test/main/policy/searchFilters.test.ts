// Which files a recursive search opens under its file filters (policy/searchFilters.ts): every
// answer leans to "read", so a filter misread can only ask more, never show a secret.
import { describe, expect, it } from 'vitest';
import { searchFilter } from '../../../src/main/policy/searchFilters';

function reads(argv: string[], below: string): boolean {
  const f = searchFilter(argv[0]!, argv);
  return f === null ? true : f.reads(below);
}

describe('grep --include/--exclude', () => {
  it.each([
    [['grep', '-r', 'x', '.', '--include=*.py'], 'src/a.py', true],
    [['grep', '-r', 'x', '.', '--include=*.py'], '.env', false],
    [['grep', '-r', 'x', '.', '--include', '*.py'], '.env', false],
    [['grep', '-r', 'x', '.', '--include=*.env'], '.env', true],
    [['grep', '-r', 'x', '.', '--include=*'], '.env', true],
    [['grep', '-r', 'x', '.', '--exclude=*.py'], '.env', true],
    [['grep', '-r', 'x', '.', '--exclude=*'], '.env', true], // `*` may not match a leading dot
    [['grep', '-r', 'x', '.', '--exclude=.*'], '.env', false],
    // The last matching option decides.
    [['grep', '-r', 'x', '.', '--exclude=.env', '--include=.env*'], '.env', true],
    [['grep', '-r', 'x', '.', '--include=.env*', '--exclude=.env'], '.env', false],
    // None matches: read unless the first is an --include.
    [['grep', '-r', 'x', '.', '--exclude=*.md', '--include=*.py'], '.env', true],
    // GNU grep's fnmatch has no braces: `{` is a letter, so this keeps only a file of that name.
    [['grep', '-r', 'x', '.', '--include={*.py,*.env}'], '.env', false],
    [['grep', '-r', 'x', '.', '--exclude={.env,x}'], '.env', true],
    // A glob this rule cannot read includes, and never excludes.
    [['grep', '-r', 'x', '.', '--exclude=['], '.env', true],
    [['grep', '-r', 'x', '.', '--include=['], '.env', true],
    [['grep', '-r', 'x', '.', '--include=[.]env'], '.env', true],
    [['grep', '-r', 'x', '.', '--include=[unclosed'], '.env', true],
  ] as const)('%j reads %s: %s', (argv, below, expected) => {
    expect(reads([...argv], below)).toBe(expected);
  });

  it('skips a folder only when --exclude-dir matches its name', () => {
    const f = searchFilter('grep', ['grep', '-r', 'x', '.', '--exclude-dir=config'])!;
    expect(f.skipsDir('config')).toBe(true);
    expect(f.skipsDir('src/config')).toBe(true);
    expect(f.skipsDir('configs')).toBe(false);
    expect(f.filtersFiles).toBe(false);
  });

  it('gives no filter when none is given', () => {
    expect(searchFilter('grep', ['grep', '-rn', 'x', '.'])).toBeNull();
    expect(searchFilter('cat', ['cat', '--include=*.py'])).toBeNull();
  });
});

describe('rg -g/--glob/--iglob/-t', () => {
  it.each([
    [['rg', '-g', '*.py', 'x'], 'a.py', true],
    [['rg', '-g', '*.py', 'x'], '.env', false],
    [['rg', '-g*.py', 'x'], '.env', false],
    [['rg', '--glob=*.py', 'x'], '.env', false],
    [['rg', '-g', '!*.py', 'x'], '.env', true],
    [['rg', '-g', '*.py', '-g', '.env', 'x'], '.env', true],
    // Later globs win.
    [['rg', '-g', '*', '-g', '!.env', 'x'], '.env', false],
    [['rg', '-g', '!.env', '-g', '*', 'x'], '.env', true],
    // A glob with a slash is matched against the path: read as maybe, so it includes.
    [['rg', '-g', '*.py', '-g', 'src/**', 'x'], 'src/.env', true],
    [['rg', '--iglob', '*.ENV', 'x'], '.env', true],
    [['rg', '-g', '*.ENV', 'x'], '.env', false],
    [['rg', '-t', 'py', 'x'], '.env', false],
    [['rg', '-tpy', 'x'], 'a.py', true],
    [['rg', '--type=json', 'x'], 'credentials.json', true],
    [['rg', '-t', 'nosuchtype', 'x'], '.env', true],
    // A glob's decision comes before the types'.
    [['rg', '-t', 'py', '-g', '.env', 'x'], '.env', true],
    [['rg', '-g', '{*.py,.env}', 'x'], '.env', true],
    [['rg', '-g', '!*[[:upper:]]', 'x'], '.env', true],
    [['rg', '--glob-case-insensitive', '-g', '.ENV', 'x'], '.env', true],
    [['rg', '--type-add', 'py:*.env', '-t', 'py', 'x'], '.env', true],
  ] as const)('%j reads %s: %s', (argv, below, expected) => {
    expect(reads([...argv], below)).toBe(expected);
  });

  it('skips a folder a negated glob names', () => {
    const f = searchFilter('rg', ['rg', '-g', '!node_modules', 'x'])!;
    expect(f.skipsDir('node_modules')).toBe(true);
    expect(f.skipsDir('src')).toBe(false);
    expect(searchFilter('rg', ['rg', '-g', '*.py', 'x'])!.skipsDir('src')).toBe(false);
  });
});
