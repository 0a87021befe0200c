// docs/architecture.md stays true to the code: every file of the core appears in its module map,
// by its path inside its part, and the map names no file that is gone.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..', '..');
const core = path.join(root, 'src', 'main');
const map = fs.readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8');

function coreFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts')) out.push(path.relative(core, full).split(path.sep).join('/'));
    }
  };
  walk(core);
  return out;
}

/** The map's rows: part → the files it lists (paths inside the part). */
function mapRows(): Map<string, Set<string>> {
  const rows = new Map<string, Set<string>>();
  const start = map.indexOf('## Where each module is');
  const section = map.slice(start, map.indexOf('\n## ', start + 3));
  for (const line of section.split('\n')) {
    const row = /^\| `([^`]+)` \| (.*) \|$/.exec(line);
    if (!row) continue;
    rows.set(row[1]!, new Set([...row[2]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)));
  }
  return rows;
}

describe('the module map in docs/architecture.md', () => {
  it('lists every file of src/main under its part, and none that is gone', () => {
    const rows = mapRows();
    expect(rows.size).toBeGreaterThan(10);
    const listed = new Set<string>();
    for (const [part, files] of rows) {
      for (const file of files) listed.add(part === 'src/main/' ? file : `${part}${file}`);
    }
    const actual = coreFiles();
    expect(actual.filter((file) => !listed.has(file)), 'files missing from the map').toEqual([]);
    expect([...listed].filter((file) => !actual.includes(file)), 'files the map names that are gone').toEqual([]);
  });
});
