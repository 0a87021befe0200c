// Repository for `tool_calls`: the durable record of every call, written before it runs and
// after it ends (SPEC §8). Arguments are stored; file contents never are: a long string is kept
// as its length and sha256 (recordedArgs).
import type { Card, OutputAccount, ToolCallOutcome, ToolCallStatus, ToolCallView, ToolIcon } from '../../shared/domain';
import type { Db } from './database';
import { recordedArgs } from './recordedArgs';

interface ToolCallRow {
  id: string;
  conversation_id: string;
  agent_id: string;
  tool: string;
  args: string;
  tier: 'auto' | 'gated' | null;
  reason: string | null;
  status: ToolCallStatus;
  card: string | null;
  answer: string | null;
  result_summary: string | null;
  error: string | null;
  output_account: string | null;
  outcome: string | null;
  file: string | null;
  replay_safe: number;
  created_at: string;
  started_at: string | null;
  ended_at: string | null;
}

function rowView(row: ToolCallRow, iconOf: ToolCallIcons['iconOf']): ToolCallView {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    agentId: row.agent_id,
    tool: row.tool,
    args: JSON.parse(row.args) as unknown,
    tier: row.tier,
    reason: row.reason,
    status: row.status,
    answer: row.answer,
    resultSummary: row.result_summary,
    error: row.error,
    outputAccount: row.output_account ? (JSON.parse(row.output_account) as OutputAccount) : null,
    outcome: row.outcome ? (JSON.parse(row.outcome) as ToolCallOutcome) : null,
    file: row.file,
    icon: iconOf(row.agent_id, row.tool),
    createdAt: row.created_at,
    startedAt: row.started_at,
    endedAt: row.ended_at,
  };
}

const now = (): string => new Date().toISOString();

/** A call that was running, or waiting on a card, when Paddock stopped. */
export interface UnfinishedCall {
  id: string;
  conversationId: string;
  tool: string;
  was: 'running' | 'pending';
  /** The tool declared the call safe to repeat when it opened (tools/types.ts ToolEffects.replaySafe). */
  replaySafe: boolean;
}

/** How a call ended, as the dispatcher hands it to the record. */
export interface FinishedCall {
  status: Exclude<ToolCallStatus, 'pending' | 'running'>;
  summary: string | null;
  error: string | null;
  output?: OutputAccount | null;
  outcome: ToolCallOutcome;
}

/** What the window's row draws for a call: its tool's declaration, which the composition root hands the store. */
export interface ToolCallIcons {
  iconOf(agentId: string, tool: string): ToolIcon;
}

/** Without the tools' declarations (a test, a helper reading rows): the generic icon. */
const NO_ICONS: ToolCallIcons = { iconOf: () => 'other' };

/**
 * Every change returns the call's record as it now stands (one statement, RETURNING), so the
 * dispatcher sends the window what it wrote without reading the row again.
 */
