// The property that what the decision judges is what runs: random chains and pipelines of literal
// words (every quoting sh knows, line continuations inside words, `NAME=value` prefixes, redirects) are read by readShellForm, then
// run by /bin/sh -c and by bash -c with each program a shim that records its argv and the value of
// one prefixed variable. The recorded calls must be exactly the parse's simple commands that sh's
// rules (&& and || left to right, pipelines whole, `;` always) run, words and values included; and
// every file a redirect created must be a target the parse named.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readShellForm, type ShellCommand } from '../../../src/main/policy/shellForm';
import { loadShellGrammar } from '../../../src/main/policy/shellGrammar';

let dir: string;
let shims: string;
const RS = '\u001e';
const GS = '\u001d';

beforeAll(async () => {
  await loadShellGrammar();
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-trace-')));
  shims = path.join(dir, 'bin');
  fs.mkdirSync(shims);
  // One printf per call, so the calls of a pipeline never interleave in the log.
  const shim = `#!/bin/sh\nn=$(basename "$0")\ns="$n${RS}\${PV-<unset>}${RS}"\nfor a in "$@"; do s="$s$a${RS}"; done\nprintf '%s${GS}' "$s" >> "$TRACE_LOG"\ncase "$n" in f*) exit 1;; esac\nexit 0\n`;
  for (const name of ['p1', 'p2', 'p3', 'f1', 'f2']) {
    fs.writeFileSync(path.join(shims, name), shim, { mode: 0o755 });
  }
  // A loop's condition: `once` succeeds the first time only, `notyet` fails the first time only.
  for (const [name, first, then] of [
    ['once', 0, 1],
    ['notyet', 1, 0],
  ] as const) {
    const turn = `if [ -e "$TRACE_LOG.$n" ]; then exit ${then}; fi\n: > "$TRACE_LOG.$n"\nexit ${first}\n`;
    fs.writeFileSync(path.join(shims, name), shim.replace(/case "\$n".*\nexit 0\n$/s, turn), { mode: 0o755 });
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A small seeded generator, so a failure names the seed that reproduces it. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
  };
}

type Rng = ReturnType<typeof random>;

/** Characters a word's value may hold: text, spaces and the shell's own syntax, all to be quoted. */
const TEXT = 'abcXYZ019_-.,:/=+@%'.split('');
const SYNTAX = [
  ' ',
  '|',
  ';',
  '&',
  '<',
  '>',
  '(',
  ')',
  '$',
  '`',
  '"',
  "'",
  '\\',
  '#',
  '*',
  '?',
  '~',
  '{',
  '}',
  '!',
  '[',
  ']',
  '\n',
];

function value(rng: Rng): string {
  const n = 1 + rng.int(6);
  let out = '';
  for (let i = 0; i < n; i++) out += rng.int(4) === 0 ? rng.pick(SYNTAX) : rng.pick(TEXT);
  return out;
}

/** `v` written so that sh gives exactly v: one of several quotings, or a concatenation of them. */
function quote(v: string, rng: Rng): string {
  const safe = /^[A-Za-z0-9_.,:/=+@%-]+$/.test(v) && !v.startsWith('=');
  const style = rng.int(safe ? 5 : 4);
  switch (style) {
    case 0:
      return `'${v.replace(/'/g, `'\\''`)}'`;
    case 1:
      return `"${v.replace(/[\\"$`]/g, (c) => `\\${c}`)}"`;
    case 2:
      return v.replace(/[^A-Za-z0-9_.,:/=+@%-]/g, (c) => (c === '\n' ? `'\n'` : `\\${c}`));
    case 3: {
      if (v.length < 2) return `'${v.replace(/'/g, `'\\''`)}'`;
      const cut = 1 + rng.int(v.length - 1);
      // Sometimes joined by a line continuation, which sh removes.
      return `${quote(v.slice(0, cut), rng)}${rng.int(12) === 0 ? '\\\n' : ''}${quote(v.slice(cut), rng)}`;
    }
    default:
      return v;
  }
}

interface Generated {
  source: string;
  redirects: string[];
}

function simple(rng: Rng, k: number, out: Generated): string {
  const parts: string[] = [];
  if (rng.int(3) === 0) parts.push(`PV=${quote(value(rng), rng)}`);
  parts.push(rng.pick(['p1', 'p2', 'p3', 'f1', 'f2'])!);
  const n = rng.int(4);
  for (let i = 0; i < n; i++) parts.push(quote(value(rng), rng));
  const r = rng.int(6);
  if (r === 0) {
    const target = `out${k}.txt`;
    out.redirects.push(target);
    parts.push(`> ${target}`);
  } else if (r === 1) parts.push('2>&1');
  else if (r === 2) {
    out.redirects.push('/dev/null');
    parts.push('2>/dev/null');
  } else if (r === 3) {
    const target = `app${k}.txt`;
    out.redirects.push(target);
    parts.push(`>> ${target}`);
  }
  return parts.join(' ');
}

function generate(seed: number): Generated {
  const rng = random(seed);
  const out: Generated = { source: '', redirects: [] };
  const n = 1 + rng.int(5);
  let source = simple(rng, 0, out);
  for (let i = 1; i < n; i++)
    source += `${rng.pick([' && ', ' || ', ' ; ', ' | ', '\n', ' && ', ' | '])}${simple(rng, i, out)}`;
  out.source = source;
  return out;
}

/** Which of the parsed commands sh runs: pipelines whole, && and || left to right, `;` resets. */
function expectedRuns(commands: readonly ShellCommand[]): ShellCommand[] {
  const runs: ShellCommand[] = [];
  // Group into pipelines, each with the connector before it.
  const pipelines: { connector: string; members: ShellCommand[] }[] = [];
  for (const c of commands) {
    if (c.connector === '|') pipelines[pipelines.length - 1]!.members.push(c);
    else pipelines.push({ connector: c.connector, members: [c] });
  }
  let status = 0;
  for (const p of pipelines) {
    const run =
      p.connector === 'start' ||
      p.connector === ';' ||
      (p.connector === '&&' && status === 0) ||
      (p.connector === '||' && status !== 0);
    if (!run) continue;
    runs.push(...p.members);
    status = p.members[p.members.length - 1]!.words[0]!.value.startsWith('f') ? 1 : 0;
  }
  return runs;
}

function record(c: ShellCommand): string {
  const pv = c.assignments.find((a) => a.name === 'PV');
  return [c.words[0]!.value, pv ? pv.value.value : '<unset>', ...c.words.slice(1).map((w) => w.value)].join(RS) + RS;
}

function trace(shell: string, source: string, cwd: string): string[] {
  const log = path.join(cwd, 'trace.log');
  fs.writeFileSync(log, '');
  const result = spawnSync(shell, ['-c', source], {
    cwd,
    env: { PATH: `${shims}:/usr/bin:/bin`, TRACE_LOG: log },
    encoding: 'utf8',
    timeout: 10_000,
  });
  expect(result.error).toBeUndefined();
  return fs
    .readFileSync(log, 'utf8')
    .split(GS)
    .filter((s) => s !== '');
}

const SEEDS = Array.from({ length: 200 }, (_, i) => i + 1);

describe('the simple commands read are the commands that run', () => {
  it.each(['/bin/sh', 'bash'])('under %s', (shell) => {
    const refused: string[] = [];
    for (const seed of SEEDS) {
      const generated = generate(seed);
      const form = readShellForm(generated.source);
      // Every generated form is literal; a refusal is a card (never a wrong reading), and rare.
      if (!form.ok) {
        refused.push(`${generated.source} → ${form.reason}`);
        continue;
      }
      const cwd = fs.mkdtempSync(path.join(dir, 'run-'));
      const ran = trace(shell, generated.source, cwd);
      const wanted = expectedRuns(form.commands).map(record);
      expect({ seed, source: generated.source, ran: [...ran].sort() }).toEqual({
        seed,
        source: generated.source,
        ran: [...wanted].sort(),
      });
      const named = new Set(
        form.commands.flatMap((c) => c.redirects.flatMap((r) => (r.kind === 'file' ? [r.target.value] : []))),
      );
      for (const file of fs.readdirSync(cwd).filter((f) => f !== 'trace.log')) {
        expect({ seed, file, named: named.has(file) }).toEqual({ seed, file, named: true });
      }
      expect([...named].sort()).toEqual([...new Set(generated.redirects)].sort());
    }
    expect(refused.length, refused.join('\n')).toBeLessThan(SEEDS.length / 10);
  });
});

describe('a quoted heredoc\'s text inside "$( … )" is the word that runs', () => {
  it.each(['/bin/sh', 'bash'])('under %s', (shell) => {
    let accepted = 0;
    for (const seed of SEEDS) {
      const rng = random(seed * 7919);
      let body = '';
      const lines = 1 + rng.int(3);
      for (let l = 0; l < lines; l++) body += `${l > 0 ? '\n' : ''}${value(rng)}${value(rng)}`;
      const source = `p1 "$(cat <<'EOF'\n${body}\nEOF\n)" ${quote(value(rng), rng)}`;
      const form = readShellForm(source);
      if (!form.ok) continue;
      accepted++;
      const cwd = fs.mkdtempSync(path.join(dir, 'heredoc-'));
      expect({ seed, source, ran: trace(shell, source, cwd) }).toEqual({
        seed,
        source,
        ran: form.commands.map(record),
      });
    }
    // Texts with quotes, parentheses, `$` or `\` are refused; plain ones are read.
    expect(accepted).toBeGreaterThan(20);
  });
});

describe('a for loop\'s body runs once per value, "$v" being the value', () => {
  it.each(['/bin/sh', 'bash'])('under %s', (shell) => {
    let accepted = 0;
    for (const seed of SEEDS) {
      const rng = random(seed * 104729);
      const values = Array.from({ length: 1 + rng.int(3) }, () => value(rng));
      const body = Array.from({ length: 1 + rng.int(2) }, (_, k) => {
        const at = rng.int(3);
        const word = at === 0 ? '"$v"' : at === 1 ? `x"$v"y` : `"a\${v}b"`;
        return `p${1 + k} ${word} ${quote(value(rng), rng)}`;
      });
      const source = `for v in ${values.map((v) => quote(v, rng)).join(' ')}; do ${body.join('; ')}; done`;
      const form = readShellForm(source);
      if (!form.ok) continue;
      accepted++;
      const cwd = fs.mkdtempSync(path.join(dir, 'loop-'));
      const wanted = values.flatMap((v) =>
        form.commands.map((c) =>
          record({
            ...c,
            words: c.words.map((w) => ({
              ...w,
              value: w.parts.map((p) => (p.variable && p.name === 'v' ? v : p.text)).join(''),
            })),
          }),
        ),
      );
      expect({ seed, source, ran: trace(shell, source, cwd) }).toEqual({ seed, source, ran: wanted });
    }
    expect(accepted).toBeGreaterThan(150);
  });
});

describe('every command a while or until loop runs is one the parse judged', () => {
  it.each(['/bin/sh', 'bash'])('under %s', (shell) => {
    let accepted = 0;
    for (const seed of SEEDS) {
      const rng = random(seed * 7919);
      const out: Generated = { source: '', redirects: [] };
      const until = rng.int(2) === 0;
      const cond = `${until ? 'notyet' : 'once'} ${quote(value(rng), rng)}`;
      const body = Array.from({ length: 1 + rng.int(2) }, (_, k) => simple(rng, k, out)).join('; ');
      const source = `${until ? 'until' : 'while'} ${cond}; do ${body}; done`;
      const form = readShellForm(source);
      if (!form.ok) continue;
      accepted++;
      const cwd = fs.mkdtempSync(path.join(dir, 'while-'));
      const judged = new Set(form.commands.map(record));
      const ran = trace(shell, source, cwd);
      // The condition twice, the body once between.
      expect(ran.filter((r) => r.startsWith(until ? 'notyet' : 'once'))).toHaveLength(2);
      for (const call of ran) expect({ seed, source, call, judged: judged.has(call) }).toMatchObject({ judged: true });
    }
    expect(accepted).toBeGreaterThan(150);
  });
});

describe('every command an if runs is one the parse judged', () => {
  it.each(['/bin/sh', 'bash'])('under %s', (shell) => {
    let accepted = 0;
    for (const seed of SEEDS) {
      const rng = random(seed * 7877);
      const out: Generated = { source: '', redirects: [] };
      const cond = simple(rng, 0, out);
      const then = simple(rng, 1, out);
      const otherwise = rng.int(2) === 0 ? `; else ${simple(rng, 2, out)}` : '';
      const source = `if ${cond}; then ${then}${otherwise}; fi`;
      const form = readShellForm(source);
      if (!form.ok) continue;
      accepted++;
      const cwd = fs.mkdtempSync(path.join(dir, 'if-'));
      const judged = new Set(form.commands.map(record));
      for (const ran of trace(shell, source, cwd))
        expect({ seed, source, ran, judged: judged.has(ran) }).toMatchObject({ judged: true });
    }
    expect(accepted).toBeGreaterThan(150);
  });
});

describe("echo's $( … ) runs exactly the commands the parse judged", () => {
  it.each(['/bin/sh', 'bash'])('under %s', (shell) => {
    let accepted = 0;
    for (const seed of SEEDS) {
      const rng = random(seed * 6007);
      const out: Generated = { source: '', redirects: [] };
      const inner = simple(rng, 0, out).replace(/ (>>?|2>) ?\S+| 2>&1/g, '');
      const source = `echo "x $(${inner}) y" ${quote(value(rng), rng)}`;
      const form = readShellForm(source);
      if (!form.ok) continue;
      accepted++;
      const cwd = fs.mkdtempSync(path.join(dir, 'sub-'));
      const wanted = form.commands.filter((c) => c.words[0]!.value !== 'echo').map(record);
      expect({ seed, source, ran: trace(shell, source, cwd) }).toEqual({ seed, source, ran: wanted });
    }
    expect(accepted).toBeGreaterThan(100);
  });
});
