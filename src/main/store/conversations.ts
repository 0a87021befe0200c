// Conversations and their messages (SPEC §8, §11): written as they happen, read back exactly.
// Tool-call rows belong to the dispatcher (tool_calls); a message row keeps what the conversation
// needs to reopen: the assistant's text and calls, each result (a summary for file tools) and notices.
import { randomUUID } from 'node:crypto';
import type { ConversationView, MessageBodyView, MessageView, StoredToolCallView } from '../../shared/domain';
import type { Db } from './database';

// The stored shapes are the window's own (src/shared/domain/conversation.ts): what is kept is what is shown.
export type Conversation = ConversationView;
export type StoredToolCall = StoredToolCallView;
/** What a message says, by role. Stored as JSON in messages.content. */
export type MessageBody = MessageBodyView;
export type StoredMessage = MessageView;

export interface MessagePage {
  /** Oldest first. */
  messages: StoredMessage[];
  /** Pass as `before` to get the page before this one; null when this page starts the conversation. */
  olderCursor: number | null;
}

interface ConversationRow {
  id: string;
  agent_id: string;
  title: string;
  created_at: string;
  updated_at: string;
  archived_at: string | null;
}

interface MessageRow {
  id: number;
  conversation_id: string;
  role: MessageBody['role'];
  content: string;
  created_at: string;
}

const MAX_PAGE = 500;

