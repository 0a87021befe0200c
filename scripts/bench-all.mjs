// npm run bench — every `bench:<area>` of package.json in turn, on this machine, in one run (issue 22:
// "each goal holds on this machine in one run"). Each bench's own output is shown as it comes; at the
// end, every goal line (`goal …: met` / `goal …: NOT met`) is listed under its bench, then one line
// with the count. Exit status 1 when a goal was not met or a bench failed. Nothing is asserted by the
// test suite: timings belong here, not there.
//   BENCH_ONLY=policy,files runs only those areas.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
const only = process.env.BENCH_ONLY?.split(',')
  .map((area) => area.trim())
  .filter(Boolean);
/**
 * The microsecond benches first, on a settled machine: one that builds and deletes large trees
 * (bench:files, bench:checkpoints) leaves the kernel slower at path lookups for a while after it,
 * which is not what bench:policy measures (its decision is mostly one lstat).
 */
const FIRST = ['policy', 'dispatch', 'context', 'search'];
const areas = Object.keys(scripts)
  .filter((name) => name.startsWith('bench:'))
  .map((name) => name.slice('bench:'.length))
  .filter((area) => !only || only.includes(area))
  .sort((a, b) => (FIRST.includes(b) ? 1 : 0) - (FIRST.includes(a) ? 1 : 0));

/** A goal's verdict in a bench's line: `goal … : met` or `goal … : NOT met` (the one vocabulary of bench/). */
export function goalVerdicts(output) {
  const found = [];
  for (const line of output.split('\n')) {
    const verdicts = [...line.matchAll(/goal[^:]*:\s*(NOT met|met)\b/g)].map((m) => m[1]);
    for (const verdict of verdicts) found.push({ line: line.trim(), met: verdict === 'met' });
  }
  return found;
}

function runArea(area) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', `bench:${area}`], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      output += chunk.toString('utf8');
    });
    child.on('error', (error) => resolve({ area, output, code: 1, error: error.message, seconds: 0 }));
    child.on('close', (code) => resolve({ area, output, code: code ?? 1, seconds: (Date.now() - started) / 1000 }));
  });
}

async function main() {
  const results = [];
  for (const area of areas) {
    console.log(`\n━━ npm run bench:${area}`);
    results.push(await runArea(area));
  }
  let met = 0;
  let missed = 0;
  let failed = 0;
  console.log('\n━━ goals, one run');
  for (const result of results) {
    const verdicts = goalVerdicts(result.output);
    const status =
      result.code !== 0 ? `FAILED (exit ${result.code})` : verdicts.length === 0 ? 'no goal line printed' : '';
    console.log(`bench:${result.area} (${result.seconds.toFixed(0)} s) ${status}`);
    if (result.code !== 0 || verdicts.length === 0) failed++;
    for (const verdict of verdicts) {
      console.log(`  ${verdict.met ? 'met    ' : 'NOT met'}  ${verdict.line}`);
      if (verdict.met) met++;
      else missed++;
    }
  }
  console.log(
    `\n${met} goals met, ${missed} not met${failed > 0 ? `, ${failed} bench(es) failed or printed no goal` : ''}`,
  );
  process.exitCode = missed > 0 || failed > 0 ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
