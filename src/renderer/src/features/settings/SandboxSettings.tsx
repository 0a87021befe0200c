import { useState } from 'react';
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
  const change = (
    agentId: string,
    choices: { allowedDomains?: string[]; uncontainedShell?: boolean; runListOnly?: boolean },
  ) => void setAgentSandbox(agentId, choices).catch((reason: unknown) => showError(messageOf(reason)));

  return (
    <div aria-label="Sandbox">
      <p className={sandbox.contained ? 'sandbox-state' : 'sandbox-state banner-danger'} role="status">
        {sandbox.line}
      </p>
      {sandbox.warning && <p className="warning sandbox-warning">{sandbox.warning}</p>}
      <p className="hint">
        Contained commands write only the workspace (not its .git) and a private /tmp, read the system and toolchains
        but not your home, credentials or Paddock’s data, see no other process, and have no network: only the domains
        you allow below, on ports 80 and 443 through Paddock’s proxy, never this machine’s own addresses or ports.
      </p>
      <table className="settings-table" aria-label="Sandbox per agent">
        <thead>
          <tr>
            <th>Agent</th>
            <th>Allowed domains</th>
            <th>Commands</th>
          </tr>
        </thead>
        <tbody>
          {agents.map((agent) => {
            const choices = sandbox.agents[agent.id] ?? {
              allowedDomains: [],
              uncontainedShell: false,
              runListOnly: false,
            };
            return (
              <tr key={agent.id}>
                <td>{agent.name}</td>
                <td>
                  <AllowedDomains
                    key={choices.allowedDomains.join(',')}
                    agentName={agent.name}
                    domains={choices.allowedDomains}
                    line={sandbox.agentLines[agent.id] ?? sandbox.line}
                    onSave={(allowedDomains) => setAgentSandbox(agent.id, { allowedDomains })}
                  />
                </td>
                <td>
                  <div>
                    <label className={choices.uncontainedShell ? 'danger-text' : undefined}>
                      <input
                        type="checkbox"
                        checked={choices.uncontainedShell}
                        onChange={(event) => change(agent.id, { uncontainedShell: event.target.checked })}
                      />{' '}
                      Uncontained shell
                    </label>
                  </div>
                  <div>
                    <label title="Run mode decides by the run list, as without a sandbox: every command it does not list is a card">
                      <input
                        type="checkbox"
                        checked={choices.runListOnly}
                        onChange={(event) => change(agent.id, { runListOnly: event.target.checked })}
                      />{' '}
                      Run list only
                    </label>
                  </div>
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
      <p className="hint">
        A domain such as registry.npmjs.org, or *.example.com for its subdomains: ports 80 and 443 only. Add a port for
        that port only (git.example.com:2222 lets raw TCP such as SSH through there). Addresses, localhost and names
        that resolve to this machine or a private network are always refused. Removing a domain closes the connections
        open to it.
      </p>
    </div>
  );
}

/** One agent's allowed domains: typed as a list, saved as checked entries (the core refuses bad ones). */
function AllowedDomains(props: {
  agentName: string;
  domains: string[];
  line: string;
  onSave(domains: string[]): Promise<void>;
}) {
  const saved = props.domains.join(', ');
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const domains = text.split(/[\s,]+/).filter((part) => part !== '');
    props.onSave(domains).then(
      () => setError(null),
      (reason: unknown) => setError(messageOf(reason)),
    );
  };
  return (
    <div className="sandbox-domains">
      <input
        type="text"
        aria-label={`Allowed domains for ${props.agentName}`}
        placeholder="none: network off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
        }}
      />{' '}
      <button type="button" disabled={text === saved} onClick={save}>
        Save domains
      </button>
      <p className="hint">{props.line}</p>
      {error && (
        <p className="danger-text" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
