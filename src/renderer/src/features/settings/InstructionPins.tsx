import { useEffect } from 'react';
import { FileText } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { useInstructionsStore } from '../../stores/useInstructionsStore';

/** The texts the owner accepted for agents (instruction files, project commands), each with Forget. */
export function InstructionPins() {
  const pins = useInstructionsStore((state) => state.pins);
  const loadPins = useInstructionsStore((state) => state.loadPins);
  const forget = useInstructionsStore((state) => state.forget);
  const showError = useAppStore((state) => state.showError);
  useEffect(() => {
    void loadPins().catch((reason: unknown) => showError(messageOf(reason)));
  }, [loadPins, showError]);
  if (pins.length === 0)
    return (
      <EmptyState icon={FileText} title="No accepted instructions" level={3}>
        <p className="hint">
          When a workspace has an AGENTS.md (or CLAUDE.md, GEMINI.md, .github/copilot-instructions.md), the conversation
          asks you before agents use it. What you accept is listed here.
        </p>
      </EmptyState>
    );
  return (
    <table className="settings-table" aria-label="Instructions you accepted">
      <thead>
        <tr>
          <th>File</th>
          <th>Directory</th>
          <th>Begins</th>
          <th>Accepted</th>
          <th>
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {pins.map((pin) => (
          <tr key={`${pin.directory}/${pin.relPath}`}>
            <td>
              <code>{pin.relPath}</code>
              {pin.kind === 'command' && <span className="hint"> (command)</span>}
            </td>
            <td>
              <code>{pin.directory}</code>
            </td>
            <td>{pin.firstLine}</td>
            <td>
              <time dateTime={pin.acceptedAt}>{new Date(pin.acceptedAt).toLocaleString()}</time>
            </td>
            <td>
              <button
                type="button"
                aria-label={`Forget ${pin.relPath} in ${pin.directory}`}
                onClick={() => void forget(pin).catch((reason: unknown) => showError(messageOf(reason)))}
              >
                Forget
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
