// What a workspace card says about a directory (seed 003 §2: "the card names the directory and
// what it contains"): its top-level entries, whether it is a repository, and its size, bounded.
import fs from 'node:fs';
import path from 'node:path';

export interface DirectoryFacts {
  entries: string[];
  moreEntries: number;
  isRepository: boolean;
  files: number;
  bytes: number;
  /** True when the walk stopped at its bound: the numbers are then lower bounds. */
  truncated: boolean;
}

const TOP_ENTRIES = 20;
const WALK_BOUND = 20_000;

export function directoryFacts(directory: string): DirectoryFacts {
  const top = fs.readdirSync(directory, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  let files = 0;
  let bytes = 0;
  let truncated = false;
  const stack = [directory];
  // Iterative and bounded: a home directory must not make the card slow. Links are not followed.
  while (stack.length > 0 && !truncated) {
    const current = stack.pop() as string;
    let children: fs.Dirent[];
    try {
      children = fs.readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const child of children) {
      if (files >= WALK_BOUND) {
        truncated = true;
        break;
      }
      const full = path.join(current, child.name);
      if (child.isDirectory()) stack.push(full);
      else if (child.isFile()) {
        files += 1;
        try {
          bytes += fs.lstatSync(full).size;
        } catch {
          /* vanished while walking */
        }
      }
    }
  }
  return {
    entries: top.slice(0, TOP_ENTRIES).map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name)),
    moreEntries: Math.max(0, top.length - TOP_ENTRIES),
    isRepository: fs.existsSync(path.join(directory, '.git')),
    files,
    bytes,
    truncated,
  };
}

export function describeFacts(facts: DirectoryFacts): string[] {
  const size = `${facts.truncated ? 'at least ' : ''}${facts.files} files, ${(facts.bytes / 1_048_576).toFixed(1)} MiB`;
  const listing = facts.entries.join(', ') + (facts.moreEntries > 0 ? ` and ${facts.moreEntries} more` : '');
  return [
    facts.isRepository ? 'a Git repository' : 'not a Git repository',
    `holds ${size}`,
    `top level: ${listing || '(empty)'}`,
  ];
}
