import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import { ConnectionIndicator } from '../connection/ConnectionIndicator';
import { ConversationList } from '../conversation/ConversationList';
import { ProcessList } from '../processes/ProcessList';
import { NewAgentForm } from './NewAgentForm';
import { TaskList } from '../tasks/TaskList';
import { useTasksStore } from '../../stores/useTasksStore';
import { NeedsOwnerBadge } from './NeedsOwnerBadge';
import { useNeedsOwner } from '../../stores/useAttentionStore';

export function Sidebar() {
  const agents = useAgentsStore((state) => state.agents);
  const selectedId = useAgentsStore((state) => state.selectedId);
  const select = useAgentsStore((state) => state.select);
  const view = useAppStore((state) => state.view);
  const setView = useAppStore((state) => state.setView);
  const creating = useAppStore((state) => state.creatingAgent);
  const setCreating = useAppStore((state) => state.setCreatingAgent);
  const tasks = useTasksStore((state) => state.tasks);
  // A task's agent is listed under its task, not among the agents.
  const taskAgents = new Set(tasks.map((task) => task.agentId));
  const listed = agents.filter((agent) => !taskAgents.has(agent.id));
  const needs = useNeedsOwner();

  return (
    <nav className="sidebar" aria-label="Agents">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          ◧
        </span>{' '}
        Paddock
        <ConnectionIndicator />
      </div>
      <div className="sidebar-section">
        <div className="sidebar-heading">
          <span>Agents</span>
          <button
            type="button"
            className="icon-button"
            aria-label="New agent"
            title="New agent"
            onClick={() => setCreating(true)}
          >
            +
          </button>
        </div>
        {creating && <NewAgentForm onDone={() => setCreating(false)} />}
        <ul className="agent-list">
          {listed.map((agent) => (
            <li key={agent.id}>
              <button
                type="button"
                className={`agent-item ${agent.id === selectedId && view === 'agent' ? 'selected' : ''}`}
                onClick={() => {
                  select(agent.id);
                  setView('agent');
                }}
                aria-current={agent.id === selectedId && view === 'agent' ? 'true' : undefined}
              >
                <span className="agent-name">
                  {agent.name}
                  <NeedsOwnerBadge count={needs.byAgent.get(agent.id) ?? 0} what={agent.handle} />
                </span>
                <span className="agent-meta">
                  {agent.handle} · <span className={`mode-badge mode-${agent.mode}`}>{agent.mode}</span>
                </span>
                <span className="agent-dir" title={agent.workspace?.directory ?? 'no workspace'}>
                  {agent.workspace ? agent.workspace.directory : 'no workspace'}
                </span>
              </button>
              {agent.id === selectedId && <ConversationList agentId={agent.id} needs={needs.byConversation} />}
            </li>
          ))}
          {agents.length === 0 && !creating && <li className="empty">No agents yet. Create one with +.</li>}
        </ul>
        <TaskList />
        <ProcessList />
      </div>
      <div className="sidebar-footer">
        <button
          type="button"
          className={`nav-button ${view === 'settings' ? 'selected' : ''}`}
          onClick={() => setView('settings')}
        >
          Settings → Developer
        </button>
      </div>
    </nav>
  );
}
