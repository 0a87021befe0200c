// Repository for `budget_raises` (issue 32 item 3): the owner's "Continue anyway", one row per raise.
import type { BudgetScope, BudgetUnit } from '../../shared/domain';
import type { Db } from './database';

export interface BudgetRaise {
  scope: BudgetScope;
  /** The conversation's id, the agent's id, or '' for the day's total. */
  key: string;
  /** The local day (YYYY-MM-DD) a day's raise holds for; '' for a conversation's. */
  day: string;
  unit: BudgetUnit;
  amount: number;
}

export function createBudgetRaisesRepository(db: Db, now: () => Date = () => new Date()) {
  const insert = db.prepare(
    'INSERT INTO budget_raises (scope, key, day, unit, amount, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const sum = db.prepare<[string, string, string, string], { amount: number | null }>(
    'SELECT sum(amount) AS amount FROM budget_raises WHERE scope = ? AND key = ? AND day = ? AND unit = ?',
  );
  return {
    add(raise: BudgetRaise): void {
      insert.run(raise.scope, raise.key, raise.day, raise.unit, raise.amount, now().toISOString());
    },
    total(scope: BudgetScope, key: string, day: string, unit: BudgetUnit): number {
      return sum.get(scope, key, day, unit)?.amount ?? 0;
    },
  };
}

export type BudgetRaisesRepository = ReturnType<typeof createBudgetRaisesRepository>;
