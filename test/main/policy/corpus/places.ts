// Attack templates, second half: where a command reads or writes (path operands and path-valued
// flags in every shape that leaves the workspace), where it runs (the cwd), and the workspace that
// is HOME itself, where any program that walks would pass over ~/.ssh.
import { BASES } from './table';
import { WS, type Line } from './attacks';

const gate = (out: Line[], command: string, why: string, cwd?: string, workspace = WS): void => {
  out.push({ workspace, ...(cwd === undefined ? {} : { cwd }), mode: 'run', command, expect: 'gated', why });
};

/** Every slot of the table where a path goes, `{P}` standing for it. */
const PATH_SLOTS = [
  'cat {P}',
  'cat b.txt {P}',
  'cat -- {P}',
  'head -n 1 {P}',
  'tail -n1 {P}',
  'wc -l {P}',
  'ls {P}',
  'ls -la {P}',
  'grep x {P}',
  'grep -r x {P}',
  'grep -rn x b.txt {P}',
  'rg x {P}',
  'rg -l x src {P}',
  'find {P} -name x',
  'find {P}',
  'find . -newer {P}',
  'diff b.txt {P}',
  'diff -u {P} b.txt',
  'sort {P}',
  'sort -u b.txt {P}',
  'uniq {P}',
  'uniq -c {P}',
  'tsc -p {P}',
  'tsc --project={P}',
  'tsc --project {P}',
  'eslint {P}',
  'eslint --fix {P}',
  'prettier --write {P}',
  'prettier --check src {P}',
  'ruff check {P}',
  'ruff format {P}',
  'black {P}',
  'mypy {P}',
  'pytest {P}',
  'python -m pytest -q {P}',
  'vitest run {P}',
  'jest {P}',
  'node {P}',
  'node --test {P}',
  'python {P}',
  'python3 {P}',
  'go test {P}',
  'go fmt {P}',
  'npx vite {P}',
  'npx vite --outDir={P}',
  'npx vite --config {P}',
  // issue 19's readers: every path slot, flag values that are paths included.
  'ls -R {P}',
  'sed -n 1p {P}',
  'sed -n 1,5p b.txt {P}',
  'nl {P}',
  'tac {P}',
  'rev {P}',
  'fold -w 40 {P}',
  'expand {P}',
  'cut -f 1 {P}',
  'column -t {P}',
  'paste b.txt {P}',
  'join b.txt {P}',
  'comm {P} b.txt',
  'file {P}',
  'file -b {P}',
  'stat {P}',
  'stat -c %s {P}',
  'du {P}',
  'du -sh {P}',
  'tree {P}',
  'tree -L 2 {P}',
  'realpath {P}',
  'basename {P}',
  'dirname {P}',
  'cmp b.txt {P}',
  'md5sum {P}',
  'sha1sum {P}',
  'sha256sum {P}',
  'xxd {P}',
  'xxd -l 16 {P}',
  'od -c {P}',
  'hexdump -C {P}',
  'strings {P}',
  'jq . {P}',
  'jq -r .a data.json {P}',
];

/** Path shapes that name something outside the workspace, through a link, or inside .git. */
const BAD_PATHS = [
  '/etc/passwd',
  '/',
  '/tmp',
  '/tmp/',
  '//etc/passwd',
  '/./etc/passwd',
  '{{outside}}/secret.txt',
  '{{home}}/.ssh/id_ed25519',
  '{{home}}/.ssh',
  '{{home}}',
  '{{ws}}/../../outside/secret.txt',
  '{{ws}}/link',
  '..',
  '../',
  '../..',
  '../outside/secret.txt',
  '../../outside',
  'src/../..',
  'src/../../x',
  './..',
  'src/..//..',
  'src/./../../x',
  'link',
  'link/',
  './link',
  'outdir',
  'outdir/',
  'outdir/secret.txt',
  'sshlink',
  'sshlink/id_ed25519',
  'inlink',
  './inlink',
  'dirlink',
  'dirlink/a.ts',
  'dangling',
  'gitlink',
  'gitlink/config',
  'evil.js',
  'scripts/out.py',
  '.git',
  '.git/',
  './.git',
  '.git/config',
  '.git/hooks/pre-commit',
  '.GIT/config',
  '.Git',
  'src/../.git',
  '.git.',
  '".git "',
  '.git./config',
  '\u2025/outside',
  '\uff0e\uff0e/x',
  '\u2024\u2024/x',
  'C:x',
  'c:/x',
  '/proc/self/environ',
  '/dev/stdin',
  '/dev/tcp/127.0.0.1/9',
  '-',
  '-/x',
  '-Q',
  '.g\u200bit/config',
  '.\u0067it/config',
  '/proc/self/cwd/b.txt',
  '/proc/self/root/etc/passwd',
];

/** Values for glob-valued flags that would add a root, climb, or name .git. */
const BAD_GLOBS = [
  '/etc/*',
  '../*',
  '**/../../*',
  'src/../../*',
  '.git/*',
  '.git',
  '!/etc',
  '!../x',
  '*/.git/**',
  '.GIT/**',
  '-x',
  '//x',
];
const GLOB_SLOTS = [
  'rg -g {G} x',
  'rg -g={G} x src',
  'rg -g{G} x',
  'grep -r --include={G} x .',
  'grep -r --include {G} x src',
  'find . -path {G}',
  'find src -name {G}',
];

