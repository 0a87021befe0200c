// Placeholders for a long-lived contained process (SPEC §4 end, §14): the absent always-card
// directories and `.git`, made empty and bound read-only while it runs, shared by every process of
// the sandbox that needs them, removed by the last one to end when still empty, and written down so
// the next start removes what a crash left. One instance per sandbox: nothing of it is process-wide.
import fs from 'node:fs';
import path from 'node:path';
import { atHeldParent, identityOf, namesIn, parentsAreReal, WORKFLOWS, type HeldPaths } from './alwaysCardGuard';
import { pathAt } from '../workspace/safeOpen';

/**
 * Directories a long-lived process (a dev server that runs for hours) must not create at the top
 * level: a repository (whose config runs code in the owner's git), and the always-card directories.
 * For one that is absent, Paddock makes an empty directory and binds it read-only into the sandbox
 * (bubblewrap cannot refuse a name that does not exist, and a mount needs its point on disk), and
 * removes it again when the last process holding it ends, if it is still empty. Watching and moving
 * is not enough for these: a process that plants `.git` again the moment it is moved keeps one there
 * nearly all the time (measured: a prompt's `git status` found the planted repository in 95% of its
 * runs). Files (`.envrc`, `.npmrc`, …) cannot be held so without breaking the owner's tools: the
 * live watch (alwaysCardLive.ts) moves them out at once.
 */
const PLACEHOLDER_NAMES = [
  '.git',
  '.vscode',
  '.idea',
  '.devcontainer',
  '.claude',
  '.cursor',
  '.codex',
  '.gemini',
  '.github',
];

export interface HeldPlaceholders {
  /** The empty directories now in place, to bind read-only. */
  paths: string[];
  /** Lets go; the last holder removes each one that is still an empty directory. */
  release(): void;
}

/** One sandbox's placeholders: which it holds and for how many processes, and where it writes them down. */
export interface Placeholders extends HeldPaths {
  /**
   * Keeps the record at `file` from now on, after removing what an earlier run left there: each
   * placeholder it names that is still an empty directory (a crash never let it go).
   */
  recordAt(file: string): void;
  /**
   * The placeholders `workspace` needs now: the names absent from its top level (any case) or held
   * as placeholders already (another long-lived process's, which this one then shares: the first to
   * end must not take them from the other), and `.github/workflows` under a real `.github`.
   */
  absent(workspace: string): string[];
  /** Makes (or shares) the placeholders; one that cannot be made is left out (its name stays unguarded). */
  hold(paths: readonly string[]): HeldPlaceholders;
}

export function createPlaceholders(): Placeholders {
  /** Absolute placeholder paths → how many live processes hold each. */
  const placeholdersHeld = new Map<string, number>();
  /** Where the held placeholders are written down, so a Paddock that crashed removes them at its next start. */
  let placeholderRecord: string | null = null;

  function writeRecord(): void {
    if (placeholderRecord === null) return;
    try {
      const next = `${placeholderRecord}.next`;
      fs.writeFileSync(next, JSON.stringify([...placeholdersHeld.keys()]), { mode: 0o600 });
      fs.renameSync(next, placeholderRecord);
    } catch {
      // The record is a courtesy for after a crash; the placeholders themselves are in place.
    }
  }

  return { has: (p) => placeholdersHeld.has(p), recordAt, absent: absentPlaceholders, hold: holdPlaceholders };

  function recordAt(file: string): void {
    try {
      const left = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
      if (Array.isArray(left)) {
        for (const p of left) {
          if (typeof p !== 'string' || !path.isAbsolute(p) || placeholdersHeld.has(p)) continue;
          try {
            atHeldParent(p, (dir, name) => fs.rmdirSync(pathAt(dir, name))); // Only when empty: what the owner put there stays.
          } catch {
            /* not empty, or gone */
          }
        }
      }
    } catch {
      // No record (the first run) or an unreadable one.
    }
    placeholderRecord = file;
    writeRecord();
  }

  function absentPlaceholders(workspace: string): string[] {
    const present = new Set(
      namesIn(workspace)
        .filter((entry) => !placeholdersHeld.has(path.join(workspace, entry.name)))
        .map((entry) => entry.name.toLowerCase()),
    );
    const wanted = PLACEHOLDER_NAMES.filter((name) => !present.has(name)).map((name) => path.join(workspace, name));
    const workflows = path.join(workspace, WORKFLOWS);
    const githubIsOwners = present.has('.github') && parentsAreReal(workspace, WORKFLOWS);
    if (githubIsOwners && (identityOf(workflows) === null || placeholdersHeld.has(workflows))) wanted.push(workflows);
    return wanted;
  }

  function holdPlaceholders(paths: readonly string[]): HeldPlaceholders {
    const held: string[] = [];
    for (const p of paths) {
      try {
        if (!placeholdersHeld.has(p)) atHeldParent(p, (dir, name) => fs.mkdirSync(pathAt(dir, name), { mode: 0o755 }));
        placeholdersHeld.set(p, (placeholdersHeld.get(p) ?? 0) + 1);
        held.push(p);
      } catch {
        // It appeared meanwhile (the owner's): not a placeholder.
      }
    }
    writeRecord();
    let released = false;
    return {
      paths: held,
      release: () => {
        if (released) return;
        released = true;
        for (const p of held) {
          const left = (placeholdersHeld.get(p) ?? 1) - 1;
          if (left > 0) {
            placeholdersHeld.set(p, left);
            continue;
          }
          placeholdersHeld.delete(p);
          try {
            atHeldParent(p, (dir, name) => fs.rmdirSync(pathAt(dir, name))); // Only when empty: what the owner put there stays.
          } catch {
            /* not empty, or gone */
          }
        }
        writeRecord();
      },
    };
  }
}
