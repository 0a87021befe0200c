// The project lock (seed 000, SPEC §8): an agent turn working in a workspace and an owner action
// that updates it (Pull, Run tests) never interleave. Each refusal names who holds the workspace.
import path from 'node:path';

export type LockAttempt = { ok: true; release: () => void } | { ok: false; heldBy: string };

export interface ProjectLock {
  /** `holder` is a phrase the refusal shows: "agent @dev's turn", "the owner's Pull". */
  tryAcquire(directory: string, holder: string): LockAttempt;
  /** Who holds this directory (or one containing it, or one inside it), or null. */
  holderOf(directory: string): string | null;
}

export function createProjectLock(): ProjectLock {
  const held = new Map<string, { holder: string; token: symbol }>();

  function conflicting(directory: string): string | null {
    for (const [other, entry] of held) {
      // Nested directories overlap: a pull of /repo changes what a turn in /repo/pkg reads.
      if (within(directory, other) || within(other, directory)) return entry.holder;
    }
    return null;
  }

  return {
    tryAcquire(directory, holder) {
      const key = path.resolve(directory);
      const heldBy = conflicting(key);
      if (heldBy !== null) return { ok: false, heldBy };
      const token = Symbol(holder);
      held.set(key, { holder, token });
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          if (held.get(key)?.token === token) held.delete(key);
        },
      };
    },
    holderOf(directory) {
      return conflicting(path.resolve(directory));
    },
  };
}

/** The sentence the owner reads when the workspace is busy. */
export function lockRefusal(directory: string, heldBy: string): string {
  return `refused: ${directory} is busy while ${heldBy} is working there; try again when it ends`;
}

/** The holder phrase of an agent turn. */
export function agentTurnHolder(handle: string): string {
  const name = handle.startsWith('@') ? handle : `@${handle}`;
  return `agent ${name}'s turn`;
}

function within(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