export function createConversationsRepository(db: Db, now: () => Date = () => new Date()) {
  const insertConversation = db.prepare(
    'INSERT INTO conversations (id, agent_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
  );
  const selectConversation = db.prepare('SELECT * FROM conversations WHERE id = ?');
  const selectByAgent = db.prepare('SELECT * FROM conversations WHERE agent_id = ? ORDER BY updated_at DESC, id');
  const updateTitle = db.prepare('UPDATE conversations SET title = ?, updated_at = ? WHERE id = ?');
  const touch = db.prepare('UPDATE conversations SET updated_at = ? WHERE id = ?');
  const updateArchived = db.prepare('UPDATE conversations SET archived_at = ? WHERE id = ?');
  // Its messages, tool calls, usage and checkpoint rows go by the schema's cascades; the search
  // index's rows by the messages' delete trigger. Other conversations' rows are never touched.
  const deleteConversation = db.prepare('DELETE FROM conversations WHERE id = ?');
  // Its model requests were spent all the same: the day's budgets keep counting them (deleted_usage).
  const keepSpend = db.prepare(
    `INSERT INTO deleted_usage (agent_id, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost, created_at)
     SELECT conversations.agent_id, input_tokens, output_tokens, cache_read_tokens, cache_write_tokens, cost, model_usage.created_at
       FROM model_usage JOIN conversations ON conversations.id = model_usage.conversation_id
      WHERE model_usage.conversation_id = ? ORDER BY model_usage.id`,
  );
  const copyMessagesBefore = db.prepare(
    'INSERT INTO messages (conversation_id, role, content, created_at) SELECT ?, role, content, created_at FROM messages WHERE conversation_id = ? AND id < ? ORDER BY id',
  );
  const selectMessage = db.prepare('SELECT * FROM messages WHERE id = ? AND conversation_id = ?');
  const insertMessage = db.prepare(
    'INSERT INTO messages (conversation_id, role, content, created_at) VALUES (?, ?, ?, ?)',
  );
  const selectAll = db.prepare('SELECT * FROM messages WHERE conversation_id = ? ORDER BY id');
  const selectLatest = db.prepare('SELECT * FROM messages WHERE conversation_id = ? ORDER BY id DESC LIMIT ?');
  const selectBefore = db.prepare(
    'SELECT * FROM messages WHERE conversation_id = ? AND id < ? ORDER BY id DESC LIMIT ?',
  );
  const selectAfter = db.prepare('SELECT * FROM messages WHERE conversation_id = ? AND id > ? ORDER BY id LIMIT ?');
  const lastId = db.prepare('SELECT max(id) FROM messages WHERE conversation_id = ?').pluck();
  const countMessages = db.prepare('SELECT count(*) FROM messages WHERE conversation_id = ?').pluck();
  const selectToolResult = db.prepare(
    "SELECT id FROM messages WHERE conversation_id = ? AND role = 'tool' AND json_extract(content, '$.callId') = ? LIMIT 1",
  );

  const append = db.transaction((conversationId: string, body: MessageBody): StoredMessage => {
    const createdAt = now().toISOString();
    const { role, ...rest } = body;
    const info = insertMessage.run(conversationId, role, JSON.stringify(rest), createdAt);
    touch.run(createdAt, conversationId);
    return { ...body, id: Number(info.lastInsertRowid), conversationId, createdAt };
  });

  return {
    create(agentId: string, title: string): Conversation {
      const id = randomUUID();
      const at = now().toISOString();
      insertConversation.run(id, agentId, title, at, at);
      return { id, agentId, title, createdAt: at, updatedAt: at, archivedAt: null };
    },
    /** Archived (hidden from the list, kept whole) or back in the list. */
    setArchived(id: string, archived: boolean): void {
      updateArchived.run(archived ? now().toISOString() : null, id);
    },
    /** Removes the conversation and everything stored under it; false when there was none. */
    remove: db.transaction((id: string): boolean => {
      keepSpend.run(id);
      return deleteConversation.run(id).changes > 0;
    }),
    /** One message of a conversation, or null. */
    message(conversationId: string, messageId: number): StoredMessage | null {
      const row = selectMessage.get(messageId, conversationId) as MessageRow | undefined;
      return row ? toMessage(row) : null;
    },
    /**
     * A new conversation holding, unchanged and in order, every message of `sourceId` before
     * `beforeMessageId` (undone marks included, so the model reads the same history), then `notice`.
     */
    fork: db.transaction((sourceId: string, beforeMessageId: number, title: string, notice: string): Conversation => {
      const source = selectConversation.get(sourceId) as ConversationRow;
      const id = randomUUID();
      const at = now().toISOString();
      insertConversation.run(id, source.agent_id, title, at, at);
      copyMessagesBefore.run(id, sourceId, beforeMessageId);
      insertMessage.run(id, 'notice', JSON.stringify({ text: notice }), at);
      return { id, agentId: source.agent_id, title, createdAt: at, updatedAt: at, archivedAt: null };
    }),
    get(id: string): Conversation | null {
      const row = selectConversation.get(id) as ConversationRow | undefined;
      return row ? toConversation(row) : null;
    },
    listForAgent(agentId: string): Conversation[] {
      return (selectByAgent.all(agentId) as ConversationRow[]).map(toConversation);
    },
    rename(id: string, title: string): void {
      updateTitle.run(title, now().toISOString(), id);
    },
    append(conversationId: string, body: MessageBody): StoredMessage {
      return append(conversationId, body);
    },
    /** Every message, oldest first: what the loop projects for the model. */
    all(conversationId: string): StoredMessage[] {
      return (selectAll.all(conversationId) as MessageRow[]).map(toMessage);
    },
    /**
     * One page for the window: the newest `limit` messages, or those before the cursor, oldest
     * first. A 10,000-message conversation opens one page at a time (SPEC §8, virtualised list).
     */
    page(conversationId: string, options: { before?: number; limit?: number } = {}): MessagePage {
      const limit = Math.max(1, Math.min(MAX_PAGE, options.limit ?? 100));
      const rows = (
        options.before === undefined
          ? selectLatest.all(conversationId, limit + 1)
          : selectBefore.all(conversationId, options.before, limit + 1)
      ) as MessageRow[];
      const hasOlder = rows.length > limit;
      const messages = rows.slice(0, limit).reverse().map(toMessage);
      return { messages, olderCursor: hasOlder && messages.length > 0 ? messages[0]!.id : null };
    },
    /** Messages written after a known id (the window catching up after a reconnect). */
    after(conversationId: string, afterId: number, limit = 100): StoredMessage[] {
      const bounded = Math.max(1, Math.min(MAX_PAGE, limit));
      return (selectAfter.all(conversationId, afterId, bounded) as MessageRow[]).map(toMessage);
    },
    /** The id of the conversation's newest message; 0 when it has none. */
    lastMessageId(conversationId: string): number {
      return (lastId.get(conversationId) as number | null) ?? 0;
    },
    count(conversationId: string): number {
      return countMessages.get(conversationId) as number;
    },
    hasToolResult(conversationId: string, callId: string): boolean {
      return selectToolResult.get(conversationId, callId) !== undefined;
    },
  };
}

export type ConversationsRepository = ReturnType<typeof createConversationsRepository>;

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    agentId: row.agent_id,
    title: row.title,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    archivedAt: row.archived_at ?? null,
  };
}

function toMessage(row: MessageRow): StoredMessage {
  const rest = JSON.parse(row.content) as Record<string, unknown>;
  return {
    ...(rest as object),
    role: row.role,
    id: row.id,
    conversationId: row.conversation_id,
    createdAt: row.created_at,
  } as StoredMessage;
}
