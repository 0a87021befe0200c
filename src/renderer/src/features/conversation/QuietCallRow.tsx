import { ListTodo, ClipboardList } from 'lucide-react';
import { revealHiddenCharacters as shown } from '../../../../shared/hiddenCharacters';

const ACTION_WORDS: Record<string, string> = { start: 'in progress', done: 'done', drop: 'dropped' };

/** The sentence a task-list or plan call reads as in the transcript; null when it is not one. */
export function quietCallText(tool: string, args: unknown): string | null {
  const record = (args ?? {}) as Record<string, unknown>;
  if (tool === 'todo') {
    if (record.action === 'add' && typeof record.text === 'string') return `Task added: ${record.text}`;
    const words = typeof record.action === 'string' ? ACTION_WORDS[record.action] : undefined;
    if (words && typeof record.id === 'string') return `Task ${record.id} ${words}`;
    return null;
  }
  if (tool === 'plan' && typeof record.title === 'string') return `Proposed a plan: ${record.title}`;
  return null;
}

/** A quiet line for a call that changes only the conversation's own records (the task list, a plan). */
export function QuietCallRow({ tool, text }: { tool: string; text: string }) {
  const Icon = tool === 'plan' ? ClipboardList : ListTodo;
  return (
    <p className="quiet-row" role="note">
      <Icon size={12} aria-hidden="true" /> {shown(text)}
    </p>
  );
}
