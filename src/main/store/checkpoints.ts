// Repository for `checkpoints` (issue 20): which snapshots belong to which turn or restore, what a
// restore reverted and which messages it marked undone.
import type { Db } from './database';

export type CheckpointKind = 'turn' | 'restore';

export interface CheckpointRow {
  id: number;
  workspace: string;
  agentId: string;
  conversationId: string;
  kind: CheckpointKind;
  turnId: string | null;
  /** The first message of the turn (or the restore's notice): its messages are those from here to the next row's. */
  messagesFrom: number;
  beforeTree: string | null;
  afterTree: string | null;
  beforeOversize: string[];
  afterOversize: string[];
  /** The restore that reverted this row's changes, if one did. */
  undoneBy: number | null;
  /** For a restore: the rows it reverted. */
  reverts: number[];
  /** For a restore: the messages it marked undone. */
  markedMessages: number[];
  summary: string;
  pruned: boolean;
  startedAt: string;
  endedAt: string | null;
}

interface RawRow {
  id: number;
  workspace: string;
  agent_id: string;
  conversation_id: string;
  kind: CheckpointKind;
  turn_id: string | null;
  messages_from: number;
  before_tree: string | null;
  after_tree: string | null;
  before_oversize: string;
  after_oversize: string;
  undone_by: number | null;
  reverts: string;
  marked_messages: string;
  summary: string;
  pruned: number;
  started_at: string;
  ended_at: string | null;
}

function toRow(raw: RawRow): CheckpointRow {
  return {
    id: raw.id,
    workspace: raw.workspace,
    agentId: raw.agent_id,
    conversationId: raw.conversation_id,
    kind: raw.kind,
    turnId: raw.turn_id,
    messagesFrom: raw.messages_from,
    beforeTree: raw.before_tree,
    afterTree: raw.after_tree,
    beforeOversize: JSON.parse(raw.before_oversize) as string[],
    afterOversize: JSON.parse(raw.after_oversize) as string[],
    undoneBy: raw.undone_by,
    reverts: JSON.parse(raw.reverts) as number[],
    markedMessages: JSON.parse(raw.marked_messages) as number[],
    summary: raw.summary,
    pruned: raw.pruned === 1,
    startedAt: raw.started_at,
    endedAt: raw.ended_at,
  };
}

export interface NewCheckpoint {
  workspace: string;
  agentId: string;
  conversationId: string;
  kind: CheckpointKind;
  turnId: string | null;
  messagesFrom: number;
}

export function createCheckpointsRepository(db: Db, now: () => Date = () => new Date()) {
  const insert = db.prepare(
    'INSERT INTO checkpoints (workspace, agent_id, conversation_id, kind, turn_id, messages_from, started_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const byId = db.prepare<[number], RawRow>('SELECT * FROM checkpoints WHERE id = ?');
  const byTurn = db.prepare<[string], RawRow>('SELECT * FROM checkpoints WHERE turn_id = ?');
  const byConversation = db.prepare<[string], RawRow>(
    'SELECT * FROM checkpoints WHERE conversation_id = ? ORDER BY id',
  );
  const byWorkspace = db.prepare<[string], RawRow>('SELECT * FROM checkpoints WHERE workspace = ? ORDER BY id');
  const lastMessageId = db.prepare('SELECT coalesce(max(id), 0) FROM messages').pluck();
  const markMessage = db.prepare(
    "UPDATE messages SET content = json_set(content, '$.undone', json('true')) WHERE id = ? AND conversation_id = ?",
  );
  const unmarkMessage = db.prepare(
    "UPDATE messages SET content = json_remove(content, '$.undone') WHERE id = ? AND conversation_id = ?",
  );

  return {
    create(input: NewCheckpoint): CheckpointRow {
      const info = insert.run(
        input.workspace,
        input.agentId,
        input.conversationId,
        input.kind,
        input.turnId,
        input.messagesFrom,
        now().toISOString(),
      );
      return toRow(byId.get(Number(info.lastInsertRowid)) as RawRow);
    },
    get(id: number): CheckpointRow | null {
      const raw = byId.get(id);
      return raw ? toRow(raw) : null;
    },
    forTurn(turnId: string): CheckpointRow | null {
      const raw = byTurn.get(turnId);
      return raw ? toRow(raw) : null;
    },
    forConversation(conversationId: string): CheckpointRow[] {
      return byConversation.all(conversationId).map(toRow);
    },
    forWorkspace(workspace: string): CheckpointRow[] {
      return byWorkspace.all(workspace).map(toRow);
    },
    /** Ids above this belong to messages written later (the start of a retried turn's messages). */
    nextMessageId(): number {
      return (lastMessageId.get() as number) + 1;
    },
    setBefore(id: number, tree: string, oversize: string[]): void {
      db.prepare('UPDATE checkpoints SET before_tree = ?, before_oversize = ? WHERE id = ?').run(
        tree,
        JSON.stringify(oversize),
        id,
      );
    },
    setAfter(id: number, tree: string, oversize: string[]): void {
      db.prepare('UPDATE checkpoints SET after_tree = ?, after_oversize = ?, ended_at = ? WHERE id = ?').run(
        tree,
        JSON.stringify(oversize),
        now().toISOString(),
        id,
      );
    },
    end(id: number): void {
      db.prepare('UPDATE checkpoints SET ended_at = coalesce(ended_at, ?) WHERE id = ?').run(now().toISOString(), id);
    },
    setMessagesFrom(id: number, messageId: number): void {
      db.prepare('UPDATE checkpoints SET messages_from = ? WHERE id = ?').run(messageId, id);
    },
    setSummary(id: number, summary: string): void {
      db.prepare('UPDATE checkpoints SET summary = ? WHERE id = ?').run(summary, id);
    },
    /** A restore happened: the rows it reverted and the messages it marked, in one transaction. */
    recordRestore: db.transaction(
      (restoreId: number, conversationId: string, reverted: number[], messages: number[], givesBack: boolean) => {
        db.prepare('UPDATE checkpoints SET reverts = ?, marked_messages = ? WHERE id = ?').run(
          JSON.stringify(reverted),
          JSON.stringify(messages),
          restoreId,
        );
        for (const id of reverted) {
          const row = byId.get(id);
          if (!row) continue;
          db.prepare('UPDATE checkpoints SET undone_by = ? WHERE id = ?').run(restoreId, id);
          // Undoing a restore gives back what that restore had taken: its rows and messages count again.
          if (givesBack && row.kind === 'restore') {
            for (const reverted of JSON.parse(row.reverts) as number[]) {
              db.prepare('UPDATE checkpoints SET undone_by = NULL WHERE id = ? AND undone_by = ?').run(reverted, id);
            }
            for (const message of JSON.parse(row.marked_messages) as number[])
              unmarkMessage.run(message, conversationId);
          }
        }
        for (const message of messages) markMessage.run(message, conversationId);
      },
    ),
    /** The oldest rows first lose their snapshots when the history is over its budget. */
    markPruned(ids: number[]): void {
      const update = db.prepare(
        'UPDATE checkpoints SET pruned = 1, before_tree = NULL, after_tree = NULL WHERE id = ?',
      );
      db.transaction(() => ids.forEach((id) => update.run(id)))();
    },
  };
}

export type CheckpointsRepository = ReturnType<typeof createCheckpointsRepository>;
