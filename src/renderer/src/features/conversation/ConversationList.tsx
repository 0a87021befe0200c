import { Archive, ArchiveRestore, Pencil, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { ConversationView } from '../../../../shared/domain';
import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { useConversationStore } from '../../stores/useConversationStore';
import { useAttentionStore } from '../../stores/useAttentionStore';
import { useSearchStore } from '../../stores/useSearchStore';
import { NeedsOwnerBadge } from '../agents/NeedsOwnerBadge';
import { shortcutLabel } from '../palette/shortcuts';
import { ConfirmDelete } from './ConfirmDelete';
import { RenameField } from './RenameField';

const NONE: never[] = [];

const fail = (reason: unknown): void => useAppStore.getState().showError(messageOf(reason));

/** The agent's conversations, newest first, in the sidebar under the agent; the archived ones folded below. `needs`: what waits for the owner, per conversation. */
export function ConversationList({ agentId, needs }: { agentId: string; needs: ReadonlyMap<string, number> }) {
  const conversations = useConversationStore((state) => state.byAgent[agentId] ?? NONE);
  const create = useConversationStore((state) => state.create);
  const setView = useAppStore((state) => state.setView);
  const openSearch = useSearchStore((state) => state.setOpen);
  const [deleting, setDeleting] = useState<ConversationView | null>(null);
  const shown = conversations.filter((conversation) => conversation.archivedAt === null);
  const archived = conversations.filter((conversation) => conversation.archivedAt !== null);

  return (
    <div className="conversation-list">
      <ul aria-label="Conversations">
        {shown.map((conversation) => (
          <ConversationItem
            key={conversation.id}
            agentId={agentId}
            conversation={conversation}
            needs={needs.get(conversation.id) ?? 0}
            onDelete={setDeleting}
          />
        ))}
      </ul>
      <div className="conversation-list-actions">
        <button
          type="button"
          className="link new-conversation"
          onClick={() => {
            setView('agent');
            void create(agentId).catch(fail);
          }}
        >
          New conversation
        </button>
        <button
          type="button"
          className="link search-open"
          onClick={() => openSearch(true)}
          title={`Search every conversation (${shortcutLabel('search')})`}
        >
          <Search size={11} aria-hidden="true" /> Search
        </button>
      </div>
      {archived.length > 0 && (
        <details className="conversation-archived">
          <summary>Archived ({archived.length})</summary>
          <ul aria-label="Archived conversations">
            {archived.map((conversation) => (
              <ConversationItem
                key={conversation.id}
                agentId={agentId}
                conversation={conversation}
                needs={needs.get(conversation.id) ?? 0}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        </details>
      )}
      {deleting && <ConfirmDelete conversation={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}

function ConversationItem({
  agentId,
  conversation,
  needs,
  onDelete,
}: {
  agentId: string;
  conversation: ConversationView;
  needs: number;
  onDelete(conversation: ConversationView): void;
}) {
  const selected = useConversationStore((state) => state.selected[agentId] === conversation.id);
  const select = useConversationStore((state) => state.select);
  const rename = useConversationStore((state) => state.rename);
  const setArchived = useConversationStore((state) => state.setArchived);
  const setView = useAppStore((state) => state.setView);
  const seen = useAttentionStore((state) => state.seen);
  const [renaming, setRenaming] = useState(false);
  const isArchived = conversation.archivedAt !== null;

  if (renaming) {
    return (
      <li className="conversation-row">
        <RenameField
          title={conversation.title}
          onDone={(title) => {
            setRenaming(false);
            if (title !== null && title !== conversation.title) void rename(conversation.id, title).catch(fail);
          }}
        />
      </li>
    );
  }
  return (
    <li className={`conversation-row${selected ? ' selected' : ''}`}>
      <button
        type="button"
        className={`conversation-item ${selected ? 'selected' : ''}`}
        aria-current={selected ? 'true' : undefined}
        title={conversation.title}
        onClick={() => {
          select(agentId, conversation.id);
          seen(conversation.id);
          setView('agent');
        }}
      >
        {conversation.title}
        <NeedsOwnerBadge count={needs} what={conversation.title} />
      </button>
      {/* Named by their row: the conversation's own button, just before them, says which. */}
      <span className="conversation-actions">
        <button
          type="button"
          className="icon-button"
          aria-label="Rename"
          title="Rename"
          onClick={() => setRenaming(true)}
        >
          <Pencil size={12} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={isArchived ? 'Restore' : 'Archive'}
          title={isArchived ? 'Restore to the list' : 'Archive: hidden from the list, kept whole'}
          onClick={() => void setArchived(conversation.id, !isArchived).catch(fail)}
        >
          {isArchived ? <ArchiveRestore size={12} aria-hidden="true" /> : <Archive size={12} aria-hidden="true" />}
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label="Delete"
          title="Delete…"
          onClick={() => onDelete(conversation)}
        >
          <Trash2 size={12} aria-hidden="true" />
        </button>
      </span>
    </li>
  );
}
