import { useEffect } from 'react';
import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { useCheckpointsStore } from '../../stores/useCheckpointsStore';

const MB = 1024 * 1024;

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** Checkpoints (issue 20): the space each workspace's history takes, with Clear, and what is recorded. */
export function CheckpointSettings() {
  const usage = useCheckpointsStore((state) => state.usage);
  const options = useCheckpointsStore((state) => state.options);
  const loadUsage = useCheckpointsStore((state) => state.loadUsage);
  const clear = useCheckpointsStore((state) => state.clear);
  const setOptions = useCheckpointsStore((state) => state.setOptions);
  const showError = useAppStore((state) => state.showError);
  const fail = (reason: unknown): void => showError(messageOf(reason));

  useEffect(() => {
    void loadUsage().catch((reason: unknown) => showError(messageOf(reason)));
  }, [loadUsage, showError]);

  return (
    <div className="checkpoint-settings">
      {options && (
        <div className="row">
          <label>
            <input
              type="checkbox"
              checked={options.includeIgnored}
              onChange={(event) => void setOptions({ includeIgnored: event.target.checked }).catch(fail)}
            />{' '}
            Also record files .gitignore leaves out (node_modules, build output)
          </label>
          <label>
            Largest file stored{' '}
            <input
              type="number"
              min={1}
              max={1024}
              value={Math.round(options.maxFileBytes / MB)}
              aria-label="Largest file stored, in MB"
              onChange={(event) =>
                void setOptions({ maxFileBytes: Math.max(1, Number(event.target.value)) * MB }).catch(fail)
              }
            />{' '}
            MB
          </label>
          <label>
            History per workspace{' '}
            <input
              type="number"
              min={1}
              value={Math.round(options.budgetBytes / MB)}
              aria-label="History per workspace, in MB"
              onChange={(event) =>
                void setOptions({ budgetBytes: Math.max(1, Number(event.target.value)) * MB }).catch(fail)
              }
            />{' '}
            MB (the oldest checkpoints go first)
          </label>
        </div>
      )}
      {usage.length === 0 ? (
        <p className="hint">No workspace yet.</p>
      ) : (
        <table className="settings-table" aria-label="Checkpoint history">
          <thead>
            <tr>
              <th>Workspace</th>
              <th>Agents</th>
              <th>Checkpoints</th>
              <th>Space used</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {usage.map((entry) => (
              <tr key={entry.workspace}>
                <td>
                  <code>{entry.workspace}</code>
                </td>
                <td>{entry.agents.join(', ')}</td>
                <td>{entry.checkpoints}</td>
                <td>{size(entry.bytes)}</td>
                <td>
                  <button
                    type="button"
                    aria-label={`Clear checkpoints of ${entry.workspace}`}
                    disabled={entry.bytes === 0 && entry.checkpoints === 0}
                    onClick={() => void clear(entry.workspace).catch(fail)}
                  >
                    Clear
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
