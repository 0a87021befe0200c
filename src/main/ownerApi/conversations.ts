// The owner's actions on conversations, cards, remembered commands, checkpoints, MCP servers and
// the model tables (issue 15 item 2): the rules behind CoreApi's methods, never in a handler.
import { CoreRefusal, type CoreApi } from '../api/coreApi';
import { nameByFirstRequest } from '../agent/conversationTitle';
import { ModelTableRefusal } from '../agent/models';
import { RestoreRefusal } from '../checkpoints';
import { describeRemembered } from '../policy';
import { refusing, refusingAsync, requireAgent } from './lookups';
import type { CoreServices } from './services';

type ConversationActions =
  | 'listConversations'
  | 'createConversation'
  | 'messages'
  | 'sendMessage'
  | 'retryTurn'
  | 'cancelTurn'
  | 'usage'
  | 'toolCalls'
  | 'listCards'
  | 'answerCard'
  | 'listRemembered'
  | 'forgetRemembered'
  | 'listCheckpoints'
  | 'undoCheckpoint'
  | 'restoreBefore'
  | 'checkpointUsage'
  | 'clearCheckpoints'
  | 'setCheckpointOptions'
  | 'listMcpServers'
  | 'addMcpServer'
  | 'removeMcpServer'
  | 'setMcpAuto'
  | 'restartMcpServer'
  | 'modelTables'
  | 'setModelOverrides';

const MCP_SERVER_GONE = 'refused: that MCP server does not exist';

export function conversationActions(core: CoreServices): Pick<CoreApi, ConversationActions> {
  const requireConversation = (conversationId: string) => {
    const conversation = core.conversations.get(conversationId);
    if (!conversation) throw new CoreRefusal('not-found', 'there is no such conversation');
    return conversation;
  };
  const mcpServerGone = (): never => {
    throw new CoreRefusal('not-found', MCP_SERVER_GONE);
  };
  return {
    listConversations: (agentId) => core.conversations.listForAgent(requireAgent(core, agentId).id),
    createConversation: (agentId, title) => core.conversations.create(requireAgent(core, agentId).id, title ?? 'New conversation'),
    messages(request) {
      requireConversation(request.conversationId);
      const page = core.conversations.page(request.conversationId, { before: request.before, limit: request.limit });
      return { ...page, calls: core.toolCalls.listForConversation(request.conversationId) };
    },
    sendMessage(conversationId, text, mode) {
      const conversation = requireConversation(conversationId);
      if (nameByFirstRequest(core.conversations, conversation.id, text)) {
        core.events.emit({ type: 'conversations.changed', agentId: conversation.agentId });
      }
      return { turnId: core.runner.startTurn({ agentId: conversation.agentId, conversationId: conversation.id, text, ...(mode ? { mode } : {}) }) };
    },
    retryTurn(conversationId) {
      const conversation = requireConversation(conversationId);
      return { turnId: core.runner.retryTurn({ agentId: conversation.agentId, conversationId: conversation.id }) };
    },
    cancelTurn(conversationId) {
      const turnId = core.runner.activeTurn(conversationId);
      return { cancelled: turnId !== null && core.runner.cancel(turnId) };
    },
    usage: (conversationId) => core.usageFor(requireConversation(conversationId).id),
    toolCalls: (conversationId) => core.toolCalls.listForConversation(conversationId),

    listCards: () => core.cards.list(),
    answerCard(request) {
      const answered = core.cards.answer(request);
      if (!answered.ok) throw new CoreRefusal('refused', answered.message);
    },
    // "Commands you allowed" (seed 003 §8): every "remember" the owner said on a card, with Forget.
    listRemembered() {
      const handles = new Map(core.agents.list().map((agent) => [agent.id, agent.handle]));
      return core.remembered.listAll().map((entry) => ({
        id: entry.id,
        agentId: entry.agentId,
        agentHandle: handles.get(entry.agentId) ?? '(removed agent)',
        directory: entry.directory,
        argv: entry.argv,
        kind: entry.kind,
        createdAt: entry.createdAt,
        matches: describeRemembered(entry.kind, entry.argv, entry.directory),
        lastUsedAt: entry.lastUsedAt ?? null,
      }));
    },
    forgetRemembered(id) {
      const forgotten = core.remembered.forget(id);
      if (forgotten) core.events.emit({ type: 'remembered.changed' });
      return { forgotten };
    },

    // Undo and restore (issue 20): the owner asks, the core draws the card; the answer goes through answerCard.
    // A turn working or a pruned history is a refusal the owner reads (RestoreRefusal), not an internal error.
    listCheckpoints: (conversationId) => core.checkpoints.list(conversationId),
    undoCheckpoint: (checkpointId) => refusingAsync(RestoreRefusal, () => core.checkpoints.undo(checkpointId)),
    restoreBefore: (conversationId, messageId) => refusingAsync(RestoreRefusal, () => core.checkpoints.restoreBefore(conversationId, messageId)),
    checkpointUsage: async () => ({ usage: await core.checkpoints.usage(), options: core.checkpoints.options() }),
    async clearCheckpoints(workspace) {
      await refusingAsync(RestoreRefusal, () => core.checkpoints.clear(workspace));
    },
    setCheckpointOptions: (request) => core.checkpoints.setOptions(request),

    // MCP servers for an agent (issue 21): owner-only actions.
    listMcpServers: (agentId) => core.mcpServers.list(agentId),
    async addMcpServer(request) {
      const added = await core.mcpServers.add(request);
      if (!added.ok) throw new CoreRefusal('refused', added.reason);
      core.events.emit({ type: 'agents.changed' });
      return added.server;
    },
    removeMcpServer: async (serverId) => ({ removed: await core.mcpServers.remove(serverId) }),
    setMcpAuto: (serverId, tool, auto) => core.mcpServers.setAuto(serverId, tool, auto) ?? mcpServerGone(),
    restartMcpServer: async (serverId) => (await core.mcpServers.restart(serverId)) ?? mcpServerGone(),

    // Settings → Models (issue 16): the context-window and price tables; every edit is checked here.
    modelTables: () => core.modelTables.view(),
    setModelOverrides: (request) => refusing(ModelTableRefusal, () => core.modelTables.set(request)),
  };
}
