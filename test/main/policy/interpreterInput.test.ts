// Where an interpreter given standard input takes its program from (policy/interpreterInput.ts): the
// table, then each row the real interpreter can answer held to it — fed code on standard input that
// prints a marker, the marker is printed exactly when the rule says the input is the program.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interpreterProgram, namesStandardInput } from '../../../src/main/policy/interpreterInput';

type From = 'words' | 'script' | 'input' | 'unread';

const ROWS: readonly (readonly [string, From])[] = [
  ['python3', 'input'],
  ['python3 -', 'input'],
  ['python3 -u', 'input'],
  ['python3 -W ignore', 'input'],
  ['python3 -Wignore', 'input'],
  ['python3 -X dev', 'input'],
  ['python3 -uW ignore', 'input'],
  ['python3 -I -S', 'input'],
  ['python3 --check-hash-based-pycs never', 'input'],
  ['python3 --check-hash-based-pycs=never', 'input'],
  ['python3 /dev/stdin', 'input'],
  ['python3 /dev/fd/0', 'input'],
  ['python3 //dev/./stdin', 'input'],
  ['python3 /proc/self/fd/0', 'input'],
  ['python3 -- -', 'input'],
  ['python3 script.py', 'script'],
  ['python3 -W ignore script.py', 'script'],
  ['python3 -u script.py -', 'script'],
  ['python3 -c pass', 'words'],
  ['python3 -Ic pass', 'words'],
  ['python3 -m json.tool', 'words'],
  ['python3 -mjson.tool', 'words'],
  ['python3 --unknown-long', 'unread'],
  ['python3 -Z', 'unread'],
  ['node', 'input'],
  ['node -', 'input'],
  ['node -r fs', 'input'],
  ['node --require fs', 'input'],
  ['node --require=fs', 'input'],
  ['node --no-warnings', 'input'],
  ['node --stack-size=2000', 'unread'],
  ['node app.js', 'script'],
  ['node -r fs app.js', 'script'],
  ['node -e 1', 'words'],
  ['node --eval=1', 'words'],
  ['sh', 'input'],
  ['sh -s x', 'input'],
  ['bash -es', 'input'],
  ['bash -o pipefail', 'input'],
  ['bash +x', 'input'],
  ['bash -x script.sh', 'script'],
  ['bash -c true', 'words'],
  ['bash /dev/stdin', 'input'],
  ['ruby', 'input'],
  ['ruby -w', 'input'],
  ['ruby -e 1', 'words'],
  ['perl -w', 'input'],
  ['perl -e 1', 'words'],
  ['perl x.pl', 'script'],
  ['tclsh', 'input'],
  ['tclsh -encoding utf-8', 'unread'],
  ['tclsh x.tcl', 'script'],
];

describe('interpreterProgram', () => {
  it.each(ROWS)('%s takes its program from %s', (command, from) => {
    const argv = command.split(' ');
    expect(interpreterProgram(argv[0]!, argv).from).toBe(from);
  });

  it('names standard input however the path is spelled, and nothing else', () => {
    for (const w of ['-', '/dev/stdin', '/dev//stdin', '/dev/fd/0', '/dev/fd/3', '/proc/self/fd/0', '/proc/1/fd/0'])
      expect(namesStandardInput(w), w).toBe(true);
    for (const w of ['--', 'stdin', '/dev/stdout', 'dev/stdin', '/dev/stdinx', 'x.py'])
      expect(namesStandardInput(w), w).toBe(false);
  });
});

// The interpreters on this machine, each fed code on a real pipe (as sh gives it) that prints
// MARKER, with a script beside it printing SCRIPT. Sound: whenever the interpreter ran its input,
// the rule said so (or that it cannot tell). And not vacuous: where the rule names a script, the script is what ran.
const CODE: Readonly<Record<string, readonly [string, string]>> = {
  python3: ['print("MARKER")', 'print("SCRIPT")'],
  node: ['console.log("MARKER")', 'console.log("SCRIPT")'],
  sh: ['echo MARKER', 'echo SCRIPT'],
  bash: ['echo MARKER', 'echo SCRIPT'],
  perl: ['print "MARKER\\n"', 'print "SCRIPT\\n"'],
};
const has = (program: string): boolean => spawnSync(program, ['--version']).error === undefined;

describe('interpreterProgram against the real interpreters', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-interp-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const rows = ROWS.filter(([c]) => CODE[c.split(' ')[0]!] !== undefined && !c.includes('/proc/1/'));
  it.each(rows)('%s (%s)', (command, from) => {
    const argv = command.split(' ');
    const program = argv[0]!;
    if (!has(program)) return;
    const [code, script] = CODE[program]!;
    for (const name of ['script.py', 'app.js', 'script.sh', 'x.pl']) fs.writeFileSync(path.join(dir, name), script);
    fs.writeFileSync(path.join(dir, 'input'), `${code}\n`);
    const r = spawnSync('/bin/sh', ['-c', `cat input | ${command}`], { cwd: dir, encoding: 'utf8', timeout: 10_000 });
    const printed = `${r.stdout}${r.stderr}`;
    // An option the rule does not read is a card too: `unread` is as safe as `input`.
    if (printed.includes('MARKER'))
      expect({ command, from: from === 'unread' ? 'input' : from }).toEqual({ command, from: 'input' });
    if (from === 'script') expect(printed).toContain('SCRIPT');
    if (from === 'words') expect(printed).not.toContain('MARKER');
  });

  it('the pipe rows are not vacuous: most of the input rows run the input', () => {
    const ran = rows.filter(([c, from]) => {
      if (from !== 'input' || !has(c.split(' ')[0]!)) return false;
      fs.writeFileSync(path.join(dir, 'input'), `${CODE[c.split(' ')[0]!]![0]}\n`);
      const r = spawnSync('/bin/sh', ['-c', `cat input | ${c}`], { cwd: dir, encoding: 'utf8', timeout: 10_000 });
      return `${r.stdout}`.includes('MARKER');
    });
    expect(ran.length).toBeGreaterThan(15);
  });
});
