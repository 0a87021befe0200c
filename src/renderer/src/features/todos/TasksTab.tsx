import { useEffect } from 'react';
import { ListTodo } from 'lucide-react';
import type { TodoItemView } from '../../../../shared/ipc';
import { revealHiddenCharacters as shown } from '../../../../shared/hiddenCharacters';
import { EmptyState } from '../../components/EmptyState';
import { useConversationStore } from '../../stores/useConversationStore';
import { useTodosStore } from '../../stores/useTodosStore';

const NONE: TodoItemView[] = [];

export const TODO_STATUS_WORDS: Record<TodoItemView['status'], string> = {
  pending: 'to do',
  in_progress: 'in progress',
  done: 'done',
  dropped: 'dropped',
};

const MARKS: Record<TodoItemView['status'], string> = { pending: '○', in_progress: '◐', done: '●', dropped: '–' };

/** The agent's task list for the selected conversation (its todo tool), live, with when each item changed. */
export function TasksTab({ agentId }: { agentId: string }) {
  const conversationId = useConversationStore((state) => state.selected[agentId] ?? null);
  const items = useTodosStore((state) => (conversationId ? (state.byConversation[conversationId] ?? NONE) : NONE));
  const load = useTodosStore((state) => state.load);
  useEffect(() => {
    if (conversationId) void load(conversationId).catch(() => undefined);
  }, [conversationId, load]);
  if (items.length === 0)
    return (
      <EmptyState icon={ListTodo} title="No tasks yet">
        <p className="hint">When the agent keeps a task list for this conversation, it appears here as it changes.</p>
      </EmptyState>
    );
  const open = items.filter((item) => item.status === 'pending' || item.status === 'in_progress').length;
  return (
    <section className="tasks" aria-label="Tasks">
      <p className="hint">
        {open} open of {items.length}
      </p>
      <ul className="tasks-list">
        {items.map((item) => (
          <li
            key={item.id}
            className={`task task-${item.status}`}
            aria-label={`Task ${item.id}: ${TODO_STATUS_WORDS[item.status]}`}
          >
            <span className="task-mark" aria-hidden="true">
              {MARKS[item.status]}
            </span>
            <span className="task-text">{shown(item.text)}</span>
            <span className="task-when hint">
              {TODO_STATUS_WORDS[item.status]} ·{' '}
              <time dateTime={item.changedAt}>{new Date(item.changedAt).toLocaleTimeString()}</time>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
