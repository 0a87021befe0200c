// What a folder holds, said before the owner grants it (issue 23 §1): the git branch, the main
// languages and the size, from a bounded walk; and the completion of a typed path, directories only.
// Read-only and owner-facing: this runs for the owner's own typing, never for the agent.
import fs from 'node:fs';
import path from 'node:path';
import type { FolderFactsView } from '../../shared/ipc/views';

const LANGUAGES: Record<string, string> = {
  '.ts': 'TypeScript',
  '.tsx': 'TypeScript',
  '.mts': 'TypeScript',
  '.cts': 'TypeScript',
  '.js': 'JavaScript',
  '.jsx': 'JavaScript',
  '.mjs': 'JavaScript',
  '.cjs': 'JavaScript',
  '.py': 'Python',
  '.rs': 'Rust',
  '.go': 'Go',
  '.java': 'Java',
  '.kt': 'Kotlin',
  '.swift': 'Swift',
  '.rb': 'Ruby',
  '.php': 'PHP',
  '.c': 'C',
  '.h': 'C',
  '.cc': 'C++',
  '.cpp': 'C++',
  '.hpp': 'C++',
  '.cs': 'C#',
  '.scala': 'Scala',
  '.sh': 'Shell',
  '.html': 'HTML',
  '.css': 'CSS',
  '.scss': 'CSS',
  '.vue': 'Vue',
  '.svelte': 'Svelte',
  '.md': 'Markdown',
  '.sql': 'SQL',
  '.lua': 'Lua',
  '.dart': 'Dart',
};
/** Folders that are built or fetched, not written: counted as nothing. */
const SKIPPED = new Set([
  '.git',
  'node_modules',
  '.venv',
  'venv',
  '__pycache__',
  'target',
  'dist',
  'build',
  'out',
  '.next',
]);
const MAX_ENTRIES = 20_000;

function expandHome(input: string, home: string): string {
  if (input === '~') return home;
  if (input.startsWith('~/')) return path.join(home, input.slice(2));
  return input;
}

/** The branch named by .git/HEAD (a worktree's .git file followed once); null when not a repository or detached. */
export function gitBranchOf(directory: string): string | null {
  try {
    let gitDir = path.join(directory, '.git');
    const stat = fs.statSync(gitDir);
    if (stat.isFile()) {
      const pointer = /^gitdir:\s*(.+)$/m.exec(fs.readFileSync(gitDir, 'utf8'));
      if (!pointer) return null;
      gitDir = path.resolve(directory, pointer[1]!.trim());
    }
    const head = fs.readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
    return ref ? ref[1]! : null;
  } catch {
    return null;
  }
}

/**
 * `refusal` is the workspace rule's sentence for a folder that can never be granted (the filesystem
 * root, Paddock's own data), so the step says it before the click instead of after, and walks nothing.
 */
export function folderFacts(
  input: string,
  home: string,
  refusal: (directory: string) => string | null = () => null,
): FolderFactsView {
  const directory = path.resolve(expandHome(input.trim(), home));
  const empty = { directory, branch: null, languages: [], files: 0, bytes: 0, truncated: false };
  let stat: fs.Stats;
  try {
    stat = fs.statSync(directory);
  } catch {
    return { ...empty, problem: `${directory} does not exist.` };
  }
  if (!stat.isDirectory()) return { ...empty, problem: `${directory} is a file, not a folder.` };
  const refused = refusal(directory);
  if (refused !== null) return { ...empty, problem: refused };
  const counts = new Map<string, number>();
  let files = 0;
  let bytes = 0;
  let seen = 0;
  const pending = [directory];
  while (pending.length > 0 && seen < MAX_ENTRIES) {
    const current = pending.pop() as string;
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) break;
      const full = path.join(current, entry.name);
      // Links are not followed: the count is of what the folder itself holds.
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) pending.push(full);
      } else if (entry.isFile()) {
        files += 1;
        try {
          bytes += fs.lstatSync(full).size;
        } catch {
          /* gone meanwhile */
        }
        const language = LANGUAGES[path.extname(entry.name).toLowerCase()];
        if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
      }
    }
  }
  const languages = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 5)
    .map(([name]) => name);
  return {
    directory,
    problem: null,
    branch: gitBranchOf(directory),
    languages,
    files,
    bytes,
    truncated: seen >= MAX_ENTRIES || pending.length > 0,
  };
}

/** Folders that complete a typed path: the typed folder's subfolders whose names start with what follows the last slash. */
export function completeFolder(input: string, home: string, limit = 50): string[] {
  const typed = expandHome(input, home);
  if (!path.isAbsolute(typed)) return [];
  const parent = typed.endsWith('/') ? typed : path.dirname(typed);
  const start = typed.endsWith('/') ? '' : path.basename(typed);
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(parent, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter(
      (entry) =>
        entry.isDirectory() && entry.name.startsWith(start) && (start.startsWith('.') || !entry.name.startsWith('.')),
    )
    .map((entry) => path.join(parent, entry.name))
    .sort()
    .slice(0, limit);
}
