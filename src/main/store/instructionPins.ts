// SQL for what the owner accepted as a project's words for agents: one row per workspace directory
// and file path, holding the accepted text and its sha256 (the pin). Deciding what is pinned lives
// in owner/projectInstructions.ts; this file only stores and reads.
import type { Db } from './database';

export type PinKind = 'instructions' | 'command';

export interface InstructionPin {
  directory: string;
  relPath: string;
  kind: PinKind;
  sha256: string;
  content: string;
  acceptedAt: string;
}

interface PinRow {
  directory: string;
  rel_path: string;
  kind: PinKind;
  sha256: string;
  content: string;
  accepted_at: string;
}

function toPin(row: PinRow): InstructionPin {
  return {
    directory: row.directory,
    relPath: row.rel_path,
    kind: row.kind,
    sha256: row.sha256,
    content: row.content,
    acceptedAt: row.accepted_at,
  };
}

export function createInstructionPinsRepository(db: Db) {
  const upsert = db.prepare(
    `INSERT INTO instruction_pins (directory, rel_path, kind, sha256, content, accepted_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (directory, rel_path) DO UPDATE SET kind = excluded.kind, sha256 = excluded.sha256, content = excluded.content, accepted_at = excluded.accepted_at`,
  );
  const selectOne = db.prepare<[string, string], PinRow>(
    'SELECT * FROM instruction_pins WHERE directory = ? AND rel_path = ?',
  );
  const selectDir = db.prepare<[string], PinRow>(
    'SELECT * FROM instruction_pins WHERE directory = ? ORDER BY rel_path',
  );
  const selectAll = db.prepare<[], PinRow>('SELECT * FROM instruction_pins ORDER BY directory, rel_path');
  const remove = db.prepare('DELETE FROM instruction_pins WHERE directory = ? AND rel_path = ?');
  return {
    pin(input: Omit<InstructionPin, 'acceptedAt'>): InstructionPin {
      const acceptedAt = new Date().toISOString();
      upsert.run(input.directory, input.relPath, input.kind, input.sha256, input.content, acceptedAt);
      return { ...input, acceptedAt };
    },
    get(directory: string, relPath: string): InstructionPin | null {
      const row = selectOne.get(directory, relPath);
      return row ? toPin(row) : null;
    },
    forDirectory(directory: string): InstructionPin[] {
      return selectDir.all(directory).map(toPin);
    },
    list(): InstructionPin[] {
      return selectAll.all().map(toPin);
    },
    forget(directory: string, relPath: string): boolean {
      return remove.run(directory, relPath).changes > 0;
    },
  };
}

export type InstructionPinsRepository = ReturnType<typeof createInstructionPinsRepository>;
