import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { useRememberedStore } from '../../stores/useRememberedStore';

/** Every "always" the owner said on a card, each with Forget (seed 003 §8): owner-only, never a tool. */
export function RememberedCommands() {
  const commands = useRememberedStore((state) => state.commands);
  const forget = useRememberedStore((state) => state.forget);
  const showError = useAppStore((state) => state.showError);
  if (commands.length === 0) return <p className="hint">No commands remembered. Cards for plain commands offer to remember them.</p>;
  return (
    <table className="settings-table" aria-label="Commands you allowed">
      <thead>
        <tr>
          <th>Agent</th>
          <th>Workspace</th>
          <th>Command</th>
          <th>Kind</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {commands.map((command) => (
          <tr key={command.id}>
            <td>{command.agentHandle}</td>
            <td>
              <code>{command.directory}</code>
            </td>
            <td>
              <code>{command.argv.join(' ')}</code>
            </td>
            <td>{command.kind === 'exact' ? 'exactly this' : 'this prefix'}</td>
            <td>
              <button
                type="button"
                aria-label={`Forget ${command.argv.join(' ')}`}
                onClick={() => void forget(command.id).catch((reason: unknown) => showError(messageOf(reason)))}
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
