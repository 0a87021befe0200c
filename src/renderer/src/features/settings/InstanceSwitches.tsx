import type { InstanceSwitch } from '../../../../shared/domain';
import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';

const SWITCH_LABELS: Record<InstanceSwitch, string> = {
  coding_tools: 'Coding tools (read, list, search, write, run, git, previews…)',
  file_edit: 'File edit (the bounded edit tool)',
  shell: 'Shell (bash, with coding tools) — not contained',
};

/** The installation's switches (read once at start: a change says "restart Paddock to apply") and Tailscale. */
export function InstanceSwitches() {
  const info = useAppStore((state) => state.info);
  const setSwitches = useAppStore((state) => state.setSwitches);
  const setTailscale = useAppStore((state) => state.setTailscale);
  const showError = useAppStore((state) => state.showError);
  const fail = (reason: unknown): void => showError(messageOf(reason));
  if (!info) return <p className="hint">Loading…</p>;

  return (
    <>
      <div className="switches">
        {(Object.keys(SWITCH_LABELS) as InstanceSwitch[]).map((name) => (
          <label key={name} className={`switch ${name === 'shell' ? 'switch-danger' : ''}`}>
            <input
              type="checkbox"
              checked={info.savedSwitches[name]}
              onChange={(event) => void setSwitches({ [name]: event.target.checked }).catch(fail)}
            />
            {SWITCH_LABELS[name]}
            {info.switches[name] !== info.savedSwitches[name] && (
              <span className="hint"> (in force now: {info.switches[name] ? 'on' : 'off'})</span>
            )}
            {info.switchesFromEnvironment.includes(name) && <span className="hint"> (set by the environment)</span>}
          </label>
        ))}
        {info.restartRequired && (
          <p className="banner banner-info" role="status">
            Restart Paddock to apply: switches are read once, at start.
          </p>
        )}
      </div>
      <h2>Tailscale</h2>
      <label className="switch">
        <input
          type="checkbox"
          checked={info.tailscale.enabled}
          onChange={(event) => void setTailscale(event.target.checked).catch(fail)}
        />
        Serve previews over Tailscale
      </label>
      <p className="hint">{info.tailscale.statement}</p>
      <p className="hint">
        {info.keyStorage} Data directory: <code>{info.dataDir}</code>.
      </p>
    </>
  );
}
