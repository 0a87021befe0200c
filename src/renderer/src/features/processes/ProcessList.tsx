import { Server } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import { useProcessesStore } from '../../stores/useProcessesStore';
import { usePreviewStore } from '../../stores/usePreviewStore';
import { useSidePaneStore } from '../../stores/useSidePaneStore';

/** Running processes of every agent, with their ports and a Stop action. */
export function ProcessList() {
  const processes = useProcessesStore((state) => state.processes);
  const stop = useProcessesStore((state) => state.stop);
  const agents = useAgentsStore((state) => state.agents);
  const select = useAgentsStore((state) => state.select);
  const showError = useAppStore((state) => state.showError);
  const setView = useAppStore((state) => state.setView);
  const show = usePreviewStore((state) => state.show);
  const setTab = useSidePaneStore((state) => state.setTab);
  const running = processes.filter((process) => process.status === 'running');
  const handleOf = (agentId: string): string => agents.find((agent) => agent.id === agentId)?.handle ?? agentId;

  return (
    <section className="sidebar-processes" aria-label="Running processes">
      <div className="sidebar-heading">
        <span>Processes</span>
      </div>
      {running.length === 0 && (
        <EmptyState icon={Server} title="None running" compact>
          <p className="hint">Dev servers the agent starts appear here, with their preview and a Stop button.</p>
        </EmptyState>
      )}
      <ul className="process-list">
        {running.map((process) => (
          <li key={`${process.agentId}:${process.name}`} className="process-item">
            <button
              type="button"
              className="link process-name"
              title={process.argv.join(' ')}
              onClick={() => {
                select(process.agentId);
                setView('agent');
                setTab('Preview');
                void show(process.agentId, process.name);
              }}
            >
              {process.name}
            </button>
            <span className="hint">
              {handleOf(process.agentId)}
              {process.port ? ` · :${process.port}` : ''}
            </span>
            <button
              type="button"
              className="danger small"
              aria-label={`Stop ${process.name}`}
              onClick={() =>
                void stop(process.agentId, process.name).catch((reason: unknown) => showError(messageOf(reason)))
              }
            >
              Stop
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
