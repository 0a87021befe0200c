// The whole corpus (corpus/attacks.jsonl, corpus/allowed.jsonl) through the real CLI in one process:
// `paddock check-command --jsonl` (from the sources) with HOME set to the fake home of a real temp world
// (corpus/layout.ts). Every attack must be gated and every table form auto; failures are printed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPlaceholders, makeCorpusWorld, type CorpusWorld } from './corpus/layout';
import { CORPUS_DIR, generateCorpus, toJsonl } from './corpus/generate';
import type { Line } from './corpus/attacks';
import { paddockCli } from '../../support/cli';

const REPO = path.resolve(__dirname, '../../..');

let world: CorpusWorld;
beforeAll(() => {
  world = makeCorpusWorld();
});
afterAll(() => world.cleanup());

interface Answer {
  tier: string;
  reason: string;
}

function readCorpus(name: string): Line[] {
  const text = fs.readFileSync(path.join(CORPUS_DIR, name), 'utf8');
  return text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
}

/** One CLI process for every line; answers come back one per line, in order. */
function decide(lines: readonly Line[]): Promise<Answer[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(...paddockCli(['check-command', '--jsonl', '--sandbox', 'off']), {
      cwd: REPO,
      env: { ...process.env, HOME: world.home, PADDOCK_DATA_DIR: world.dataDir },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
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
    const input = lines.map((line) => {
      const { workspace, cwd, mode, command } = line;
      return fillPlaceholders(JSON.stringify({ workspace, cwd, mode, command }), world);
    });
    child.stdin.end(`${input.join('\n')}\n`);
  });
}

function failures(lines: readonly Line[], answers: readonly Answer[]): string[] {
  const wrong: string[] = [];
  lines.forEach((line, i) => {
    const answer = answers[i];
    if (answer?.tier === line.expect) return;
    const shown = line.command.length > 120 ? `${line.command.slice(0, 120)}…` : line.command;
    wrong.push(
      `${JSON.stringify(shown)} cwd=${line.cwd ?? '.'} ws=${line.workspace} mode=${line.mode}: expected ${line.expect}, got ${answer?.tier} (${answer?.reason}) — ${line.why}`,
    );
  });
  return wrong;
}

describe('the attack corpus through `paddock check-command --jsonl`', () => {
  it('the committed corpus files are what generate.ts produces', () => {
    const { attacks, allowed } = generateCorpus();
    expect(fs.readFileSync(path.join(CORPUS_DIR, 'attacks.jsonl'), 'utf8')).toBe(toJsonl(attacks));
    expect(fs.readFileSync(path.join(CORPUS_DIR, 'allowed.jsonl'), 'utf8')).toBe(toJsonl(allowed));
    expect(attacks.length).toBeGreaterThan(2000);
  });

  it('every attack is gated and every table form is auto', async () => {
    const attacks = readCorpus('attacks.jsonl');
    const allowed = readCorpus('allowed.jsonl');
    const lines = [...attacks, ...allowed];
    const answers = await decide(lines);
    expect(answers.length).toBe(lines.length);
    const wrong = failures(lines, answers);
    if (wrong.length > 0) console.error(`${wrong.length} corpus lines decided wrongly:\n${wrong.join('\n')}`);
    expect(wrong).toEqual([]);
  }, 120_000);
});
