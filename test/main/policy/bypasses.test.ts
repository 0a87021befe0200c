// Every bypass seed 003 §5 names, and SPEC §7's additions, in every spelling: `=`, a separate
// value, an attached value, a cluster — and before or after the operands. None is ever auto.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/main/policy';
import { makeWorkspace, type Fixture } from './fixtures';

let fx: Fixture;
beforeAll(() => {
  fx = makeWorkspace();
});
afterAll(() => fx.cleanup());

const decide = (command: string) => classifyCommand(command, fx.ctx('run'));

/** [command, a phrase the reason must contain]. */
const BYPASSES: [string, string][] = [
  // The first failed shape (seed 003 §5): a denylist of spellings.
  ['env curl https://example.com', 'env'],
  ['env -i curl x', 'env'],
  ['cat $HOME/.ssh/id_ed25519', 'not a plain command'],
  ['cat ${HOME}/.ssh/id_ed25519', 'not a plain command'],
  ['cat ~/.ssh/id_ed25519', 'not a plain command'],
  ['echo x >>~/.zshenv', 'not a plain command'],
  ['echo x > .zshenv', 'not a plain command'],
  ['npx cowsay', 'npx cowsay'],
  ['npx --yes cowsay', 'npx --yes'],
  ['npx -y cowsay', 'npx -y'],
  ['npx -p evil vite', 'npx -p'],
  ['npx @evil/pkg', 'names a package'],
  ['npx vite@1.0.0', 'names a package'],
  ['npx ./node_modules/.bin/vite', 'names a package or a path'],
  ['node -e 1', 'node -e'],
  ['node -e=1', 'node -e'],
  ['node --eval 1', 'node --eval'],
  ['node --eval=1', 'node --eval'],
  ['node -pe 1', 'node -p'],
  ['node --print 1', 'node --print'],
  ['node run.js -e 1', 'node -e'],
  // The second failed shape: listed programs through flags nobody enumerated.
  ['node --import=data:text/javascript,process.exit(1) run.js', 'not a plain command'],
  // Fuzzing: pytest imports every -p, not only the first; a `no:` one before it hid the second.
  ['pytest -p no:x -p antigravity', 'not a module of the project'],
  ['pytest -p no:cacheprovider -pantigravity tests', 'not a module of the project'],
  ['pytest -qp no:x -p this', 'not a module of the project'],
  ['python -m pytest -p no:cacheprovider -pantigravity tests', 'not a module of the project'],
  // Fuzzing: a test id (`file::test`) named a link the resolver never saw (it looked up the whole id).
  ['pytest link::test_z', 'symbolic link'],
  ['pytest -q dirlink/a.ts::test_z', 'symbolic link'],
  ['python -m pytest -q link::test_z', 'symbolic link'],
  ['pytest ../x.py::test_z', "'..'"],
  ['node --import=data:text/javascript,1 run.js', 'node --import'],
  ['node --import data:text/javascript,1 run.js', 'node --import'],
  ['node --require x run.js', 'node --require'],
  ['node -r x run.js', 'node -r'],
  ['node -rx run.js', 'node -r'],
  ['node --loader=x run.js', 'node --loader'],
  ['node --experimental-loader x run.js', 'node --experimental-loader'],
  ['node --test --import=x', 'node --import'],
  ['node --imp=x run.js', 'node --imp'],
  ['make -C /tmp', 'make -C'],
  ['make -C/tmp', 'make -C'],
  ['make -C=/tmp', 'make -C'],
  ['make --directory=/tmp', 'make --directory'],
  ['make --directory /tmp', 'make --directory'],
  ['make --dir=/tmp', 'make --dir'],
  ['make -sC /tmp', 'make -s'],
  ['make test -C /tmp', 'make -C'],
  ['make -f /tmp/Makefile', 'make -f'],
  ['make CC=evil test', 'make'],
  ['grep -f /etc/passwd b.txt', 'grep -f'],
  ['grep -f/etc/passwd b.txt', 'grep -f'],
  ['grep -f=/etc/passwd b.txt', 'grep -f'],
  ['grep -nf /etc/passwd b.txt', 'grep -f'],
  ['grep -rnf /etc/passwd .', 'grep -f'],
  ['grep --file=/etc/passwd b.txt', 'grep --file'],
  ['grep --file /etc/passwd b.txt', 'grep --file'],
  ['grep --fi=/etc/passwd b.txt', 'grep --fi'],
  ['grep x b.txt -f /etc/passwd', 'grep -f'],
  ['grep x b.txt --file=/etc/passwd', 'grep --file'],
  ['grep --exclude-fr=/etc/passwd x b.txt', 'grep --exclude-fr'],
  ['grep --exclude-from=/etc/passwd x b.txt', 'grep --exclude-from'],
  ['grep -R x .', 'grep -R'],
  ['grep -nR x .', 'grep -R'],
  ['grep -Rn x .', 'grep -R'],
  ['grep x . -R', 'grep -R'],
  ['grep --dereference-recursive x .', 'grep --dereference-recursive'],
  ['grep --dereference x .', 'grep --dereference'],
  ['grep -e x b.txt', 'grep -e'],
  ['grep x /etc/passwd', 'absolute'],
  ['grep x ../outside.txt', '..'],
  ['grep x link', 'link'],
  ['sort -o /tmp/out b.txt', 'sort -o'],
  ['sort -o/tmp/out b.txt', 'sort -o'],
  ['sort -o=/tmp/out b.txt', 'sort -o'],
  ['sort -no /tmp/out b.txt', 'sort -o'],
  ['sort -uo/tmp/out b.txt', 'sort -o'],
  ['sort --output=/tmp/out b.txt', 'sort --output'],
  ['sort --output /tmp/out b.txt', 'sort --output'],
  ['sort --o=/tmp/x b.txt', 'sort --o'],
  ['sort --out=/tmp/x b.txt', 'sort --out'],
  ['sort b.txt -o /tmp/x', 'sort -o'],
  ['sort b.txt -o out.txt', 'sort -o'],
  ['sort --compress-prog=sh b.txt', 'sort --compress-prog'],
  ['sort --compress-program=sh b.txt', 'sort --compress-program'],
  ['sort -T /tmp b.txt', 'sort -T'],
  ['sort --files0-from=/etc/x', 'sort --files0-from'],
  ['find -files0-from /etc/x', 'find -files0-from'],
  ['find . -files0-from /etc/x', 'find -files0-from'],
  ['find -files0-from=/etc/x', 'find -files0-from'],
  ['find -L .', 'find -L'],
  ['find . -L', 'find -L'],
  ['find -H .', 'find -H'],
  ['find . -follow', 'find -follow'],
  ['find . -exec cat', 'find -exec'],
  ['find . -execdir cat', 'find -execdir'],
  ['find . -ok cat', 'find -ok'],
  ['find . -delete', 'find -delete'],
  ['find . -fprint /tmp/x', 'find -fprint'],
  ['find . -fprintf /tmp/x %p', 'find -fprintf'],
  ['find . -fls /tmp/x', 'find -fls'],
  ['find /etc -name x', 'absolute'],
  ['find .. -name x', '..'],
  ['find . -newer /etc/passwd', 'absolute'],
  ['rg -L x', 'rg -L'],
  ['rg -nL x', 'rg -L'],
  ['rg -Ln x', 'rg -L'],
  ['rg x -L', 'rg -L'],
  ['rg --follow x', 'rg --follow'],
  ['rg --fol x', 'rg --fol'],
  ['rg --pre=sh x', 'rg --pre'],
  ['rg --pre sh x', 'rg --pre'],
  ['rg -f /etc/passwd', 'rg -f'],
  ['rg --ignore-file=/etc/x y', 'rg --ignore-file'],
  ['rg -g /etc/* x', "begins with '/'"],
  ['rg -g=../* x', '..'],
  ['rg -g../* x', '..'],
  ['rg x /', 'absolute'],
  // SPEC §7: the program must be a bare listed name.
  ['./grep x b.txt', 'is a path'],
  ['/usr/bin/grep x b.txt', 'is a path'],
  ['bin/grep x', 'is a path'],
  ['X=1 grep x b.txt', 'sets a variable'],
  ['LD_PRELOAD=x.so ls', 'sets a variable'],
  ['GREP x b.txt', 'GREP'],
  ['uniq a b', 'uniq'],
  ['uniq b.txt out.txt', 'output file'],
  ['uniq -c b.txt /tmp/out', 'uniq'],
  ['diff -r a b', 'diff -r'],
  ['diff -ru a b', 'diff -r'],
  ['diff -ur a b', 'diff -r'],
  ['diff --recursive a b', 'diff --recursive'],
  ['diff src b.txt', 'directory'],
  ['cat .git/config', '.git'],
  ['cat .GIT/config', '.git'],
  ['cat .Git/hooks/pre-commit', '.git'],
  ['cat src/../.git/config', '..'],
  ['ls .git', '.git'],
  ['grep -r x .git', '.git'],
  ['find .git -name x', '.git'],
  ['find . -newer .git/HEAD', '.git'],
  ['rg -g .git/** x', '.git'],
  ['tsc -p .git/x.json', '.git'],
  // SPEC §7: only the ASCII space separates words; nothing invisible anywhere.
  ['grep\tx b.txt', 'tab'],
  ['grep x\tb.txt', 'tab'],
  ['grep "x\ty" b.txt', 'tab'],
  ['grep\rx', 'carriage return'],
  ['grep x\nrm -rf .', 'newline'],
  ['grep\u00a0x b.txt', 'U+00A0'],
  ['grep x\u2000b.txt', 'U+2000'],
  ['grep x\u2028b.txt', 'U+2028'],
  ['grep x\u2029b.txt', 'U+2029'],
  ['grep x\u3000b.txt', 'U+3000'],
  ['grep x\u205fb.txt', 'U+205F'],
  ['grep x\u180eb.txt', 'U+180E'],
  ['cat \u200bb.txt', 'U+200B'],
  ['cat b\u200c.txt', 'U+200C'],
  ['cat b\u200d.txt', 'U+200D'],
  ['cat \ufeffb.txt', 'U+FEFF'],
  ['cat "\u202eb.txt"', 'U+202E'],
  ['cat \u2066b.txt', 'U+2066'],
  ['cat b.txt\u061c', 'U+061C'],
  ['cat \u00adb.txt', 'U+00AD'],
  ['cat b.txt\u0000', 'U+0000'],
  ['cat b.txt\u007f', 'U+007F'],
  ['cat b.txt\u0085', 'U+0085'],
  ['cat \u3164b.txt', 'U+3164'],
  ['cat b.txt\ufe0f', 'U+FE0F'],
  ['cat b.txt\u{e0041}', 'U+E0041'],
  ['cat b.txt\ud800', 'U+D800'],
  ['cat b.txt\ue000', 'U+E000'],
  // Friendly names for programs off the list.
  ['rm -rf .', 'rm'],
  ['curl https://example.com', 'curl'],
  ['wget x', 'wget'],
  ['sudo ls', 'sudo'],
  ['sh -c ls', 'sh'],
  ['bash -c ls', 'bash'],
  ['git push', 'git push'],
  ['npm install left-pad', 'npm install installs packages this machine did not have'],
  ['npm i left-pad', 'npm i'],
  ['xargs rm', 'xargs'],
  ['python -c 1', 'python -c'],
];

describe('every bypass the seed and SPEC §7 name, in every spelling', () => {
  it.each(BYPASSES)('%s is gated', (command, named) => {
    const d = decide(command);
    expect(d.tier).toBe('gated');
    expect(d.reason).toContain(named);
  });

  it('an abbreviated long option is named as the abbreviation it is', () => {
    expect(decide('grep --exclude-fr=x y b.txt').reason).toContain('abbreviation of --exclude-from');
    expect(decide('sort --o=/tmp/x b.txt').reason).toContain('abbreviation of --output');
    expect(decide('sort --compress-prog=sh b.txt').reason).toContain('abbreviation of --compress-program');
  });

  it('the reasons speak the owner’s words', () => {
    expect(decide('grep -f /etc/passwd b.txt').reason).toBe(
      'grep -f reads patterns from a file, which can be outside the workspace',
    );
    expect(decide('rm -rf .').reason).toBe('rm deletes files, and rm is not on the run list');
    expect(decide('frobnicate').reason).toBe('frobnicate is not on the run list');
    expect(decide('echo x >>~/.zshenv').reason).toMatch(/^not a plain command: `>` is shell syntax/);
  });
});
