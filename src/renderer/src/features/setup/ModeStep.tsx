import { MODES, type Mode } from '../../../../shared/domain';
import type { AgentView } from '../../../../shared/ipc';
import { useAgentsStore } from '../../stores/useAgentsStore';

/** Each mode in one line, with its danger said plainly. */
export const MODE_DANGERS: Record<Mode, { line: string; danger: string }> = {
  ask: { line: 'Every write and every command asks you first.', danger: 'Safest: nothing changes without your yes.' },
  edit: {
    line: 'Reads and edits happen at once; every command asks.',
    danger: 'Files in the folder change without asking; checkpoints let you undo.',
  },
  run: {
    line: 'Edits and the run list’s commands happen at once; everything else asks.',
    danger: 'Tests and builds run the project’s own code as you, without asking.',
  },
  plan: {
    line: 'The agent only reads, then proposes a plan; you approve it before anything changes.',
    danger: 'Nothing changes until you approve a plan and pick edit or run.',
  },
};

export function ModeStep({ agent, onDone }: { agent: AgentView; onDone: () => void }) {
  const setMode = useAgentsStore((state) => state.setMode);
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
            <span>{MODE_DANGERS[mode].line}</span>
            <span className={mode === 'ask' ? 'hint' : 'danger-text'}>
              {mode === 'run' && agent.scopes.includes('shell')
                ? 'With the shell granted, it runs any command as you, without asking.'
                : MODE_DANGERS[mode].danger}
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
