// `npm run bench` reads each bench's goal lines (issue 22: every goal, one run). The benches print
// their verdicts in one vocabulary, which is what the summary counts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { goalVerdicts } from '../../scripts/bench-all.mjs';

const BENCH = path.resolve(__dirname, '../../bench');

describe('goal lines', () => {
  it('reads met and NOT met wherever the bench put the goal on its line', () => {
    const output = [
      'flood of a 512 MiB file (medians of 3)',
      '  runBounded 1193 MiB/s: 232% of the raw pipe [289% 160% 232%]; goal ≥ 50%: met; RSS growth 27.6 MiB',
      'list                ours 12.1 ms   rg --files 10.0 ms   ratio 1.21×  (goal ≤ 1.5×: met)',
      'added p50 7.9 ms (goal < 30 ms: NOT met; ratio 1.8), p99 12.0 ms',
      'throughput: anchor the bare proxy; preview 0.80x; goal ≥ 0.9x: NOT met',
      'no verdict here: the goal is printed below',
    ].join('\n');
    expect(goalVerdicts(output).map((v) => v.met)).toEqual([true, true, false, false]);
  });

  it('finds no verdict in a line that only names a goal', () => {
    expect(goalVerdicts('goals: list ≤ 1.5×, search ≤ 1.2×\nmet someone')).toEqual([]);
  });

  it('is the only vocabulary the benches use', () => {
    for (const file of fs.readdirSync(BENCH).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))) {
      const source = fs.readFileSync(path.join(BENCH, file), 'utf8');
      expect(source, file).not.toMatch(/MISSED|MISSES|'MET'|NOT MET|'meets'/);
      expect(source, file).toMatch(/'NOT met'/);
    }
  });
});
