import { ListChecks } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import type { RememberedCommandView } from '../../../../shared/ipc';
import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { useRememberedStore } from '../../stores/useRememberedStore';

/** "never", or when it last let a command through without a card, in the owner's locale. */
export function lastUsedText(lastUsedAt: string | null): string {
  if (lastUsedAt === null) return 'never';
  const at = new Date(lastUsedAt);
  return Number.isNaN(at.getTime()) ? 'never' : at.toLocaleString();
}

function Row({ command, onForget }: { command: RememberedCommandView; onForget: (id: number) => void }) {
  return (
    <tr>
      <td>{command.matches}</td>
      <td>{command.agentHandle}</td>
      <td>
        <code>{command.directory}</code>
      </td>
      <td>
        {command.lastUsedAt === null ? (
          'never'
        ) : (
          <time dateTime={command.lastUsedAt}>{lastUsedText(command.lastUsedAt)}</time>
        )}
      </td>
      <td>
        <button type="button" aria-label={`Forget ${command.argv.join(' ')}`} onClick={() => onForget(command.id)}>
          Forget
        </button>
      </td>
    </tr>
  );
}

/**
 * Every "always" the owner said on a card, each with Forget (seed 003 §8, issue 19): what it matches
 * in the same words its card offered, its agent and directory, and when it last ran a command
 * without a card. Owner-only, never a tool.
 */
export function RememberedCommands() {
  const commands = useRememberedStore((state) => state.commands);
  const forget = useRememberedStore((state) => state.forget);
  const showError = useAppStore((state) => state.showError);
  if (commands.length === 0)
    return (
      <EmptyState icon={ListChecks} title="No remembered commands" level={3}>
        <p className="hint">
          No commands remembered. Cards for plain commands offer to remember them: approve one with “Approve and always
          allow…” and it runs without asking next time.
        </p>
      </EmptyState>
    );
  const onForget = (id: number) => void forget(id).catch((reason: unknown) => showError(messageOf(reason)));
  return (
    <table className="settings-table" aria-label="Commands you allowed">
      <thead>
        <tr>
          <th>Runs without a card</th>
          <th>Agent</th>
          <th>Directory</th>
          <th>Last used</th>
          <th>
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {commands.map((command) => (
          <Row key={command.id} command={command} onForget={onForget} />
        ))}
      </tbody>
    </table>
  );
}
