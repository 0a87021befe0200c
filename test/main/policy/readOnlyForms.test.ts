// Issue 19 item 1 through the real command line: each read-only program and form the issue lists
// answers `auto` from `paddock check-command` in run mode (the one mode that auto-runs commands; ask
// and edit card them), and each dangerous variant the issue names answers `gated`. One CLI process
// (from the sources, test/support/cli.ts) decides every line, in a real temporary workspace.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paddockCli } from '../../support/cli';
import { makeWorkspace, type Fixture } from './fixtures';

const REPO = path.resolve(__dirname, '../../..');

/** Every form issue 19 item 1 lists, spelled as an agent issues it. */
const AUTO: readonly string[] = [
  // ls with its common display flags (-R without following links)
  'ls',
  'ls -1',
  'ls -a',
  'ls -l',
  'ls -h',
  'ls -lah src',
  'ls -R src',
  'ls -t',
  'ls -S',
  'ls -r',
  'ls --color=never',
  'ls -1 src',
  // sed -n with print-only scripts ($p is in the row, but a `$` anywhere makes a command not plain: below)
  'sed -n 1,5p b.txt',
  'sed -n 3p b.txt',
  'sed -n /a/p b.txt',
  'nl b.txt',
  'tac b.txt',
  'rev b.txt',
  'fold b.txt',
  'expand b.txt',
  // stdin-only tr; cut, column, paste, join, comm over files inside
  'cut -d : -f 1 b.txt',
  'tr a-z A-Z',
  'column -t b.txt',
  'paste b.txt notes.md',
  'join b.txt notes.md',
  'comm b.txt notes.md',
  'sort b.txt',
  'sort -r -n b.txt',
  'file b.txt',
  'stat b.txt',
  'du -sh src',
  'tree src',
  'tree -L 2 src',
  'realpath b.txt',
  'basename src/a.ts',
  'dirname src/a.ts',
  'cmp b.txt notes.md',
  'md5sum b.txt',
  'sha1sum b.txt',
  'sha256sum b.txt',
  'xxd b.txt',
  'od -c b.txt',
  'hexdump -C b.txt',
  'strings b.txt',
  'jq .name data.json',
  'jq -r .a.b data.json',
  'date',
  'date +%Y-%m-%d',
  'pwd',
  'true',
  'false',
  'printf hello',
  'echo hello world',
  'echo -n hello',
];

/** [command, the variant issue 19 (or the row's rule) names as dangerous] */
const GATED: readonly (readonly [string, string])[] = [
  ['ls -L src', 'ls following links'],
  ['ls link', 'a link operand'],
  ['ls /etc', 'an outside path'],
  ['sed -n 1w/tmp/x b.txt', 'a sed script with w'],
  ['sed -n 1W/tmp/x b.txt', 'a sed script with W'],
  ['sed -n 1e b.txt', 'a sed script with e'],
  ['sed -n 1r/etc/passwd b.txt', 'a sed script with r'],
  ['sed -n 1R/etc/passwd b.txt', 'a sed script with R'],
  ['sed -n s/a/b/w/tmp/x b.txt', 's/// with the w flag'],
  ['sed -n s/a/b/e b.txt', 's/// with the e flag'],
  ['sed -i s/a/b/ b.txt', 'sed -i'],
  ["sed -n '$p' b.txt", 'seed 003 §5.1: a $ anywhere, quoted or not, is not a plain command'],
  ['sed -n 1p /proc/self/environ', 'a /proc path'],
  ['tac link', 'a link operand'],
  ['nl -', "a '-' operand (standard input)"],
  ['tr a-z A-Z b.txt', 'tr with an operand (it reads standard input only)'],
  ['sort -o out.txt b.txt', 'sort -o'],
  ['sort --output=out.txt b.txt', 'sort --output'],
  ['sort --compress-program=sh b.txt', 'sort --compress-program'],
  ['du -L src', 'du following links'],
  ['tree -l src', 'tree following links'],
  ['stat /dev/sda', 'a device file'],
  ['cmp b.txt ../outside.txt', 'an operand that climbs out'],
  ['md5sum .git/config', 'a .git operand'],
  ['xxd b.txt out.bin', 'xxd writing an output file'],
  ['jq --rawfile x /etc/passwd . data.json', 'jq --rawfile from outside'],
  ['jq --slurpfile x /etc/passwd . data.json', 'jq --slurpfile from outside'],
  ['jq -f /tmp/filter.jq data.json', 'jq -f from outside'],
  ['jq -n env', 'jq reading the environment'],
  ['date -s 2020-01-01', 'date setting the clock'],
  ['date 0101000020', 'date setting the clock by operand'],
  ['echo x > out.txt', 'echo redirected into a file'],
  ['printf %s x > out.txt', 'printf redirected into a file'],
];

let fx: Fixture;
beforeAll(() => {
  fx = makeWorkspace();
});
afterAll(() => fx.cleanup());

interface Answer {
  tier: string;
  code: string;
  reason: string;
}

/** One `paddock check-command --jsonl` process for every command; answers come back in order. */
function decide(commands: readonly string[], mode: string): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ...paddockCli([
        'check-command',
        '--jsonl',
        '--sandbox',
        'off',
        '--workspace',
        fx.paths.workspace,
        '--mode',
        mode,
      ]),
      {
        cwd: REPO,
        env: { ...process.env, HOME: fx.paths.home, PADDOCK_DATA_DIR: fx.paths.dataDir },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (err += s));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`check-command exited ${code}: ${err}`));
      resolve(
        out
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as Answer),
      );
    });
    child.stdin.end(`${commands.map((command) => JSON.stringify({ command })).join('\n')}\n`);
  });
}

describe('issue 19 read-only forms through `paddock check-command`', () => {
  it('answers auto in run mode for every read-only form the issue lists', async () => {
    const answers = await decide(AUTO, 'run');
    const wrong = AUTO.flatMap((command, i) =>
      answers[i]?.tier === 'auto' ? [] : [`${command}: ${answers[i]?.code} ${answers[i]?.reason}`],
    );
    expect(wrong).toEqual([]);
    expect(answers.every((a) => a.code === 'on-run-list')).toBe(true);
  });

  it('gates every dangerous variant in run mode, with a reason code', async () => {
    const answers = await decide(
      GATED.map(([command]) => command),
      'run',
    );
    const wrong = GATED.flatMap(([command, why], i) =>
      answers[i]?.tier === 'gated' ? [] : [`${command} (${why}) was ${answers[i]?.tier}: ${answers[i]?.reason}`],
    );
    expect(wrong).toEqual([]);
    expect(answers.every((a) => typeof a.code === 'string' && a.code.length > 0 && a.code !== 'on-run-list')).toBe(
      true,
    );
  });

  it('cards the same read-only forms in ask and edit mode, which auto-run no command not remembered', async () => {
    for (const mode of ['ask', 'edit']) {
      const answers = await decide(AUTO, mode);
      expect(answers.map((a) => a.tier)).toEqual(AUTO.map(() => 'gated'));
      expect(new Set(answers.map((a) => a.code))).toEqual(new Set([`${mode}-mode`]));
    }
  });
});
