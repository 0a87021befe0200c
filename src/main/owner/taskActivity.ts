// A task's status in the sidebar follows its agent: a turn working or how the last one ended (since
// this start), and a card waiting. Each such change of a task's agent tells the window tasks.changed.
import type { AgentEvent, Card } from '../../shared/domain';
import type { TasksRepository } from '../store/tasks';

export interface TaskActivity {
  /** A turn of some agent began or ended. */
  noteTurn(event: AgentEvent): void;
  cardPending(card: Card): void;
  cardResolved(): void;
  /** How an agent's last turn ended since this start ('working' while one runs), or null. */
  lastTurnEnd(agentId: string): string | null;
}

export function createTaskActivity(
  tasks: Pick<TasksRepository, 'forAgent' | 'list'>,
  changed: () => void,
): TaskActivity {
  const lastTurnEnd = new Map<string, string>();
  return {
    noteTurn(event) {
      if (event.type !== 'turn_started' && event.type !== 'turn_ended') return;
      lastTurnEnd.set(event.agentId, event.type === 'turn_ended' ? event.reason : 'working');
      if (tasks.forAgent(event.agentId)) changed();
    },
    cardPending(card) {
      if (tasks.forAgent(card.agentId)) changed();
    },
    cardResolved() {
      if (tasks.list().length > 0) changed();
    },
    lastTurnEnd: (agentId) => lastTurnEnd.get(agentId) ?? null,
  };
}
