import { useSelectedAgent } from '../../stores/useAgentsStore';
import { ConversationPane } from '../conversation/ConversationPane';
import { ModeSelect } from './ModeSelect';
import { WorkspacePicker } from './WorkspacePicker';

export function AgentPane() {
  const agent = useSelectedAgent();
  if (!agent) {
    return (
      <section className="empty-state">
        <h1>Welcome to Paddock</h1>
        <p>Create an agent in the sidebar, give it a workspace, and choose how free it is.</p>
      </section>
    );
  }
  return (
    <section className="agent-pane" aria-label={`Agent ${agent.name}`}>
      <header className="agent-header">
        <div>
          <h1>{agent.name}</h1>
          <span className="agent-meta">
            {agent.handle} · {agent.provider} · {agent.model}
          </span>
        </div>
        <ModeSelect agent={agent} />
      </header>
      {agent.runsAnyCommand && (
        <p className="banner banner-danger" role="note">
          {agent.handle} is in run mode with the shell granted: it runs any command as you, without asking.
        </p>
      )}
      <WorkspacePicker key={agent.id} agent={agent} />
      <ConversationPane key={`conversation-${agent.id}`} agentId={agent.id} />
    </section>
  );
}
