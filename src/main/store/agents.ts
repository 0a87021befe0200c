// Repository for `agents` (SPEC §11). The owner's settings of each agent live here.
import { randomUUID } from 'node:crypto';
import {
  clampOutputBound,
  SCOPES,
  type AcceptancePolicy,
  type Agent,
  type Mode,
  type Provider,
  type Scope,
} from '../../shared/domain';
import type { Db } from './database';

interface AgentRow {
  id: string;
  name: string;
  handle: string;
  provider: Provider;
  model: string;
  base_url: string | null;
  scopes: string;
  mode: Mode;
  acceptance_policy: AcceptancePolicy;
  max_output_tokens: number;
  /** Migration 006; absent on a database that predates it. */
  thinking_budget?: number;
  /** Migration 018: 1 when the agent is in plan mode (then `mode` is the mode it was in before). */
  plan_mode?: number;
  created_at: string;
}

export interface NewAgent {
  /** A fixed id (fixtures); a new UUID when absent. */
  id?: string;
  name: string;
  handle: string;
  provider: Provider;
  model: string;
  baseUrl?: string | null;
  scopes: Scope[];
  mode?: Mode;
  acceptancePolicy?: AcceptancePolicy;
  maxOutputTokens?: number;
}

export type AgentPatch = Partial<
  Pick<
    Agent,
    | 'name'
    | 'provider'
    | 'model'
    | 'baseUrl'
    | 'scopes'
    | 'mode'
    | 'acceptancePolicy'
    | 'maxOutputTokens'
    | 'thinkingBudget'
  >
>;

function toAgent(row: AgentRow): Agent {
  const scopes = (JSON.parse(row.scopes) as string[]).filter((s): s is Scope =>
    (SCOPES as readonly string[]).includes(s),
  );
  return {
    id: row.id,
    name: row.name,
    handle: row.handle,
    provider: row.provider,
    model: row.model,
    baseUrl: row.base_url,
    scopes,
    mode: row.plan_mode === 1 ? 'plan' : row.mode,
    acceptancePolicy: row.acceptance_policy,
    maxOutputTokens: row.max_output_tokens,
    thinkingBudget: row.thinking_budget ?? 0,
    createdAt: row.created_at,
  };
}

/** 0 (off) or 1,024…64,000 tokens: the API's minimum and a ceiling under the output bound's. */
export function clampThinkingBudget(value: number): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(64_000, Math.max(1_024, Math.trunc(value)));
}

export class AgentHandleTakenError extends Error {}

export function createAgentsRepository(db: Db) {
  const byId = db.prepare<[string], AgentRow>('SELECT * FROM agents WHERE id = ?');
  const all = db.prepare<[], AgentRow>('SELECT * FROM agents ORDER BY created_at, name');
  return {
    list(): Agent[] {
      return all.all().map(toAgent);
    },
    get(id: string): Agent | null {
      const row = byId.get(id);
      return row ? toAgent(row) : null;
    },
    create(input: NewAgent): Agent {
      const id = input.id ?? randomUUID();
      // Handles are what the owner types (@dev): two that differ only in case would be one to a person.
      if (db.prepare('SELECT 1 FROM agents WHERE lower(handle) = lower(?)').get(input.handle) !== undefined) {
        throw new AgentHandleTakenError(`the handle ${input.handle} is already used by another agent`);
      }
      try {
        db.prepare(
          `INSERT INTO agents (id, name, handle, provider, model, base_url, scopes, mode, acceptance_policy, max_output_tokens, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(
          id,
          input.name,
          input.handle,
          input.provider,
          input.model,
          input.baseUrl ?? null,
          JSON.stringify([...new Set(input.scopes)]),
          // A new agent starts in `run`, as seed 003 §3 decides; one created in plan keeps ask beneath it.
          input.mode === 'plan' ? 'ask' : (input.mode ?? 'run'),
          input.acceptancePolicy ?? 'apply',
          clampOutputBound(input.maxOutputTokens ?? 8192),
          new Date().toISOString(),
        );
      } catch (error) {
        if (/UNIQUE constraint failed: agents.handle/.test((error as Error).message)) {
          throw new AgentHandleTakenError(`the handle ${input.handle} is already used by another agent`);
        }
        throw error;
      }
      if (input.mode === 'plan') db.prepare('UPDATE agents SET plan_mode = 1 WHERE id = ?').run(id);
      return this.get(id) as Agent;
    },
    update(id: string, patch: AgentPatch): Agent | null {
      const current = this.get(id);
      if (!current) return null;
      const next = { ...current, ...patch };
      // Plan mode is its own column: the mode column keeps the mode the agent was in before it.
      const storedMode = next.mode === 'plan' ? (byId.get(id) as AgentRow).mode : next.mode;
      db.prepare('UPDATE agents SET plan_mode = ? WHERE id = ?').run(next.mode === 'plan' ? 1 : 0, id);
      db.prepare(
        `UPDATE agents SET name = ?, provider = ?, model = ?, base_url = ?, scopes = ?, mode = ?,
           acceptance_policy = ?, max_output_tokens = ? WHERE id = ?`,
      ).run(
        next.name,
        next.provider,
        next.model,
        next.baseUrl,
        JSON.stringify([...new Set(next.scopes)]),
        storedMode,
        next.acceptancePolicy,
        clampOutputBound(next.maxOutputTokens),
        id,
      );
      if (patch.thinkingBudget !== undefined) {
        db.prepare('UPDATE agents SET thinking_budget = ? WHERE id = ?').run(
          clampThinkingBudget(patch.thinkingBudget),
          id,
        );
      }
      return this.get(id);
    },
    remove(id: string): boolean {
      return db.prepare('DELETE FROM agents WHERE id = ?').run(id).changes > 0;
    },
  };
}

export type AgentsRepository = ReturnType<typeof createAgentsRepository>;
