import { ListTodo, ClipboardList } from 'lucide-react';
import { revealHiddenCharacters as shown } from '../../../../shared/hiddenCharacters';
import type { ToolOutcomeFacts } from '../../../../shared/domain';
import { useToolCallsStore } from '../../stores/useToolCallsStore';
import { ToolCallRow, type ToolCallRowProps } from './ToolCallRow';

type QuietLine = NonNullable<ToolOutcomeFacts['quiet']>;

/** A quiet line for a call that changed only the conversation's own records (the task list, a plan). */
export function QuietCallRow({ quiet }: { quiet: QuietLine }) {
  const Icon = quiet.icon === 'plan' ? ClipboardList : ListTodo;
  return (
    <p className="quiet-row" role="note">
      <Icon size={12} aria-hidden="true" /> {shown(quiet.text)}
    </p>
  );
}

/**
 * A call in the transcript: the quiet line its tool reported in the call's outcome when it succeeded
 * with one (the core's record decides, never the tool's name), else its tool row.
 */
export function TranscriptCall({ className, ...row }: ToolCallRowProps & { className: string | undefined }) {
  const quiet = useToolCallsStore((state) => {
    const outcome = state.calls[row.callId]?.outcome;
    return outcome?.ending === 'done' ? (outcome.quiet ?? null) : null;
  });
  if (quiet) return <QuietCallRow quiet={quiet} />;
  return (
    <div className={className}>
      <ToolCallRow {...row} />
    </div>
  );
}
