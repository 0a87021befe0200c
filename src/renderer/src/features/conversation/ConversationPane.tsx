import { useEffect, useState } from 'react';
import { messageOf } from '../../lib/errors';
import { MessageSquarePlus } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import { useConversationStore } from '../../stores/useConversationStore';
import { shortcutLabel } from '../palette/shortcuts';
import { Composer } from './Composer';
import { Transcript } from './Transcript';
import { InstructionsPrompt } from '../instructions/InstructionsPrompt';
import { PlanPanel } from '../plans/PlanPanel';
import { BudgetLine } from './BudgetLine';

/** The selected conversation of an agent: transcript and composer, or a way to start one. */
export function ConversationPane({ agentId }: { agentId: string }) {
  const conversationId = useConversationStore((state) => state.selected[agentId] ?? null);
  const loaded = useConversationStore((state) => state.byAgent[agentId] !== undefined);
  const create = useConversationStore((state) => state.create);
  const loadConversations = useConversationStore((state) => state.loadConversations);
  const showError = useAppStore((state) => state.showError);
  const agent = useAgentsStore((state) => state.agents.find((candidate) => candidate.id === agentId) ?? null);
  // Shown in place, not as the window's alert: the agent's other controls stay usable beside it.
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!loaded) void loadConversations(agentId).catch((reason: unknown) => setLoadError(messageOf(reason)));
  }, [agentId, loaded, loadConversations]);

  if (!conversationId) {
    return (
      <EmptyState icon={MessageSquarePlus} title="No conversation yet">
        <p className="hint">
          Ask for a change, a test or a fix; the agent works in its folder and asks before anything its mode does not
          allow.
        </p>
        <div className="row">
          <button
            type="button"
            className="primary"
            onClick={() => void create(agentId).catch((reason: unknown) => showError(messageOf(reason)))}
          >
            Start a conversation
          </button>
          <span className="hint">
            or press <kbd>{shortcutLabel('conversation.new')}</kbd>
          </span>
        </div>
        {loadError && <span className="hint">Conversations could not be listed: {loadError}</span>}
      </EmptyState>
    );
  }
  return (
    <div className="conversation">
      <InstructionsPrompt agentId={agentId} conversationId={conversationId} />
      <PlanPanel conversationId={conversationId} />
      <Transcript agentId={agentId} conversationId={conversationId} />
      <BudgetLine conversationId={conversationId} />
      {agent && <Composer conversationId={conversationId} agent={agent} />}
    </div>
  );
}
