import { useEffect, useMemo, useState } from 'react';
import type { SearchGroupView, SearchHitView } from '../../../../shared/domain';
import { useSearchStore } from '../../stores/useSearchStore';
import { useListKeys } from '../../lib/listKeys';
import { shortcutLabel } from '../palette/shortcuts';
import { openSearchHit } from './openSearchHit';

const ROLE_WORDS: Record<SearchHitView['role'], string> = {
  owner: 'You',
  assistant: 'Agent',
  tool: 'Result',
  notice: 'Note',
};
const TYPING_PAUSE_MS = 120;

/**
 * Ctrl/Cmd+Shift+F: every conversation's messages, calls and results, searched as the owner types.
 * Hits are grouped by conversation, the matched words marked; Enter or a click opens the
 * conversation at the message.
 */
export function SearchDialog() {
  const open = useSearchStore((state) => state.open);
  const setOpen = useSearchStore((state) => state.setOpen);
  const results = useSearchStore((state) => state.results);
  const error = useSearchStore((state) => state.error);
  const search = useSearchStore((state) => state.search);
  const remembered = useSearchStore((state) => state.text);
  const [text, setText] = useState(remembered);
  const flat = useMemo(
    () => (results?.groups ?? []).flatMap((group) => group.hits.map((hit) => ({ group, hit }))),
    [results],
  );
  const { index, setIndex, onKeyDown } = useListKeys({ count: flat.length, choose, close });

  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void search(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [open, text, search]);

  if (!open) return null;

  function close(): void {
    setOpen(false);
  }

  function choose(position: number): void {
    const chosen = flat[position];
    if (!chosen) return;
    close();
    void openSearchHit(chosen.group, chosen.hit);
  }

  const active = flat[index];
  const empty = text.trim() !== '' && results !== null && flat.length === 0;
  return (
    <div className="palette-backdrop" onMouseDown={close}>
      <div
        className="palette search-dialog"
        role="dialog"
        aria-modal="true"
        aria-label="Search conversations"
        onMouseDown={(event) => event.stopPropagation()}
      >
        <input
          autoFocus
          aria-label="Search every conversation"
          role="combobox"
          aria-expanded="true"
          aria-controls="search-results"
          aria-activedescendant={active ? `hit-${active.hit.messageId}` : undefined}
          placeholder={`Search messages, commands and results… (${shortcutLabel('search')})`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setIndex(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div id="search-results" role="listbox" aria-label="Search results" className="search-results">
          {(results?.groups ?? []).map((group) => (
            <SearchGroup
              key={group.conversationId}
              group={group}
              activeId={active?.hit.messageId ?? null}
              flat={flat}
              onChoose={choose}
              onHover={setIndex}
            />
          ))}
          {empty && <p className="hint search-note">Nothing in any conversation says “{text.trim()}”.</p>}
          {results?.more && (
            <p className="hint search-note">
              Showing the newest {flat.length} messages that match; add a word to narrow it.
            </p>
          )}
          {error && (
            <p className="hint search-note" role="alert">
              The search failed: {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

function SearchGroup({
  group,
  activeId,
  flat,
  onChoose,
  onHover,
}: {
  group: SearchGroupView;
  activeId: number | null;
  flat: { hit: SearchHitView }[];
  onChoose(position: number): void;
  onHover(position: number): void;
}) {
  return (
    // A listbox holds groups of options only: the conversation's title labels its group.
    <div role="group" className="search-group" aria-labelledby={`group-${group.conversationId}`}>
      <div className="search-group-title">
        <span id={`group-${group.conversationId}`}>{group.title}</span>
        <span className="hint">
          {group.agentHandle}
          {group.archived ? ' · archived' : ''}
        </span>
      </div>
      {group.hits.map((hit) => {
        const position = flat.findIndex((entry) => entry.hit.messageId === hit.messageId);
        return (
          <div
            key={hit.messageId}
            id={`hit-${hit.messageId}`}
            role="option"
            aria-selected={hit.messageId === activeId}
            className={`search-hit${hit.messageId === activeId ? ' selected' : ''}`}
            onMouseEnter={() => onHover(position)}
            onClick={() => onChoose(position)}
          >
            <span className="search-hit-role">{ROLE_WORDS[hit.role]}</span>
            <span className="search-snippet">
              {hit.snippet.map((part, at) =>
                part.match ? <mark key={at}>{part.text}</mark> : <span key={at}>{part.text}</span>,
              )}
            </span>
          </div>
        );
      })}
    </div>
  );
}
