// SQL for the plans agents proposed (the plan tool) and the owner's answer to each: proposed, then
// approved (with the mode the owner switched to), revised, or superseded by a later proposal.
import { randomUUID } from 'node:crypto';
import type { Db } from './database';

export interface PlanBody {
  title: string;
  steps: string[];
  files: string[];
  commands: string[];
}

export type PlanStatus = 'proposed' | 'approved' | 'revised' | 'superseded';

export interface StoredPlan extends PlanBody {
  id: string;
  conversationId: string;
  agentId: string;
  callId: string;
  status: PlanStatus;
  approvedMode: 'edit' | 'run' | null;
  createdAt: string;
  decidedAt: string | null;
}

interface PlanRow {
  id: string;
  conversation_id: string;
  agent_id: string;
  call_id: string;
  body: string;
  status: PlanStatus;
  approved_mode: 'edit' | 'run' | null;
  created_at: string;
  decided_at: string | null;
}

function toPlan(row: PlanRow): StoredPlan {
  const body = JSON.parse(row.body) as PlanBody;
  return {
    id: row.id,
    conversationId: row.conversation_id,
    agentId: row.agent_id,
    callId: row.call_id,
    title: body.title,
    steps: body.steps,
    files: body.files,
    commands: body.commands,
    status: row.status,
    approvedMode: row.approved_mode,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
  };
}

export function createPlansRepository(db: Db) {
  const insert = db.prepare(
    'INSERT INTO plans (id, conversation_id, agent_id, call_id, body, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const supersede = db.prepare(
    "UPDATE plans SET status = 'superseded', decided_at = ? WHERE conversation_id = ? AND status = 'proposed'",
  );
  const decide = db.prepare(
    "UPDATE plans SET status = ?, approved_mode = ?, decided_at = ? WHERE id = ? AND status = 'proposed'",
  );
  const selectOne = db.prepare<[string], PlanRow>('SELECT * FROM plans WHERE id = ?');
  const selectFor = db.prepare<[string], PlanRow>(
    'SELECT * FROM plans WHERE conversation_id = ? ORDER BY created_at, rowid',
  );
  return {
    /** A new proposal supersedes any the owner has not answered yet. */
    propose: db.transaction(
      (input: { conversationId: string; agentId: string; callId: string } & PlanBody): StoredPlan => {
        const id = randomUUID();
        const now = new Date().toISOString();
        supersede.run(now, input.conversationId);
        const body: PlanBody = { title: input.title, steps: input.steps, files: input.files, commands: input.commands };
        insert.run(id, input.conversationId, input.agentId, input.callId, JSON.stringify(body), 'proposed', now);
        return toPlan(selectOne.get(id) as PlanRow);
      },
    ),
    /** The owner's answer; false when the plan was not waiting for one. */
    decide(id: string, status: 'approved' | 'revised', approvedMode: 'edit' | 'run' | null): boolean {
      return decide.run(status, approvedMode, new Date().toISOString(), id).changes > 0;
    },
    get(id: string): StoredPlan | null {
      const row = selectOne.get(id);
      return row ? toPlan(row) : null;
    },
    forConversation(conversationId: string): StoredPlan[] {
      return selectFor.all(conversationId).map(toPlan);
    },
  };
}

export type PlansRepository = ReturnType<typeof createPlansRepository>;
