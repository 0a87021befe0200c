// Repository for `remembered_commands` (seed 003 §3, §8; SPEC §5, §10): what the owner allowed on a
// card, bound to the agent and the workspace directory, listed and forgettable in Settings.
// Matching lives in policy/remembered.ts (pure); this file only stores and reads.
import type { RememberedCommand } from '../policy/types';
import type { Db } from './database';

interface RememberedRow {
  id: number;
  agent_id: string;
  directory: string;
  argv: string;
  kind: 'exact' | 'prefix';
  created_at: string;
  last_used_at: string | null;
}

export interface NewRememberedCommand {
  agentId: string;
  directory: string;
  /** The lexed argv of the command on the card (policy/lexer.ts); for a prefix, its first two words are kept. */
  argv: readonly string[];
  kind: 'exact' | 'prefix';
}

export class RememberError extends Error {}

function parseArgv(text: string): string[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value) || !value.every((w): w is string => typeof w === 'string')) {
    throw new RememberError('a remembered command in the database is not a list of words');
  }
  return value;
}

function toRemembered(row: RememberedRow): RememberedCommand {
  return {
    id: row.id,
    agentId: row.agent_id,
    directory: row.directory,
    argv: parseArgv(row.argv),
    kind: row.kind,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

export function createRememberedCommandsRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO remembered_commands (agent_id, directory, argv, kind, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (agent_id, directory, argv, kind) DO NOTHING`,
  );
  const find = db.prepare<[string, string, string, string], RememberedRow>(
    'SELECT * FROM remembered_commands WHERE agent_id = ? AND directory = ? AND argv = ? AND kind = ?',
  );
  const byWorkspace = db.prepare<[string, string], RememberedRow>(
    'SELECT * FROM remembered_commands WHERE agent_id = ? AND directory = ? ORDER BY id',
  );
  const all = db.prepare<[], RememberedRow>('SELECT * FROM remembered_commands ORDER BY agent_id, directory, id');
  const remove = db.prepare('DELETE FROM remembered_commands WHERE id = ?');
  const used = db.prepare('UPDATE remembered_commands SET last_used_at = ? WHERE id = ?');

  return {
    /** Stores an answer; remembering the same thing twice returns the first row. */
    remember(input: NewRememberedCommand): RememberedCommand {
      if (input.argv.length === 0 || input.argv.some((w) => typeof w !== 'string' || w.length === 0)) {
        throw new RememberError('only a plain command (one or more non-empty words) can be remembered');
      }
      // A prefix is a program and its subcommand (seed 003 §3): a one-word command is exact only.
      if (input.kind === 'prefix' && input.argv.length < 2) {
        throw new RememberError('a one-word command can only be remembered exactly');
      }
      const argv = input.kind === 'prefix' ? input.argv.slice(0, 2) : [...input.argv];
      const text = JSON.stringify(argv);
      insert.run(input.agentId, input.directory, text, input.kind, new Date().toISOString());
      return toRemembered(find.get(input.agentId, input.directory, text, input.kind) as RememberedRow);
    },
    /** What counts for this agent in this workspace directory. */
    listFor(agentId: string, directory: string): RememberedCommand[] {
      return byWorkspace.all(agentId, directory).map(toRemembered);
    },
    /** Settings → Developer, "Commands you allowed". */
    listAll(): RememberedCommand[] {
      return all.all().map(toRemembered);
    },
    /** A command ran without a card because of this entry: Settings shows when (issue 19). */
    markUsed(id: number, at: Date = new Date()): void {
      used.run(at.toISOString(), id);
    },
    /** Returns whether a row was removed. */
    forget(id: number): boolean {
      return remove.run(id).changes > 0;
    },
  };
}

export type RememberedCommandsRepository = ReturnType<typeof createRememberedCommandsRepository>;
