// SQL for delegates: an agent's helpers (the owner's choice, none by default) and each delegation's
// folded conversation, written as it goes so the window can show it while the delegate thinks.
import type { DelegateMessageView, DelegationView, UsageTotals } from '../../shared/domain';
import type { Db } from './database';
import { ZERO_USAGE } from './usage';

interface DelegationRow {
  call_id: string;
  conversation_id: string;
  agent_id: string;
  helper_id: string;
  helper_handle: string;
  helper_name: string;
  helper_model: string;
  status: DelegationView['status'];
  messages: string;
  usage: string;
  error: string | null;
  created_at: string;
}

function viewOf(row: DelegationRow): DelegationView {
  return {
    callId: row.call_id,
    conversationId: row.conversation_id,
    agentId: row.agent_id,
    helper: { id: row.helper_id, handle: row.helper_handle, name: row.helper_name, model: row.helper_model },
    status: row.status,
    messages: JSON.parse(row.messages) as DelegateMessageView[],
    usage: { ...ZERO_USAGE, ...(JSON.parse(row.usage) as Partial<UsageTotals>) },
    error: row.error,
    createdAt: row.created_at,
  };
}

export function createDelegationsRepository(db: Db, now: () => Date = () => new Date()) {
  const helpersOf = db.prepare<[string], { helper_id: string }>(
    'SELECT helper_id FROM agent_helpers WHERE agent_id = ? ORDER BY created_at, helper_id',
  );
  const clearHelpers = db.prepare('DELETE FROM agent_helpers WHERE agent_id = ?');
  const addHelper = db.prepare('INSERT INTO agent_helpers (agent_id, helper_id, created_at) VALUES (?, ?, ?)');
  const insert = db.prepare(
    `INSERT INTO delegations (call_id, conversation_id, agent_id, helper_id, helper_handle, helper_name, helper_model, status, messages, usage, error, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, NULL, ?)`,
  );
  const update = db.prepare('UPDATE delegations SET status = ?, messages = ?, usage = ?, error = ? WHERE call_id = ?');
  const select = db.prepare<[string], DelegationRow>('SELECT * FROM delegations WHERE call_id = ?');
  const interrupt = db.prepare("UPDATE delegations SET status = 'failed', error = ? WHERE status = 'running'");

  const setHelpers = db.transaction((agentId: string, helperIds: readonly string[]) => {
    clearHelpers.run(agentId);
    const at = now().toISOString();
    for (const helperId of new Set(helperIds)) addHelper.run(agentId, helperId, at);
  });

  return {
    helpersOf(agentId: string): string[] {
      return helpersOf.all(agentId).map((row) => row.helper_id);
    },
    setHelpers(agentId: string, helperIds: readonly string[]): void {
      setHelpers(agentId, helperIds);
    },
    open(input: {
      callId: string;
      conversationId: string;
      agentId: string;
      helper: DelegationView['helper'];
      messages: DelegateMessageView[];
    }): void {
      const { helper } = input;
      insert.run(
        input.callId,
        input.conversationId,
        input.agentId,
        helper.id,
        helper.handle,
        helper.name,
        helper.model,
        JSON.stringify(input.messages),
        JSON.stringify(ZERO_USAGE),
        now().toISOString(),
      );
    },
    save(
      callId: string,
      state: {
        status: DelegationView['status'];
        messages: DelegateMessageView[];
        usage: UsageTotals;
        error: string | null;
      },
    ): void {
      update.run(state.status, JSON.stringify(state.messages), JSON.stringify(state.usage), state.error, callId);
    },
    get(callId: string): DelegationView | null {
      const row = select.get(callId);
      return row ? viewOf(row) : null;
    },
    /** At start: a delegation that was thinking when Paddock stopped ended there. */
    interruptRunning(why: string): number {
      return interrupt.run(why).changes;
    },
  };
}

export type DelegationsRepository = ReturnType<typeof createDelegationsRepository>;
