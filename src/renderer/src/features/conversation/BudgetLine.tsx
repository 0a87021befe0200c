import { useEffect } from 'react';
import { BUDGET_SCOPE_WORDS, type BudgetMeasure } from '../../../../shared/domain';
import { useBudgetsStore } from '../../stores/useBudgetsStore';

const NONE: BudgetMeasure[] = [];

const amount = (m: BudgetMeasure, value: number): string =>
  m.unit === 'dollars'
    ? `$${value < 0.01 && value > 0 ? value.toFixed(4) : value.toFixed(2)}`
    : `${Math.round(value).toLocaleString('en-US')} tokens`;

/** The spending limits beside the conversation's cost (issue 32): each set limit, at 80% a warning, at 100% reached. */
export function BudgetLine({ conversationId }: { conversationId: string }) {
  const measures = useBudgetsStore((state) => state.measures[conversationId] ?? NONE);
  const loadStatus = useBudgetsStore((state) => state.loadStatus);
  useEffect(() => {
    void loadStatus(conversationId).catch(() => undefined);
  }, [conversationId, loadStatus]);
  if (measures.length === 0) return null;
  const worst = measures.some((m) => m.state === 'over')
    ? 'over'
    : measures.some((m) => m.state === 'warn')
      ? 'warn'
      : 'ok';
  return (
    <p className={`budget-line budget-${worst}`} role="status" aria-label="Spending limits">
      {measures.map((m) => {
        const percent = Math.floor((m.spent / m.limit) * 100);
        const said =
          m.state === 'over' ? 'limit reached' : m.state === 'warn' ? `${percent}% of the limit` : `${percent}%`;
        return (
          <span key={`${m.scope}-${m.unit}`} className={`budget-measure budget-${m.state}`}>
            {BUDGET_SCOPE_WORDS[m.scope]}: {amount(m, m.spent)} of {amount(m, m.limit)} ({said})
          </span>
        );
      })}
    </p>
  );
}
