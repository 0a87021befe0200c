import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';

export const UNCONTAINED_SHELL =
  'Uncontained shell: bash runs as you, outside the sandbox, and reaches every file, credential and the network. Every bash call becomes a card.';

/** Settings → Developer → Sandbox (SPEC §14): the engine's state and each agent's choices. */
export function SandboxSettings() {
  const info = useAppStore((state) => state.info);
  const setAgentSandbox = useAppStore((state) => state.setAgentSandbox);
  const showError = useAppStore((state) => state.showError);
  const agents = useAgentsStore((state) => state.agents);
  if (!info) return null;
  const { sandbox } = info;
  const change = (agentId: string, choices: { network?: 'off' | 'on'; uncontainedShell?: boolean }) =>
    void setAgentSandbox(agentId, choices).catch((reason: unknown) => showError(messageOf(reason)));

  return (
    <div aria-label="Sandbox">
      <p className={sandbox.contained ? 'sandbox-state' : 'sandbox-state banner-danger'} role="status">
        {sandbox.line}
      </p>
      {sandbox.warning && <p className="warning sandbox-warning">{sandbox.warning}</p>}
      <p className="hint">
        Contained commands write only the workspace (not its .git) and a private /tmp, read the system and toolchains but
        not your home, credentials or Paddock’s data, see no other process, and have no network unless you allow it below.
      </p>
      <table className="settings-table" aria-label="Sandbox per agent">
        <thead>
          <tr>
            <th>Agent</th>
            <th>Network</th>
            <th>Shell</th>
          </tr>
        </thead>
        <tbody>
          {agents.map((agent) => {
            const choices = sandbox.agents[agent.id] ?? { network: 'off', uncontainedShell: false };
            return (
              <tr key={agent.id}>
                <td>{agent.name}</td>
                <td>
                  <select
                    aria-label={`Network for ${agent.name}`}
                    value={choices.network}
                    onChange={(event) => change(agent.id, { network: event.target.value === 'on' ? 'on' : 'off' })}
                  >
                    <option value="off">off</option>
                    <option value="on">on (all hosts)</option>
                  </select>
                </td>
                <td>
                  <label className={choices.uncontainedShell ? 'danger-text' : undefined}>
                    <input
                      type="checkbox"
                      checked={choices.uncontainedShell}
                      onChange={(event) => change(agent.id, { uncontainedShell: event.target.checked })}
                    />{' '}
                    Uncontained shell
                  </label>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {agents
        .filter((agent) => sandbox.agents[agent.id]?.uncontainedShell)
        .map((agent) => (
          <p key={agent.id} className="danger-text">
            {agent.name}: {UNCONTAINED_SHELL}
          </p>
        ))}
      <p className="hint">Network “on” opens every host to that agent’s processes; allowing single domains is not built yet.</p>
    </div>
  );
}
