import { useEffect } from 'react';
import type { AgentView } from '../../../../shared/ipc';
import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { useDelegationStore } from '../../stores/useDelegationStore';

/** The agents this one may delegate to (seed 003 §10.5): none by default; a helper gets no tool. */
export function Helpers({ agent }: { agent: AgentView }) {
  const view = useDelegationStore((state) => state.helpers[agent.id]);
  const load = useDelegationStore((state) => state.loadHelpers);
  const setHelpers = useDelegationStore((state) => state.setHelpers);
  const showError = useAppStore((state) => state.showError);
  const fail = (reason: unknown): void => showError(messageOf(reason));
  useEffect(() => {
    void load(agent.id).catch((reason: unknown) => showError(messageOf(reason)));
  }, [agent.id, agent.scopes, load, showError]);
  if (!view) return null;
  const chosen = new Set(view.helpers);
  return (
    <fieldset className="helpers" aria-label={`Helpers of ${agent.name}`}>
      <legend>Helpers</legend>
      <p className="hint">
        {agent.handle} may hand a question and some text to these agents with the delegate tool. A helper thinks but
        cannot act: it gets no tool at all, and its answer and cost show under the call. Choosing one grants the
        delegate scope.
      </p>
      {view.candidates.length === 0 && <p className="hint">No other agent yet: add one below to use it as a helper.</p>}
      {view.candidates.map((candidate) => (
        <label key={candidate.id} className="helper-choice">
          <input
            type="checkbox"
            checked={chosen.has(candidate.id)}
            onChange={(event) => {
              const next = event.target.checked
                ? [...view.helpers, candidate.id]
                : view.helpers.filter((id) => id !== candidate.id);
              void setHelpers(agent.id, next).catch(fail);
            }}
          />{' '}
          {candidate.name} ({candidate.handle}) <span className="hint">{candidate.model}</span>
        </label>
      ))}
    </fieldset>
  );
}
