// Conversations: listing, opening, their pages of messages, the owner's message that opens a turn,
// Stop, and their tokens and cost; and find and branch (issue 32 §4): search every conversation,
// rename, archive, delete and fork one. A fork or a delete waits for the conversation to be still:
// a turn (or an MCP client's session) writing into it would write into a conversation that no
// longer says what it did.
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { nameByFirstRequest } from '../agent/conversationTitle';
import { refusingAsync, requireAgent } from './lookups';
import { OwnerImageRefusal, storeOwnerImages, type StoredOwnerImage } from '../agent/ownerImages';
import { readsImages } from '../agent/providers/vision';
import type { CoreServices } from './services';

const FORK_SUFFIX = ' (fork)';
const MAX_TITLE = 200;

export function conversationsCalls(core: CoreServices): DomainApi<'conversations'> {
  const requireConversation = (conversationId: string) => {
    const conversation = core.conversations.get(conversationId);
    if (!conversation) throw new CoreRefusal('not-found', 'there is no such conversation');
    return conversation;
  };
  /** The owner's pictures, stored and bounded; refused for a model that reads none. */
  const ownerImagesFor = async (
    agentId: string,
    images: readonly { base64: string }[],
  ): Promise<StoredOwnerImage[]> => {
    if (images.length === 0) return [];
    const agent = requireAgent(core, agentId);
    if (!readsImages(agent)) {
      throw new CoreRefusal(
        'refused',
        `refused: ${agent.model} does not read pictures, so the picture was not sent; describe it in words, or choose a model that reads images in Settings`,
      );
    }
    return refusingAsync(OwnerImageRefusal, () => storeOwnerImages(core.options.dataDir, images));
  };
  const requireStill = (conversationId: string, action: string): void => {
    if (core.runner.activeTurn(conversationId) !== null) {
      throw new CoreRefusal(
        'refused',
        `refused: a turn is working in this conversation; stop it or wait for it to end, then ${action} it`,
      );
    }
    if (core.mcpSessionOpen(conversationId)) {
      throw new CoreRefusal(
        'refused',
        `refused: an MCP client's session is writing into this conversation; close the client, then ${action} it`,
      );
    }
  };
  const changed = (agentId: string): void => core.events.emit({ type: 'conversations.changed', agentId });
  return {
    list: (request) => core.conversations.listForAgent(requireAgent(core, request.agentId).id),
    create: (request) =>
      core.conversations.create(requireAgent(core, request.agentId).id, request.title ?? 'New conversation'),
    messages(request) {
      requireConversation(request.conversationId);
      const page = core.conversations.page(request.conversationId, { before: request.before, limit: request.limit });
      return { ...page, calls: core.toolCalls.listForConversation(request.conversationId) };
    },
    /**
     * The owner's message opens a turn: the live owner request every developer tool's floor checks.
     * With `when`, a message while a turn works waits for its next step ("now") or its end ("queue");
     * without it, such a message is refused, as it always was. With `mode: 'plan'` (the composer's
     * "Plan first") the message opens a plan turn of its own, so it cannot join a turn that works.
     */
    async send(request) {
      const conversation = requireConversation(request.conversationId);
      if (request.mode === 'plan' && core.runner.activeTurn(conversation.id)) {
        throw new CoreRefusal(
          'conflict',
          'a turn is working in this conversation; Plan first opens a turn of its own: wait for it to end or stop it',
        );
      }
      const images = await ownerImagesFor(conversation.agentId, request.images ?? []);
      if (nameByFirstRequest(core.conversations, conversation.id, request.text)) {
        core.events.emit({ type: 'conversations.changed', agentId: conversation.agentId });
      }
      const turn = { agentId: conversation.agentId, conversationId: conversation.id, text: request.text, images };
      if (request.mode === 'plan') return { turnId: core.runner.startTurn({ ...turn, mode: 'plan' }), held: null };
      if (request.when === undefined) return { turnId: core.runner.startTurn(turn), held: null };
      return core.runner.interject({ ...turn, when: request.when });
    },
    cancel(request) {
      const turnId = core.runner.activeTurn(request.conversationId);
      return { cancelled: turnId !== null && core.runner.cancel(turnId) };
    },
    /** Tokens and cost of one conversation. */
    usage: (request) => core.usageFor(requireConversation(request.conversationId).id),
    /** Every conversation's messages, tool calls' arguments and results: newest hits first, grouped by conversation. */
    search: (request) => core.search.search(request.text, request.limit),
    rename(request) {
      const conversation = requireConversation(request.conversationId);
      core.conversations.rename(conversation.id, request.title);
      changed(conversation.agentId);
      return requireConversation(conversation.id);
    },
    archive(request) {
      const conversation = requireConversation(request.conversationId);
      core.conversations.setArchived(conversation.id, request.archived);
      changed(conversation.agentId);
      return requireConversation(conversation.id);
    },
    /** Refused while a turn works in it. */
    delete(request) {
      const conversation = requireConversation(request.conversationId);
      requireStill(conversation.id, 'delete');
      const deleted = core.conversations.remove(conversation.id);
      core.runner.forgetHistory(conversation.id);
      changed(conversation.agentId);
      return { deleted };
    },
    // The fork holds the messages before the owner's message; the message itself goes to the fork's
    // composer, to be sent again or changed. Files are not touched: the restore beside the button does that.
    fork(request) {
      const source = requireConversation(request.conversationId);
      const message = core.conversations.message(source.id, request.messageId);
      if (!message || message.role !== 'owner')
        throw new CoreRefusal('refused', 'refused: a fork starts at one of your own messages in this conversation');
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
