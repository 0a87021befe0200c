import { Server } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import { stoppedByPaddock, useProcessesStore } from '../../stores/useProcessesStore';
import { usePreviewStore } from '../../stores/usePreviewStore';
import { useSidePaneStore } from '../../stores/useSidePaneStore';

/** Running processes of every agent, with their ports and a Stop action; above them, any Paddock stopped itself, with why. */
export function ProcessList() {
  const processes = useProcessesStore((state) => state.processes);
  const stop = useProcessesStore((state) => state.stop);
  const dismiss = useProcessesStore((state) => state.dismiss);
  const agents = useAgentsStore((state) => state.agents);
  const select = useAgentsStore((state) => state.select);
  const showError = useAppStore((state) => state.showError);
  const setView = useAppStore((state) => state.setView);
  const show = usePreviewStore((state) => state.show);
  const setTab = useSidePaneStore((state) => state.setTab);
  const running = processes.filter((process) => process.status === 'running');
  const stopped = stoppedByPaddock(processes);
  const handleOf = (agentId: string): string => agents.find((agent) => agent.id === agentId)?.handle ?? agentId;

  return (
    <section className="sidebar-processes" aria-label="Running processes">
      <div className="sidebar-heading">
        <span>Processes</span>
      </div>
      {stopped.length > 0 && (
        <ul className="process-list" aria-label="Stopped by Paddock">
          {stopped.map((process) => (
            <li key={`${process.agentId}:${process.name}`} className="process-item process-stopped">
              <span className="process-name">{process.name}</span>
              <span className="hint">{handleOf(process.agentId)} · stopped by Paddock</span>
              <p className="danger-text process-reason" role="status">
                {process.stopReason}
              </p>
              <button
                type="button"
                className="small"
                aria-label={`Dismiss why ${process.name} was stopped`}
                onClick={() =>
                  void dismiss(process.agentId, process.name).catch((reason: unknown) => showError(messageOf(reason)))
                }
              >
                Dismiss
              </button>
            </li>
          ))}
        </ul>
      )}
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
