// Every document the code cites is shipped in docs/, so a newcomer can follow a citation without
// leaving the repository: "SPEC §N" is a section of docs/spec.md, "seed 003 §N" one of the
// design document, "AC-N" one of the contract's acceptance criteria, "issue N" a file in docs/issues/.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const docs = join(root, 'docs');

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else if (/\.(ts|tsx|mjs|cjs|js|md)$/.test(name)) out.push(path);
  }
  return out;
}

function citations(pattern: RegExp): Map<string, string> {
  const found = new Map<string, string>();
  for (const dir of ['src', 'test', 'scripts', 'bench', 'eslint']) {
    if (!existsSync(join(root, dir))) continue;
    for (const file of filesUnder(join(root, dir))) {
      for (const match of readFileSync(file, 'utf8').matchAll(pattern)) {
        if (!found.has(match[1]!)) found.set(match[1]!, file);
      }
    }
  }
  return found;
}

function topSections(text: string, heading: RegExp): Set<string> {
  const sections = new Set<string>();
  for (const line of text.split('\n')) {
    const match = heading.exec(line);
    if (match) sections.add(match[1]!);
  }
  return sections;
}

describe('citations in code and tests', () => {
  it('finds the cited documents (the scan itself works)', () => {
    expect(citations(/SPEC §(\d+)/g).size).toBeGreaterThan(5);
    expect(citations(/\bissue (\d+)\b/g).size).toBeGreaterThan(5);
  });

  it('each "SPEC §N" is a section of docs/spec.md', () => {
    const sections = topSections(readFileSync(join(docs, 'spec.md'), 'utf8'), /^## (\d+)\. /);
    for (const [section, file] of citations(/SPEC §(\d+)/g)) {
      expect(sections.has(section), `${file} cites SPEC §${section}`).toBe(true);
    }
  });

  it('each "seed 003 §N" is a section of the design document', () => {
    const text = readFileSync(join(docs, 'design', 'seed-003-developer-agent.txt'), 'utf8');
    const sections = topSections(text, /^(\d+)\. [A-Z]/);
    for (const [section, file] of citations(/seed 003 §(\d+)/g)) {
      expect(sections.has(section), `${file} cites seed 003 §${section}`).toBe(true);
    }
  });

  it('each "AC-N" is an acceptance criterion of the contract', () => {
    const text = readFileSync(join(docs, 'design', 'seed-000-coding-tools-contract.txt'), 'utf8');
    const criteria = topSections(text, /^AC-(\d+)\t/);
    for (const [criterion, file] of citations(/\bAC-(\d+)\b/g)) {
      expect(criteria.has(criterion), `${file} cites AC-${criterion}`).toBe(true);
    }
  });

  it('each "issue N" is a file in docs/issues/', () => {
    for (const [issue, file] of citations(/\bissue (\d+)\b/g)) {
      const shipped = join(docs, 'issues', `${issue.padStart(2, '0')}.md`);
      expect(existsSync(shipped), `${file} cites issue ${issue}`).toBe(true);
    }
  });
});
