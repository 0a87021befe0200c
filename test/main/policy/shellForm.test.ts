// The bash grammar's reading of a command (policy/shellForm.ts): table tests of what it reduces to
// simple commands of literal words, and of what it refuses by name.
import { beforeAll, describe, expect, it } from 'vitest';
import { readShellForm, readsAlikeInOldBash, type ShellForm } from '../../../src/main/policy/shellForm';
import { loadShellGrammar } from '../../../src/main/policy/shellGrammar';

beforeAll(async () => {
  await loadShellGrammar();
});

/** [connector, assignments, words, redirects] per simple command, for compact tables. */
function brief(form: ShellForm) {
  if (!form.ok) return form.reason;
  return form.commands.map((c) => [
    c.connector,
    c.assignments.map((a) => `${a.name}=${a.value.value}`),
    c.words.map((w) => w.value),
    c.redirects.map((r) =>
      r.kind === 'file' ? `${r.fd}${r.op}${r.target.value}` : r.kind === 'dup' ? `${r.fd}>&${r.to}` : `<<${r.body}`,
    ),
  ]);
}

describe('readShellForm reads', () => {
  it.each([
    ['ls -la src', [['start', [], ['ls', '-la', 'src'], []]]],
    ["rg 'foo|bar' src", [['start', [], ['rg', 'foo|bar', 'src'], []]]],
    ['grep "\\(x\\)" b.txt', [['start', [], ['grep', '\\(x\\)', 'b.txt'], []]]],
    ['echo "a\\"b" \'c\'"d"e a\\ b', [['start', [], ['echo', 'a"b', 'cde', 'a b'], []]]],
    ['echo "x$" "a\\$b"', [['start', [], ['echo', 'x$', 'a$b'], []]]],
    ['cat .\\env', [['start', [], ['cat', '.env'], []]]],
    [
      'ls && \\\ncat x',
      [
        ['start', [], ['ls'], []],
        ['&&', [], ['cat', 'x'], []],
      ],
    ],
    [
      'npm test 2>&1 | head -50',
      [
        ['start', [], ['npm', 'test'], ['2>&1']],
        ['|', [], ['head', '-50'], []],
      ],
    ],
    [
      'a && b || c | d ; e\nf',
      [
        ['start', [], ['a'], []],
        ['&&', [], ['b'], []],
        ['||', [], ['c'], []],
        ['|', [], ['d'], []],
        [';', [], ['e'], []],
        [';', [], ['f'], []],
      ],
    ],
    ['NODE_ENV=test X="a b" npm test', [['start', ['NODE_ENV=test', 'X=a b'], ['npm', 'test'], []]]],
    ['pytest > /dev/null 2>&1', [['start', [], ['pytest'], ['1>/dev/null', '2>&1']]]],
    ['ls 2>/dev/null >> log.txt < in.txt', [['start', [], ['ls'], ['2>/dev/null', '1>>log.txt', '0<in.txt']]]],
    ["cat > new.txt <<'EOF'\nhello $HOME\nEOF", [['start', [], ['cat'], ['1>new.txt', '<<hello $HOME\n']]]],
    [
      '[ -f package.json ] && npm test',
      [
        ['start', [], ['[', '-f', 'package.json', ']'], []],
        ['&&', [], ['npm', 'test'], []],
      ],
    ],
    ['npm test # the tests', [['start', [], ['npm', 'test'], []]]],
    ["find . -name '*.py' -print", [['start', [], ['find', '.', '-name', '*.py', '-print'], []]]],
    // A subshell as the shell it is: its list an inline script, its redirects its own.
    [
      '(cd src && ls) > out.txt && ls',
      [
        ['start', [], ['sh', '-c', 'cd src && ls'], ['1>out.txt']],
        ['&&', [], ['ls'], []],
      ],
    ],
    [
      '( npm test ) 2>&1 | tail',
      [
        ['start', [], ['sh', '-c', ' npm test '], ['2>&1']],
        ['|', [], ['tail'], []],
      ],
    ],
  ])('%j', (command, expected) => {
    expect(brief(readShellForm(command))).toEqual(expected);
  });

  it('marks unquoted globs and tildes, and not quoted ones', () => {
    const form = readShellForm("ls *.ts '*.md' ~/x '~/y' a\\*b");
    expect(form.ok).toBe(true);
    if (!form.ok) return;
    expect(form.commands[0]!.words.slice(1).map((w) => [w.value, w.glob, w.tilde])).toEqual([
      ['*.ts', true, false],
      ['*.md', false, false],
      ['~/x', false, true],
      ['~/y', false, false],
      ['a*b', false, false],
    ]);
  });
});

describe('readShellForm refuses, naming the construct', () => {
  it.each([
    ['ls $(id)', '`$( … )`'],
    ['echo `id`', 'backtick'],
    ['ls "$(id)"', '`$( … )`'],
    ['cat $HOME', '`$NAME`'],
    ['ls "${HOME}"', 'variable'],
    ['echo "${HOME:-x}"', 'variable'],
    ['echo $((1+2))', '`$(( … ))`'],
    ["echo $'\\x41'", "`$'…'`"],
    ['diff <(ls) <(ls src)', '`<( … )`'],
    ['zsh <<EOF\nid\nEOF', 'a heredoc fed to `zsh`'],
    ["tclsh - <<'EOF'\nputs 1\nEOF", 'a heredoc fed to `tclsh`'],
    ['cat <<EOF\n$HOME\nEOF', 'heredoc'],
    ['f() { id; }', 'function'],
    ['eval id', '`eval`'],
    ['source x', '`source`'],
    ['. x', '`.`'],
    ['exec ls', '`exec`'],
    ['ls &', 'trailing `&`'],
    ['ls | (cat)', 'pipe into a subshell'],
    ['for f in a; do (ls); done', 'subshell'],
    ['for f in a; do for g in b; do ls; done; done', 'loop inside a loop'],
    ['for f; do ls; done', 'without `in`'],
    ['ls {a,b}', '`{…,…}`'],
    ['ls {1..3}', 'expands differently'],
    ['cat x{.env,}', '`{…,…}`'],
    ["ls {a','b}x,}", '`{…,…}`'],
    ['cat [ab].txt', '`[…]`'],
    ['ls &> x', 'bash only'],
    ['ls |& cat', 'bash only'],
    ['ls 3>&1', 'file descriptor 3'],
    ['cat <<< x', '`<<<`'],
    ['echo "open', 'cannot read it whole'],
    ['ls \u200b', 'invisible'],
    ['ls；id', 'reads as a quote or as shell syntax'],
    ['"eval" id', '`eval`'],
    ['X=1', 'assignment without a command'],
  ])('%j', (command, named) => {
    const form = readShellForm(command);
    expect(form.ok).toBe(false);
    if (!form.ok) expect(form.reason).toContain(named);
  });
});

describe("a heredoc's text in $( … ) as macOS's sh (bash 3.2) reads it", () => {
  it.each([
    ['feat: add the parser\n\nCo-Authored-By: x <y@z>', true],
    ['fix(parser): keep "quoted" words', true],
    ["Don't drop tokens", false],
    ['a ) b', false],
    ['a ( b', false],
    ["fix #12 it's", false],
    ['cost $5', false],
    ['a `b`', false],
    ['a \\ b', false],
  ])('%j: %s', (text, alike) => {
    expect(readsAlikeInOldBash(text)).toBe(alike);
  });
});
