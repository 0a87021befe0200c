import { MODES, type Mode } from '../../../../shared/domain';
import { useAgentsStore } from '../../stores/useAgentsStore';
import type { AgentView } from '../../../../shared/ipc';

export const MODE_SENTENCES: Record<Mode, string> = {
  ask: 'every write and every command asks you first',
  edit: 'reads and edits happen at once; every command asks',
  run: 'edits and the run list’s commands happen at once; everything else asks',
  plan: 'only reads; the agent proposes a plan you approve before anything changes',
};

export function ModeSelect({ agent }: { agent: AgentView }) {
  const setMode = useAgentsStore((state) => state.setMode);
  return (
    <label className="mode-select">
      Mode
      <select
        aria-label={`Mode of ${agent.name}`}
        value={agent.mode}
        onChange={(event) => void setMode(agent.id, event.target.value as Mode)}
      >
        {MODES.map((mode) => (
          <option key={mode} value={mode}>
            {mode}
          </option>
        ))}
      </select>
      <span className="hint">{MODE_SENTENCES[agent.mode]}</span>
    </label>
  );
}
