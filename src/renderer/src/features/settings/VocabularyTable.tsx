import { SCOPES, type Scope, type ScopeReport } from '../../../../shared/domain';
import type { AgentView } from '../../../../shared/ipc';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';

/** Shown while the core's vocabulary has not arrived: the grant alone, facts left blank rather than guessed. */
function reportsOf(agent: AgentView): ScopeReport[] {
  if (agent.vocabulary && agent.vocabulary.length > 0) return agent.vocabulary;
  return SCOPES.map((scope) => ({
    scope,
    installedTools: [],
    installed: false,
    decidedBy: [],
    granted: agent.scopes.includes(scope),
    containment: '',
  }));
}

/** Per scope: granted (the checkbox), installed and by which switch, and its containment sentence (AC-7). */
export function VocabularyTable({ agent }: { agent: AgentView }) {
  const setScopes = useAgentsStore((state) => state.setScopes);
  const showError = useAppStore((state) => state.showError);

  function toggle(scope: Scope, granted: boolean): void {
    const next = granted ? [...agent.scopes, scope] : agent.scopes.filter((existing) => existing !== scope);
    void setScopes(
      agent.id,
      SCOPES.filter((known) => next.includes(known)),
    ).catch((reason: unknown) => showError(messageOf(reason)));
  }

  return (
    <table className="settings-table vocabulary" aria-label={`Scopes of ${agent.name}`}>
      <thead>
        <tr>
          <th>Scope</th>
          <th>Granted</th>
          <th>Installed</th>
          <th>Decided by</th>
          <th>Containment</th>
        </tr>
      </thead>
      <tbody>
        {reportsOf(agent).map((report) => (
          <tr
            key={report.scope}
            className={report.scope === 'shell' && agent.runsAnyCommand ? 'danger-row' : undefined}
          >
            <td>
              <code>{report.scope}</code>
            </td>
            <td>
              <input
                type="checkbox"
                aria-label={`Grant ${report.scope} to ${agent.name}`}
                checked={agent.scopes.includes(report.scope)}
                onChange={(event) => toggle(report.scope, event.target.checked)}
              />
            </td>
            <td>
              {report.installed ? (
                report.installedTools.join(', ') || 'yes'
              ) : (
                <span className="hint">not installed</span>
              )}
              {report.granted && !report.installed && <div className="hint">granted but not installed</div>}
            </td>
            <td>{report.decidedBy.length > 0 ? report.decidedBy.join(' + ') : <span className="hint">—</span>}</td>
            <td className={report.scope === 'shell' ? 'danger-text' : undefined}>{report.containment}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
