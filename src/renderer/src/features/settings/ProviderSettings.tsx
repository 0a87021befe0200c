import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { PROVIDERS, type Provider } from '../../../../shared/domain';
import type { AgentView } from '../../../../shared/ipc';
import { messageOf, refusalCode } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import { endpointPlaceholder } from '../setup/endpointText';

/**
 * Provider, model, base URL and the API key. The key goes to the core once and is never shown back.
 * `onSaved` says a save to the section around it, which outlives this form's redraw for the new values.
 */
export function ProviderSettings({ agent, onSaved }: { agent: AgentView; onSaved?: (sentence: string) => void }) {
  const { models: listModels, updateConnection, setApiKey: storeKey, clearApiKey } = useAgentsStore.getState();
  const keyStorage = useAppStore((state) => state.info?.keyStorage ?? null);
  const [model, setModel] = useState(agent.model);
  const [baseUrl, setBaseUrl] = useState(agent.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  /** The core asked to confirm where the stored key will go: its sentence and the origin to confirm. */
  const [keyQuestion, setKeyQuestion] = useState<{ text: string; origin: string } | null>(null);
  const [thinking, setThinking] = useState(String(agent.thinkingBudget ?? 0));
  const [models, setModels] = useState<{ list: string[]; note: string | null } | null>(null);
  const questionRef = useRef<HTMLDivElement>(null);

  // The question is asked where the owner is looking: scrolled into view, its answer focused, before
  // the frame that shows it is painted.
  useLayoutEffect(() => {
    if (!keyQuestion || !questionRef.current) return;
    questionRef.current.scrollIntoView({ block: 'nearest' });
    questionRef.current.querySelector('button')?.focus();
  }, [keyQuestion]);

  // The provider's own list, asked once when the owner goes to pick; free text always works.
  function loadModels(): void {
    if (models) return;
    setModels({ list: [], note: 'Asking the provider for its models…' });
    listModels(agent.id)
      .then((result) =>
        setModels({
          list: result.models,
          note:
            result.source === 'provider'
              ? `${result.models.length} models from the provider`
              : `Known models (the provider's list could not be read: ${result.problem ?? 'no reason given'})`,
        }),
      )
      .catch((reason: unknown) => setModels({ list: [], note: messageOf(reason) }));
  }

  async function run(action: () => Promise<unknown>, done: string): Promise<void> {
    try {
      await action();
      if (onSaved) {
        setStatus(null);
        onSaved(done);
      } else setStatus(done);
    } catch (reason) {
      setStatus(messageOf(reason));
    }
  }

  function saveConnection(event: FormEvent | null, confirmKeyTo?: string): void {
    event?.preventDefault();
    setKeyQuestion(null);
    const next = baseUrl.trim() === '' ? null : baseUrl.trim();
    const budget = Math.max(0, Math.trunc(Number(thinking) || 0));
    void run(async () => {
      try {
        await updateConnection(agent.id, {
          model: model.trim(),
          baseUrl: next,
          ...(agent.provider === 'anthropic' ? { thinkingBudget: Math.min(64_000, budget) } : {}),
          ...(confirmKeyTo ? { confirmKeyTo } : {}),
        });
      } catch (reason) {
        // The core refuses to send a stored key to a new host until the owner confirms that host.
        if (refusalCode(reason) === 'conflict' && next !== null && agent.hasApiKey && !confirmKeyTo) {
          setKeyQuestion({ text: messageOf(reason), origin: new URL(next).origin });
          throw new Error('Not saved yet: confirm where the key goes.');
        }
        throw reason;
      }
    }, 'Saved.');
  }

  function saveKey(event: FormEvent): void {
    event.preventDefault();
    const key = apiKey;
    setApiKey('');
    void run(() => storeKey(agent.id, key), 'Key saved.');
  }

  return (
    <div className="provider-settings">
      <form className="row" onSubmit={saveConnection} aria-label={`Provider of ${agent.name}`}>
        <label>
          Provider{' '}
          <select
            aria-label={`Provider of ${agent.name}`}
            value={agent.provider}
            onChange={(event) =>
              void run(() => updateConnection(agent.id, { provider: event.target.value as Provider }), 'Saved.')
            }
          >
            {PROVIDERS.map((provider) => (
              <option key={provider}>{provider}</option>
            ))}
          </select>
        </label>
        <label>
          Model{' '}
          <input
            aria-label={`Model of ${agent.name}`}
            list={`models-${agent.id}`}
            value={model}
            onFocus={loadModels}
            onChange={(event) => setModel(event.target.value)}
            title={models?.note ?? undefined}
          />
          <datalist id={`models-${agent.id}`}>
            {(models?.list ?? []).map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </label>
        {agent.provider === 'anthropic' && (
          <label title="Extended thinking: tokens the model may think before answering (0: off; at least 1,024)">
            Thinking{' '}
            <input
              aria-label={`Thinking budget of ${agent.name}`}
              type="number"
              min={0}
              max={64_000}
              step={1024}
              value={thinking}
              onChange={(event) => setThinking(event.target.value)}
            />
          </label>
        )}
        <label>
          Base URL{' '}
          <input
            aria-label={`Base URL of ${agent.name}`}
            value={baseUrl}
            placeholder={endpointPlaceholder(agent)}
            onChange={(event) => setBaseUrl(event.target.value)}
          />
        </label>
        <button type="submit">Save connection</button>
        {models?.note && <span className="hint">{models.note}</span>}
      </form>
      {keyQuestion && (
        <div ref={questionRef} className="key-question" role="alertdialog" aria-label="Confirm where the API key goes">
          <p>{keyQuestion.text}</p>
          <button type="button" onClick={() => saveConnection(null, keyQuestion.origin)}>
            Send the key to {keyQuestion.origin}
          </button>{' '}
          <button type="button" onClick={() => setKeyQuestion(null)}>
            Cancel
          </button>
        </div>
      )}
      <form className="row" onSubmit={saveKey}>
        <label>
          API key{' '}
          <input
            type="password"
            autoComplete="off"
            aria-label={`API key of ${agent.name}`}
            value={apiKey}
            placeholder={agent.hasApiKey ? 'a key is stored (type to replace it)' : 'no key stored'}
            onChange={(event) => setApiKey(event.target.value)}
          />
        </label>
        <button type="submit" disabled={apiKey === ''}>
          Save key
        </button>
        {agent.hasApiKey && (
          <button type="button" onClick={() => void run(() => clearApiKey(agent.id), 'Key removed.')}>
            Remove key
          </button>
        )}
      </form>
      {keyStorage && <p className="hint">{keyStorage}</p>}
      {status && (
        <p className="hint" role="status">
          {status}
        </p>
      )}
    </div>
  );
}