export function createToolCallsRepository(db: Db, icons: ToolCallIcons = NO_ICONS) {
  const toView = (row: ToolCallRow): ToolCallView => rowView(row, icons.iconOf);
  // Prepared once: every call of every step writes here three or four times (issue 16's per-step cost).
  const insert = db.prepare<unknown[], ToolCallRow>(
    `INSERT INTO tool_calls (id, conversation_id, agent_id, tool, args, status, file, replay_safe, created_at)
     VALUES (?, ?, ?, ?, ?, 'running', ?, ?, ?) RETURNING *`,
  );
  const updateTier = db.prepare<unknown[], ToolCallRow>(
    'UPDATE tool_calls SET tier = ?, reason = ? WHERE id = ? RETURNING *',
  );
  const updatePending = db.prepare<unknown[], ToolCallRow>(
    "UPDATE tool_calls SET status = 'pending', card = ? WHERE id = ? RETURNING *",
  );
  const updateAnswer = db.prepare<unknown[], ToolCallRow>('UPDATE tool_calls SET answer = ? WHERE id = ? RETURNING *');
  const updateRunning = db.prepare<unknown[], ToolCallRow>(
    "UPDATE tool_calls SET status = 'running', started_at = ? WHERE id = ? RETURNING *",
  );
  const updateFinished = db.prepare<unknown[], ToolCallRow>(
    'UPDATE tool_calls SET status = ?, result_summary = ?, error = ?, output_account = ?, outcome = ?, ended_at = ? WHERE id = ? RETURNING *',
  );
  const view = (row: ToolCallRow | undefined): ToolCallView | null => (row ? toView(row) : null);
  return {
    /**
     * file: the workspace file the call names, which the window may open; replaySafe: whether
     * repeating it could do no harm (recovery reads it). Both are the tool's own declaration.
     */
    open(input: {
      id: string;
      conversationId: string;
      agentId: string;
      tool: string;
      args: unknown;
      file?: string | null;
      replaySafe?: boolean;
    }): ToolCallView | null {
      const args = JSON.stringify(recordedArgs(input.args ?? null));
      return view(
        insert.get(
          input.id,
          input.conversationId,
          input.agentId,
          input.tool,
          args,
          input.file ?? null,
          input.replaySafe === true ? 1 : 0,
          now(),
        ),
      );
    },
    setTier(id: string, tier: 'auto' | 'gated', reason: string): ToolCallView | null {
      return view(updateTier.get(tier, reason, id));
    },
    markPending(id: string, card: Card): ToolCallView | null {
      // The card's diff and arguments are file contents too: long ones are kept as length and hash.
      // A hunk's context lines are the file's own text: the record keeps each hunk's id, header and size only.
      const { hunks, ...rest } = card;
      const kept = hunks
        ? { ...rest, hunks: hunks.map((hunk) => ({ id: hunk.id, header: hunk.header, lines: hunk.lines.length })) }
        : rest;
      return view(updatePending.get(JSON.stringify(recordedArgs(kept)), id));
    },
    markAnswered(id: string, answer: string): ToolCallView | null {
      return view(updateAnswer.get(answer, id));
    },
    markRunning(id: string): ToolCallView | null {
      return view(updateRunning.get(now(), id));
    },
    finish(id: string, finished: FinishedCall): ToolCallView | null {
      const output = finished.output ?? null;
      return view(
        updateFinished.get(
          finished.status,
          finished.summary,
          finished.error,
          output ? JSON.stringify(output) : null,
          JSON.stringify(finished.outcome),
          now(),
          id,
        ),
      );
    },
    get(id: string): ToolCallView | null {
      const row = db.prepare<[string], ToolCallRow>('SELECT * FROM tool_calls WHERE id = ?').get(id);
      return row ? toView(row) : null;
    },
    exists(id: string): boolean {
      return db.prepare('SELECT 1 FROM tool_calls WHERE id = ?').pluck().get(id) !== undefined;
    },
    /**
     * Marks every call still running or waiting on a card interrupted (recovery at start, SPEC §8), in one
     * transaction with `each`, which the caller uses to tell the conversation.
     */
    interruptUnfinished(
      at: string,
      errorFor: (was: 'running' | 'pending') => string,
      each: (call: UnfinishedCall) => void,
    ): UnfinishedCall[] {
      const select = db.prepare<
        [],
        { id: string; conversation_id: string; tool: string; status: 'running' | 'pending'; replay_safe: number }
      >("SELECT id, conversation_id, tool, status, replay_safe FROM tool_calls WHERE status IN ('running', 'pending')");
      const mark = db.prepare(
        `UPDATE tool_calls SET status = 'interrupted', answer = CASE WHEN status = 'pending' THEN 'unanswered' ELSE answer END, error = ?, outcome = '{"ending":"interrupted"}', ended_at = ?
         WHERE id = ? AND status IN ('running', 'pending')`,
      );
      return db.transaction(() =>
        select.all().map((row) => {
          const call: UnfinishedCall = {
            id: row.id,
            conversationId: row.conversation_id,
            tool: row.tool,
            was: row.status,
            replaySafe: row.replay_safe === 1,
          };
          mark.run(errorFor(call.was), at, call.id);
          each(call);
          return call;
        }),
      )();
    },
    listForConversation(conversationId: string): ToolCallView[] {
      return db
        .prepare<[string], ToolCallRow>('SELECT * FROM tool_calls WHERE conversation_id = ? ORDER BY created_at, rowid')
        .all(conversationId)
        .map(toView);
    },
  };
}

export type ToolCallsRepository = ReturnType<typeof createToolCallsRepository>;
