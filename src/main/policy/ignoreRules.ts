// The workspace's `.gitignore` rules compiled once and kept across decisions while each file is
// unchanged (policy/containedFiles.ts asks them which files a checkpoint does not hold).
import fs from 'node:fs';
import ignore, { type Ignore } from 'ignore';

/**
 * `.gitignore` rules compiled once and kept for as long as the file is the same file with the same
 * size and times (dev, ino, size, mtime, ctime, from the decision's own lstat): a decision still
 * looks at every file, and reads and compiles only one that changed. Owned by whoever decides many
 * commands (a run tool, a check-command run); bounded.
 */
export class IgnoreRules {
  private readonly known = new Map<string, { key: string; rules: Ignore }>();

  constructor(private readonly limit = 512) {}

  /** The rules of these files compiled as one list, in order, as `st` describes each (null: none readable). */
  rulesOf(files: readonly { file: string; st: fs.Stats }[]): Ignore | null {
    const name = files.map((f) => f.file).join('\0');
    const key = files.map(({ st }) => `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`).join('|');
    const hit = this.known.get(name);
    if (hit && hit.key === key) return hit.rules;
    let rules: Ignore | null = null;
    for (const { file } of files) {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      rules ??= ignore();
      rules.add(text);
    }
    if (this.known.size >= this.limit) this.known.clear();
    if (rules) this.known.set(name, { key, rules });
    return rules;
  }
}
