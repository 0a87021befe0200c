import { useEffect, useState, type FormEvent } from 'react';
import type { AgentView, McpServerView } from '../../../../shared/ipc';
import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { useMcpStore } from '../../stores/useMcpStore';

const STATE_WORDS: Record<McpServerView['state'], string> = {
  stopped: 'stopped',
  starting: 'starting…',
  ready: 'running',
  failed: 'failed',
};

/** Headers typed one per line as `Name: value`. */
function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function AddServer({ agent }: { agent: AgentView }) {
  const add = useMcpStore((state) => state.add);
  const showError = useAppStore((state) => state.showError);
  const [transport, setTransport] = useState<'stdio' | 'http'>('stdio');
  const [name, setName] = useState('');
  const [target, setTarget] = useState('');
  const [headers, setHeaders] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    setBusy(true);
    const request =
      transport === 'stdio'
        ? { agentId: agent.id, name, transport, command: target }
        : { agentId: agent.id, name, transport, url: target, headers: parseHeaders(headers) };
    void add(request)
      .then(() => {
        setName('');
        setTarget('');
        setHeaders('');
      })
      .catch((reason: unknown) => showError(messageOf(reason)))
      .finally(() => setBusy(false));
  };

  return (
    <form className="mcp-add row" onSubmit={submit} aria-label={`Add an MCP server for ${agent.name}`}>
      <label>
        Name{' '}
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-label="MCP server name"
          placeholder="docs"
          required
        />
      </label>
      <label>
        Kind{' '}
        <select
          value={transport}
          onChange={(event) => setTransport(event.target.value as 'stdio' | 'http')}
          aria-label="MCP server kind"
        >
          <option value="stdio">command (stdio)</option>
          <option value="http">URL (streamable HTTP)</option>
        </select>
      </label>
      <label className="grow">
        {transport === 'stdio' ? 'Command' : 'URL'}{' '}
        <input
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          aria-label={transport === 'stdio' ? 'MCP server command' : 'MCP server URL'}
          placeholder={transport === 'stdio' ? 'node tools/mcp-server.js' : 'https://example.test/mcp'}
          required
        />
      </label>
      {transport === 'http' && (
        <label className="grow">
          Headers{' '}
          <textarea
            value={headers}
            onChange={(event) => setHeaders(event.target.value)}
            aria-label="MCP server headers"
            placeholder="Authorization: Bearer …"
            rows={2}
          />
        </label>
      )}
      <button type="submit" disabled={busy}>
        Add server
      </button>
    </form>
  );
}

function ServerRow({ agent, server }: { agent: AgentView; server: McpServerView }) {
  const { remove, setAuto, restart } = useMcpStore.getState();
  const showError = useAppStore((state) => state.showError);
  const fail = (reason: unknown): void => showError(messageOf(reason));
  return (
    <li className={`mcp-server mcp-${server.state}`}>
      <div className="row">
        <strong>{server.name}</strong>
        <code className="grow">{server.target}</code>
        <span className={`mcp-state mcp-state-${server.state}`}>{STATE_WORDS[server.state]}</span>
        <button
          type="button"
          onClick={() => void restart(agent.id, server.id).catch(fail)}
          aria-label={`Restart MCP server ${server.name}`}
        >
          Restart
        </button>
        <button
          type="button"
          onClick={() => void remove(agent.id, server.id).catch(fail)}
          aria-label={`Remove MCP server ${server.name}`}
        >
          Remove
        </button>
      </div>
      {server.headerNames.length > 0 && (
        <p className="hint">Headers: {server.headerNames.join(', ')} (values are stored with the API keys)</p>
      )}
      {server.error && (
        <p className="banner banner-danger" role="alert">
          {server.error}
        </p>
      )}
      {server.tools.length > 0 && (
        <ul className="mcp-tools" aria-label={`Tools of MCP server ${server.name}`}>
          {server.tools.map((tool) => (
            <li key={tool.name}>
              <label>
                <input
                  type="checkbox"
                  checked={tool.auto}
                  onChange={(event) => void setAuto(agent.id, server.id, tool.name, event.target.checked).catch(fail)}
                  aria-label={`Run ${tool.name} of ${server.name} without a card`}
                />{' '}
                <code>{tool.modelName ?? tool.name}</code> auto
              </label>
              <span className="hint"> {tool.description}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The MCP servers of one agent (issue 21): every call is a card unless a tool is ticked auto here. */
export function McpServers({ agent }: { agent: AgentView }) {
  const servers = useMcpStore((state) => state.servers[agent.id]);
  const load = useMcpStore((state) => state.load);
  const showError = useAppStore((state) => state.showError);
  useEffect(() => {
    void load(agent.id).catch((reason: unknown) => showError(messageOf(reason)));
  }, [agent.id, load, showError]);
  return (
    <div className="mcp-servers">
      <h4>MCP servers</h4>
      <p className="hint">
        Their tools reach the model as mcp__server__tool. Every call is a card unless you tick the tool auto (never in
        ask mode). A command server runs in the workspace like the agent&apos;s commands. Adding one grants the mcp
        scope.
      </p>
      {servers && servers.length === 0 && <p className="hint">No MCP servers for {agent.handle} yet.</p>}
      <ul className="mcp-list">
        {(servers ?? []).map((server) => (
          <ServerRow key={server.id} agent={agent} server={server} />
        ))}
      </ul>
      <AddServer agent={agent} />
    </div>
  );
}
