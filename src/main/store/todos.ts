// SQL for each conversation's task list (the todo tool): items with a short id, their text, their
// status and when each last changed. `copyTo` is what a fork calls: the new conversation starts
// with the same list, times included.
import type { Db } from './database';

export const TODO_STATUSES = ['pending', 'in_progress', 'done', 'dropped'] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

export interface TodoItem {
  id: string;
  text: string;
  status: TodoStatus;
  createdAt: string;
  changedAt: string;
}

interface TodoRow {
  conversation_id: string;
  item_id: string;
  position: number;
  text: string;
  status: TodoStatus;
  created_at: string;
  changed_at: string;
}

function toItem(row: TodoRow): TodoItem {
  return { id: row.item_id, text: row.text, status: row.status, createdAt: row.created_at, changedAt: row.changed_at };
}

export function createTodosRepository(db: Db) {
  const insert = db.prepare(
    'INSERT INTO todo_items (conversation_id, item_id, position, text, status, created_at, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const nextPosition = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(position), 0) + 1 AS next FROM todo_items WHERE conversation_id = ?',
  );
  const setStatus = db.prepare(
    'UPDATE todo_items SET status = ?, changed_at = ? WHERE conversation_id = ? AND item_id = ?',
  );
  const selectOne = db.prepare<[string, string], TodoRow>(
    'SELECT * FROM todo_items WHERE conversation_id = ? AND item_id = ?',
  );
  const selectFor = db.prepare<[string], TodoRow>(
    'SELECT * FROM todo_items WHERE conversation_id = ? ORDER BY position',
  );
  const copy = db.prepare(
    `INSERT INTO todo_items (conversation_id, item_id, position, text, status, created_at, changed_at)
     SELECT ?, item_id, position, text, status, created_at, changed_at FROM todo_items WHERE conversation_id = ?`,
  );
  const clear = db.prepare('DELETE FROM todo_items WHERE conversation_id = ?');
  return {
    add(conversationId: string, text: string): TodoItem {
      const now = new Date().toISOString();
      const position = (nextPosition.get(conversationId) as { next: number }).next;
      const id = String(position);
      insert.run(conversationId, id, position, text, 'pending', now, now);
      return { id, text, status: 'pending', createdAt: now, changedAt: now };
    },
    /** The item after the change, or null when the conversation has no such item. */
    mark(conversationId: string, id: string, status: TodoStatus): TodoItem | null {
      if (setStatus.run(status, new Date().toISOString(), conversationId, id).changes === 0) return null;
      return toItem(selectOne.get(conversationId, id) as TodoRow);
    },
    list(conversationId: string): TodoItem[] {
      return selectFor.all(conversationId).map(toItem);
    },
    /** A fork: `toConversation`'s list becomes a copy of `fromConversation`'s. */
    copyTo: db.transaction((fromConversation: string, toConversation: string): number => {
      clear.run(toConversation);
      return copy.run(toConversation, fromConversation).changes;
    }),
  };
}

export type TodosRepository = ReturnType<typeof createTodosRepository>;
