// Find and branch (issue 32 §4): the owner searches every conversation, renames, archives, deletes
// and forks one. A fork or a delete waits for the conversation to be still: a turn (or an MCP
// client's session) writing into it would write into a conversation that no longer says what it did.
import { CoreRefusal, type CoreApi } from '../api/coreApi';
import type { CoreServices } from './services';

type LibraryActions = 'searchConversations' | 'renameConversation' | 'archiveConversation' | 'deleteConversation' | 'forkConversation';

const FORK_SUFFIX = ' (fork)';
const MAX_TITLE = 200;

export function libraryActions(core: CoreServices): Pick<CoreApi, LibraryActions> {
  const requireConversation = (conversationId: string) => {
    const conversation = core.conversations.get(conversationId);
    if (!conversation) throw new CoreRefusal('not-found', 'there is no such conversation');
    return conversation;
  };
  const requireStill = (conversationId: string, action: string): void => {
    if (core.runner.activeTurn(conversationId) !== null) {
      throw new CoreRefusal('refused', `refused: a turn is working in this conversation; stop it or wait for it to end, then ${action} it`);
    }
    if (core.mcpSessionOpen(conversationId)) {
      throw new CoreRefusal('refused', `refused: an MCP client's session is writing into this conversation; close the client, then ${action} it`);
    }
  };
  const changed = (agentId: string): void => core.events.emit({ type: 'conversations.changed', agentId });

  return {
    searchConversations: (text, limit) => core.search.search(text, limit),
    renameConversation(conversationId, title) {
      const conversation = requireConversation(conversationId);
      core.conversations.rename(conversation.id, title);
      changed(conversation.agentId);
      return requireConversation(conversation.id);
    },
    archiveConversation(conversationId, archived) {
      const conversation = requireConversation(conversationId);
      core.conversations.setArchived(conversation.id, archived);
      changed(conversation.agentId);
      return requireConversation(conversation.id);
    },
    deleteConversation(conversationId) {
      const conversation = requireConversation(conversationId);
      requireStill(conversation.id, 'delete');
      const deleted = core.conversations.remove(conversation.id);
      core.runner.forgetHistory(conversation.id);
      changed(conversation.agentId);
      return { deleted };
    },
    // The fork holds the messages before the owner's message; the message itself goes to the fork's
    // composer, to be sent again or changed. Files are not touched: the restore beside the button does that.
    forkConversation(conversationId, messageId) {
      const source = requireConversation(conversationId);
      const message = core.conversations.message(source.id, messageId);
      if (!message || message.role !== 'owner') throw new CoreRefusal('refused', 'refused: a fork starts at one of your own messages in this conversation');
      requireStill(source.id, 'fork');
      const title = `${source.title.slice(0, MAX_TITLE - FORK_SUFFIX.length)}${FORK_SUFFIX}`;
      const notice = `Forked from “${source.title}” before your message “${clip(message.text, 80)}”. The workspace was not changed: “Restore to before this message” in “${source.title}” takes its files back.`;
      const conversation = core.conversations.fork(source.id, message.id, title, notice);
      core.runner.seedFork(source.id, conversation.id);
      changed(source.agentId);
      return { conversation, draft: message.text };
    },
  };
}

function clip(text: string, length: number): string {
  const line = text.replace(/\s+/gu, ' ').trim();
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
}
