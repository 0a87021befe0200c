import { MODES } from '../../../../shared/domain';
import type { AgentView } from '../../../../shared/ipc';
import { modeChoice, runsByEffect } from '../../lib/modeSentences';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';

export function ModeStep({ agent, onDone }: { agent: AgentView; onDone: () => void }) {
  const setMode = useAgentsStore((state) => state.setMode);
  const byEffect = useAppStore((state) => runsByEffect(state.info, agent.id));
  const shellGranted = agent.scopes.includes('shell');
  return (
    <form
      className="first-run-form"
      onSubmit={(event) => {
        event.preventDefault();
        onDone();
      }}
    >
      <fieldset className="mode-choices">
        <legend>How free is {agent.name}?</legend>
        {MODES.map((mode) => (
          <label key={mode} className={`mode-choice${agent.mode === mode ? ' selected' : ''}`}>
            <input
              type="radio"
              name="first-run-mode"
              value={mode}
              checked={agent.mode === mode}
              onChange={() => void setMode(agent.id, mode)}
            />
            <span className="mode-choice-name">{mode}</span>
            <span>{modeChoice(mode, { byEffect, shellGranted }).line}</span>
            <span className={mode === 'ask' ? 'hint' : 'danger-text'}>
              {modeChoice(mode, { byEffect, shellGranted }).danger}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="primary">
          Finish setup
        </button>
      </div>
    </form>
  );
}
