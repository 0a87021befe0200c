import { useState } from 'react';
import {
  ACCEPTANCE_POLICIES,
  OUTPUT_BOUND_MAX,
  OUTPUT_BOUND_MIN,
  type AcceptancePolicy,
} from '../../../../shared/domain';
import type { AgentView } from '../../../../shared/ipc';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import { ConnectRepository } from '../repositories/ConnectRepository';
import { McpServers } from './McpServers';
import { Helpers } from './Helpers';
import { ProviderSettings } from './ProviderSettings';
import { VocabularyTable } from './VocabularyTable';

const POLICY_SENTENCES: Record<AcceptancePolicy, string> = {
  apply: 'edits are applied as the mode allows',
  propose: 'every edit is proposed on a card first',
};

/** One agent's settings: acceptance policy, output bound, provider, scopes and what they install. */
export function AgentSettingsSection({ agent }: { agent: AgentView }) {
  const setPolicy = useAgentsStore((state) => state.setPolicy);
  const setOutputBound = useAgentsStore((state) => state.setOutputBound);
  const showError = useAppStore((state) => state.showError);
  const fail = (reason: unknown): void => showError(messageOf(reason));
  // Every save says so; a value the core clamped says what it became.
  const [saved, setSaved] = useState<string | null>(null);

  async function saveOutputBound(value: number): Promise<void> {
    setSaved(null);
    await setOutputBound(agent.id, value);
    const kept = useAgentsStore.getState().agents.find((candidate) => candidate.id === agent.id)?.maxOutputTokens;
    setSaved(
      kept !== undefined && kept !== value
        ? `Saved. ${Number.isFinite(value) ? value : 'That value'} is outside ${OUTPUT_BOUND_MIN}–${OUTPUT_BOUND_MAX}, so the output bound was clamped to ${kept} token${kept === 1 ? '' : 's'}.`
        : 'Saved.',
    );
  }

  return (
    <section
      className={`agent-settings ${agent.runsAnyCommand ? 'danger-section' : ''}`}
      aria-label={`Settings of ${agent.name}`}
    >
      <h3>
        {agent.name} <span className="agent-meta">{agent.handle}</span>
      </h3>
      {agent.runsAnyCommand && (
        <p className="banner banner-danger" role="note">
          {agent.handle} is in run mode with the shell granted: it runs any command as you, without asking.
        </p>
      )}
      <div className="row settings-fields">
        <label>
          Acceptance policy{' '}
          <select
            aria-label={`Acceptance policy of ${agent.name}`}
            value={agent.acceptancePolicy}
            onChange={(event) =>
              void setPolicy(agent.id, event.target.value as AcceptancePolicy)
                .then(() => setSaved('Saved.'))
                .catch(fail)
            }
          >
            {ACCEPTANCE_POLICIES.map((policy) => (
              <option key={policy}>{policy}</option>
            ))}
          </select>
          <span className="hint"> {POLICY_SENTENCES[agent.acceptancePolicy]}</span>
        </label>
        <label>
          Output bound{' '}
          <input
            key={agent.maxOutputTokens}
            type="number"
            aria-label={`Output bound of ${agent.name}`}
            min={OUTPUT_BOUND_MIN}
            max={OUTPUT_BOUND_MAX}
            defaultValue={agent.maxOutputTokens}
            onBlur={(event) => {
              const value = Number(event.target.value);
              if (value !== agent.maxOutputTokens) void saveOutputBound(value).catch(fail);
            }}
          />
          <span className="hint"> tokens per model response</span>
        </label>
        {saved && (
          <span className="hint settings-saved" role="status" aria-label={`Saved settings of ${agent.name}`}>
            {saved}
          </span>
        )}
      </div>
      <ProviderSettings key={`${agent.id}:${agent.model}:${agent.baseUrl ?? ''}`} agent={agent} onSaved={setSaved} />
      <VocabularyTable agent={agent} />
      <McpServers agent={agent} />
      <Helpers agent={agent} />
      <ConnectRepository agent={agent} />
    </section>
  );
}
