// Full-text search over every conversation (migration 016's FTS5 index): what the owner typed
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
  return {
    /** Newest matches first, at most `limit` messages, grouped by conversation in order of their newest hit. */
    search(text: string, limit = 100): SearchResults {
      const query = searchQuery(text);
      if (query === null) return { groups: [], more: false };
      const rows = select.all(query, limit + 1);
      const groups = new Map<string, SearchGroup>();
      for (const row of rows.slice(0, limit)) {
        let group = groups.get(row.conversation_id);
        if (!group) {
          group = { conversationId: row.conversation_id, agentId: row.agent_id, agentHandle: row.handle, title: row.title, archived: row.archived_at !== null, hits: [] };
          groups.set(row.conversation_id, group);
        }
        group.hits.push({ messageId: row.id, role: row.role, createdAt: row.created_at, snippet: parseSnippet(row.snippet) });
      }
      return { groups: [...groups.values()], more: rows.length > limit };
    },
  };
}

export type ConversationSearch = ReturnType<typeof createConversationSearch>;
