import { useState, type FormEvent } from 'react';
import { PROVIDERS, type Provider } from '../../../../shared/domain';
import type { AgentView, ConnectionTestView } from '../../../../shared/ipc';
import { messageOf, refusalCode } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useSetupStore } from '../../stores/useSetupStore';
import { endpointPlaceholder, endpointSentence } from './endpointText';

const KEY_PAGES: Record<Provider, string> = {
  anthropic: 'https://console.anthropic.com/settings/keys',
  openai: 'https://platform.openai.com/api-keys',
};

/** Provider, model and key, and Test connection: one request to the provider's models endpoint, one sentence back. */
export function ProviderStep({ agent, onDone }: { agent: AgentView; onDone: () => void }) {
  const updateConnection = useAgentsStore((state) => state.updateConnection);
  const setApiKey = useAgentsStore((state) => state.setApiKey);
  const testConnection = useSetupStore((state) => state.testConnection);
  const [model, setModel] = useState(agent.model);
  const [baseUrl, setBaseUrl] = useState(agent.baseUrl ?? '');
  const [apiKey, setKey] = useState('');
  const [result, setResult] = useState<ConnectionTestView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [triedKeyRefused, setTriedKeyRefused] = useState(false);
  const failed = result !== null && !result.ok;

  /** Saves what changed; the core refuses to move a stored key to a new host, and says so. */
  async function save(): Promise<void> {
    const next = baseUrl.trim() === '' ? null : baseUrl.trim();
    if (model.trim() !== agent.model || next !== agent.baseUrl)
      await updateConnection(agent.id, { model: model.trim(), baseUrl: next });
  }

  async function test(): Promise<void> {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      await save();
      const tested = await testConnection(agent.id, apiKey === '' ? undefined : apiKey);
      // A key that worked is stored; one that did not is not kept, not even in the field, so
      // Continue cannot store it either.
      if (tested.ok && apiKey !== '') await setApiKey(agent.id, apiKey);
      if (apiKey !== '') setKey('');
      setTriedKeyRefused(!tested.ok && apiKey !== '');
      setResult(tested);
    } catch (reason) {
      setError(
        refusalCode(reason) === 'conflict'
          ? `${messageOf(reason)} Confirm it in Settings, or clear the base URL.`
          : messageOf(reason),
      );
    } finally {
      setBusy(false);
    }
  }

  async function next(event: FormEvent): Promise<void> {
    event.preventDefault();
    setError(null);
    try {
      await save();
      if (apiKey !== '') await setApiKey(agent.id, apiKey);
      onDone();
    } catch (reason) {
      setError(messageOf(reason));
    }
  }

  return (
    <form className="first-run-form" onSubmit={(event) => void next(event)}>
      <p>
        Paddock sends the conversation to the model provider you choose, with your key. The key is stored on this
        machine ({agent.hasApiKey ? 'one is stored now' : 'none yet'}) and never shown again.
      </p>
      <div className="first-run-grid">
        <label htmlFor="first-run-provider">Provider</label>
        <select
          id="first-run-provider"
          value={agent.provider}
          onChange={(event) =>
            void updateConnection(agent.id, { provider: event.target.value as Provider }).then(
              () => setResult(null),
              (reason: unknown) => setError(messageOf(reason)),
            )
          }
        >
          {PROVIDERS.map((provider) => (
            <option key={provider}>{provider}</option>
          ))}
        </select>
        <label htmlFor="first-run-model">Model</label>
        <input
          id="first-run-model"
          value={model}
          spellCheck={false}
          onChange={(event) => setModel(event.target.value)}
        />
        <label htmlFor="first-run-key">API key</label>
        <div>
          <input
            id="first-run-key"
            type="password"
            autoComplete="off"
            value={apiKey}
            placeholder={
              triedKeyRefused
                ? 'the key you tried was not kept: paste it again or another'
                : agent.hasApiKey
                  ? 'a key is stored (type to replace it)'
                  : 'paste your key'
            }
            onChange={(event) => setKey(event.target.value)}
          />
          <p className="hint">
            Get one at{' '}
            <a href={KEY_PAGES[agent.provider]} target="_blank" rel="noreferrer noopener">
              {new URL(KEY_PAGES[agent.provider]).host}
            </a>
            .
          </p>
        </div>
        <label htmlFor="first-run-base-url">Base URL</label>
        <div>
          <input
            id="first-run-base-url"
            value={baseUrl}
            placeholder={endpointPlaceholder(agent)}
            spellCheck={false}
            onChange={(event) => setBaseUrl(event.target.value)}
          />
          <p className="hint">
            {baseUrl.trim() === '' ? endpointSentence(agent) : `The conversation and the key go to ${baseUrl.trim()}.`}
          </p>
        </div>
      </div>
      <div className="form-actions">
        {/* After a failed test, trying again is the next step, not going on. */}
        <button type="button" className={failed ? 'primary' : undefined} onClick={() => void test()} disabled={busy}>
          {busy ? 'Testing…' : 'Test connection'}
        </button>
        <button type="submit" className={failed ? undefined : 'primary'} disabled={busy}>
          {failed ? 'Continue anyway' : 'Continue'}
        </button>
      </div>
      {result && (
        <p
          className={result.ok ? 'test-result test-ok' : 'test-result test-failed'}
          role={result.ok ? 'status' : 'alert'}
        >
          {result.sentence}
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
