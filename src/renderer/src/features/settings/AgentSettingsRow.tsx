import { MODES, type Mode } from '../../../../shared/domain';
import type { AgentView, ProcessView } from '../../../../shared/ipc';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';

/** One line of the Workspaces table (SPEC §10): agent, directory, mode, running processes. */
export function AgentSettingsRow({ agent, running }: { agent: AgentView; running: ProcessView[] }) {
  const setMode = useAgentsStore((state) => state.setMode);
  const showError = useAppStore((state) => state.showError);
  return (
    <tr className={agent.runsAnyCommand ? 'danger-row' : undefined} data-danger={agent.runsAnyCommand}>
      <td>
        {agent.name} <span className="agent-meta">{agent.handle}</span>
        {agent.runsAnyCommand && <div className="danger-text">runs any command as you, without asking</div>}
      </td>
      <td>{agent.workspace ? <code>{agent.workspace.directory}</code> : <span className="hint">no workspace</span>}</td>
      <td>
        <select
          aria-label={`Mode of ${agent.name} in settings`}
          value={agent.mode}
          onChange={(event) =>
            void setMode(agent.id, event.target.value as Mode).catch((reason: unknown) => showError(messageOf(reason)))
          }
        >
          {MODES.map((mode) => (
            <option key={mode}>{mode}</option>
          ))}
        </select>
      </td>
      <td>
        {running.length === 0 ? (
          <span className="hint">none</span>
        ) : (
          running.map((process) => (
            <div key={process.name}>
              <code>{process.name}</code>
              {process.port ? <span className="hint"> :{process.port}</span> : null}
            </div>
          ))
        )}
      </td>
    </tr>
  );
}
