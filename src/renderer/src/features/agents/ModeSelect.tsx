import { MODES, type Mode } from '../../../../shared/domain';
import { modeSentence, runsByEffect } from '../../lib/modeSentences';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import type { AgentView } from '../../../../shared/ipc';

export function ModeSelect({ agent }: { agent: AgentView }) {
  const setMode = useAgentsStore((state) => state.setMode);
  const byEffect = useAppStore((state) => runsByEffect(state.info, agent.id));
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
      <span className="hint">{modeSentence(agent.mode, byEffect)}</span>
    </label>
  );
}
