// Full-text search over every conversation (migration 016's FTS5 index): new messages are indexed
// in batches here (catchUp), never inside the write of a message; what the owner typed
// becomes a query of quoted words, the last one a prefix, so no character the owner types is FTS5
// syntax. Hits come newest first — the index walks its rowids backwards and stops at the limit, so
// a common word over 100,000 messages costs what a rare one does — grouped by conversation.
import type { SearchGroupView, SearchHitView, SearchResultsView, SnippetPartView } from '../../shared/domain';
import type { Db } from './database';

export type SnippetPart = SnippetPartView;
export type SearchGroup = SearchGroupView;
export type SearchResults = SearchResultsView;

interface HitRow {
  id: number;
  role: SearchHitView['role'];
  created_at: string;
  conversation_id: string;
  agent_id: string;
  handle: string;
  title: string;
  archived_at: string | null;
  snippet: string;
}

// Control characters no message shows: the snippet's marks, split out before the window sees it.
const OPEN = '\u0002';
const CLOSE = '\u0003';
const SNIPPET_TOKENS = 14;
const MAX_WORDS = 12;
/** Messages indexed per turn of the event loop after a turn ends. */
const INDEX_BATCH = 200;

/** The owner's words as an FTS5 query: each quoted (FTS5's own syntax is not the owner's), the last a prefix. */
export function searchQuery(text: string): string | null {
  const words = text
    .split(/\s+/u)
    .map((word) => word.replace(/[\u0000-\u001f"]/gu, ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' ');
}

export function parseSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let match = false;
  let text = '';
  for (const character of snippet) {
    if (character === OPEN || character === CLOSE) {
      if (text !== '') parts.push({ text, match });
      text = '';
      match = character === OPEN;
    } else {
      text += character;
    }
  }
  if (text !== '') parts.push({ text, match });
  return parts;
}

export function createConversationSearch(db: Db) {
  const select = db.prepare<[string, number], HitRow>(
    `SELECT m.id, m.role, m.created_at, m.conversation_id, c.agent_id, a.handle, c.title, c.archived_at,
            snippet(message_search, 0, '${OPEN}', '${CLOSE}', '…', ${SNIPPET_TOKENS}) AS snippet
     FROM message_search
     JOIN messages m ON m.id = message_search.rowid
     JOIN conversations c ON c.id = m.conversation_id
     JOIN agents a ON a.id = c.agent_id
     WHERE message_search MATCH ?
     ORDER BY message_search.rowid DESC
     LIMIT ?`,
  );
  const indexedThrough = db.prepare<[], number>('SELECT indexed_through FROM message_search_state').pluck();
  const newest = db.prepare<[], number>('SELECT coalesce(max(id), 0) FROM messages').pluck();
  const indexFrom = db.prepare<[number, number]>(
    'INSERT INTO message_search (rowid, body) SELECT id, body FROM message_search_source WHERE id > ? AND id <= ? ORDER BY id',
  );
  const boundary = db
    .prepare<[number, number], number>('SELECT id FROM messages WHERE id > ? ORDER BY id LIMIT 1 OFFSET ?')
    .pluck();
  const markThrough = db.prepare<[number]>('UPDATE message_search_state SET indexed_through = ?');
  // Immediate: another connection (a `paddock mcp`) writing between the mark's read and its move would be skipped.
  const catchUp = db
    .transaction((batch: number): boolean => {
      const from = indexedThrough.get() as number;
      const last = newest.get() as number;
      if (last <= from) return false;
      const through = Math.min(last, boundary.get(from, batch - 1) ?? last);
      indexFrom.run(from, through);
      markThrough.run(through);
      return through < last;
    })
    .immediate.bind(null);

  let indexing = false;
  return {
    /**
     * Indexes what was written since, a batch per turn of the event loop, so a long turn's results
     * never hold the window's calls for long. Called when a turn ends and at start.
     */
    indexSoon(onError: (error: Error) => void): void {
      if (indexing) return;
      indexing = true;
      const step = (): void => {
        try {
          if (db.open && catchUp(INDEX_BATCH)) {
            setImmediate(step);
            return;
          }
        } catch (error) {
          onError(error as Error);
        }
        indexing = false;
      };
      setImmediate(step);
    },
    /**
     * Indexes messages written since the last call, at most `batch` of them; true while more wait.
     * The core calls it after each turn; `search` calls it with no bound first, so a search sees every message.
     */
    catchUp(batch = Number.MAX_SAFE_INTEGER): boolean {
      return catchUp(Math.max(1, Math.min(batch, Number.MAX_SAFE_INTEGER)));
    },
    /** Newest matches first, at most `limit` messages, grouped by conversation in order of their newest hit. */
    search(text: string, limit = 100): SearchResults {
      const query = searchQuery(text);
      if (query === null) return { groups: [], more: false };
      catchUp(Number.MAX_SAFE_INTEGER);
      const rows = select.all(query, limit + 1);
      const groups = new Map<string, SearchGroup>();
      for (const row of rows.slice(0, limit)) {
        let group = groups.get(row.conversation_id);
        if (!group) {
          group = {
            conversationId: row.conversation_id,
            agentId: row.agent_id,
            agentHandle: row.handle,
            title: row.title,
            archived: row.archived_at !== null,
            hits: [],
          };
          groups.set(row.conversation_id, group);
        }
        group.hits.push({
          messageId: row.id,
          role: row.role,
          createdAt: row.created_at,
          snippet: parseSnippet(row.snippet),
        });
      }
      return { groups: [...groups.values()], more: rows.length > limit };
    },
  };
}

export type ConversationSearch = ReturnType<typeof createConversationSearch>;