function paths(out: Line[]): void {
  for (const slot of PATH_SLOTS) {
    for (const p of BAD_PATHS) {
      // npx's arguments are the project binary's own: a dash, a drive-like word or a Unicode name
      // is that program's business (seed 003 §5 bounds them by shape and, here, by links only).
      if (slot.startsWith('npx') && (p.startsWith('-') || p === 'C:x' || /[^\x00-\x7f]/.test(p))) continue;
      gate(out, slot.replace('{P}', p), `path ${p} leaves the workspace, goes through a link, or names .git`);
    }
  }
  for (const slot of GLOB_SLOTS) {
    for (const g of BAD_GLOBS) {
      if (slot.startsWith('find') && (g === '.git' || g === '-x')) {
        gate(out, slot.replace('{G}', g), `glob ${g} names .git or is a flag`);
        continue;
      }
      if (slot.startsWith('find') && !g.startsWith('/') && !g.includes('..') && !/\.git/i.test(g)) continue;
      gate(out, slot.replace('{G}', g), `glob ${g} adds a root, climbs, or names .git`);
    }
  }
  // The same shapes against a cwd below the root: `..` from src is still inside, `../..` is not.
  for (const slot of ['cat {P}', 'grep -r x {P}', 'find {P} -name x', 'ls {P}', 'node {P}']) {
    for (const p of ['../../outside/secret.txt', '../..', '../link', '../.git/config', '../sshlink', '../dirlink']) {
      gate(out, slot.replace('{P}', p), `path ${p} from src`, 'src');
    }
  }
}

const BAD_CWDS = [
  '..',
  '../..',
  '/',
  '/etc',
  '/tmp',
  '{{home}}',
  '{{home}}/.ssh',
  '{{outside}}',
  '{{ws}}/..',
  'link',
  'outdir',
  'sshlink',
  'dirlink',
  'gitlink',
  '.git',
  '.git/hooks',
  '.GIT',
  'src/../..',
  '~',
  '~/',
  'b.txt',
  'nonexistent',
  'src/\u0000',
  'src/\u200b',
  'src\\..\\..',
  '\u2025',
  ' ',
  'dangling',
  'lonely/../../..',
  '.git/../..',
];

function cwds(out: Line[]): void {
  BASES.forEach((base, b) => {
    BAD_CWDS.forEach((cwd, c) => {
      if ((b + c) % 2 === 0 || cwd === '..' || cwd === 'dirlink' || cwd === '.git')
        gate(out, base, `cwd ${cwd} is not a directory inside the workspace`, cwd);
    });
  });
}

/** With HOME as the workspace, a program that reads or walks from the root reaches the deny list. */
const AT_HOME = [
  'prettier --write .',
  'prettier --check .',
  'grep -r x .',
  'grep -r x',
  'grep -rl ssh',
  'rg x',
  'rg -l x .',
  'find . -name id_ed25519',
  'find -name x',
  'find',
  'eslint --fix',
  'eslint .',
  'black .',
  'black --check .',
  'ruff check',
  'ruff format .',
  'mypy .',
  'pytest',
  'pytest .',
  'python -m pytest',
  'tsc',
  'tsc -p .',
  'vitest run',
  'vitest',
  'jest',
  'node --test',
  'go test ./...',
  'go fmt ./...',
  'go vet ./...',
  'ls .ssh',
  'ls -la .ssh',
  'cat .ssh/id_ed25519',
  'cat .npmrc',
  'head .bashrc',
  'tail .zshrc',
  'wc -l .gitconfig',
  'diff .zshrc .bashrc',
  'sort .aws/credentials',
  'uniq .config/gh/hosts.yml',
  'cat .claude/settings.json',
  'ls .local/bin',
  'grep x .zshrc',
  'rg x .ssh',
  'find .ssh',
  'find .config -name x',
  'grep -r x .config',
  'prettier --write .claude',
  'eslint --fix .config',
  'du',
  'du -sh',
  'du -a .',
  'du -sh .config',
  'tree',
  'tree -a',
  'tree -L 1',
  'tree .config',
  'ls -R',
  'ls -laR .',
  'ls -R .config',
  'sed -n 1p .zshrc',
  'sed -n p .ssh/id_ed25519',
  'nl .bashrc',
  'tac .zshrc',
  'rev .npmrc',
  'cut -f 1 .netrc',
  'jq . .claude.json',
  'jq . .claude/settings.json',
  'xxd .ssh/id_ed25519',
  'od -c .gitconfig',
  'hexdump -C .zshrc',
  'strings .npmrc',
  'md5sum .ssh/id_ed25519',
  'sha256sum .aws/credentials',
  'stat .ssh',
  'file .aws/credentials',
  'realpath .ssh/id_ed25519',
  'basename .ssh/id_ed25519',
  'dirname .config/gh/hosts.yml',
  'cmp .zshrc .bashrc',
  'comm .zshrc .bashrc',
  'join .zshrc .bashrc',
  'paste .zshrc',
  'column .zshrc',
  'fold .zshrc',
  'expand .zshrc',
  'ls -l .ssh',
];

function atHome(out: Line[]): void {
  for (const command of AT_HOME)
    gate(out, command, 'the workspace is HOME: reads or walks over a deny-listed place', undefined, '{{home}}');
  for (const command of ['ls -la', 'cat id_ed25519', 'grep -r x', 'find . -name x']) {
    gate(out, command, 'the cwd is a deny-listed place inside a workspace at HOME', '.ssh', '{{home}}');
  }
}

export function placeLines(): Line[] {
  const out: Line[] = [];
  paths(out);
  cwds(out);
  atHome(out);
  return out;
}
