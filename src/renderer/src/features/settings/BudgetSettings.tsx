import { useEffect, useState } from 'react';
import { BUDGET_SCOPES, type BudgetScope, type BudgetSettings as Limits } from '../../../../shared/domain';
import { messageOf } from '../../lib/errors';
import { useBudgetsStore } from '../../stores/useBudgetsStore';

const SCOPE_LABELS: Record<BudgetScope, string> = {
  conversation: 'Each conversation',
  agentDay: 'Each agent, per day',
  totalDay: 'All agents, per day',
};

type Draft = Record<BudgetScope, { dollars: string; tokens: string }>;

const toDraft = (limits: Limits): Draft =>
  Object.fromEntries(
    BUDGET_SCOPES.map((scope) => [
      scope,
      { dollars: limits[scope].dollars?.toString() ?? '', tokens: limits[scope].tokens?.toString() ?? '' },
    ]),
  ) as Draft;

const toNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** Settings → Budgets (issue 32): limits in dollars, tokens or both; the core checks and enforces them. */
export function BudgetSettings() {
  const settings = useBudgetsStore((state) => state.settings);
  const load = useBudgetsStore((state) => state.load);
  const save = useBudgetsStore((state) => state.save);
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings));
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    void load().catch((reason: unknown) => setStatus({ ok: false, text: messageOf(reason) }));
  }, [load]);
  useEffect(() => setDraft(toDraft(settings)), [settings]);

  const edit = (scope: BudgetScope, unit: 'dollars' | 'tokens', value: string): void =>
    setDraft({ ...draft, [scope]: { ...draft[scope], [unit]: value } });
  const submit = (): void => {
    const limits = Object.fromEntries(
      BUDGET_SCOPES.map((scope) => [
        scope,
        { dollars: toNumber(draft[scope].dollars), tokens: toNumber(draft[scope].tokens) },
      ]),
    ) as Limits;
    setStatus(null);
    save(limits).then(
      () => setStatus({ ok: true, text: 'Saved.' }),
      (reason: unknown) => setStatus({ ok: false, text: messageOf(reason) }),
    );
  };

  return (
    <div className="budget-settings">
      <p className="hint">
        At 80% of a limit the conversation says so; at 100% the turn stops after the call in progress, with a row that
        offers “Continue anyway” (the limit raised once). Dollars come from the price table below; a model without a
        price counts only toward a token limit. Empty: no limit.
      </p>
      <table className="settings-table" aria-label="Spending limits">
        <thead>
          <tr>
            <th>Limit</th>
            <th>Dollars</th>
            <th>Tokens</th>
          </tr>
        </thead>
        <tbody>
          {BUDGET_SCOPES.map((scope) => (
            <tr key={scope}>
              <td>{SCOPE_LABELS[scope]}</td>
              <td>
                <input
                  type="number"
                  min="0"
                  step="0.01"
                  inputMode="decimal"
                  aria-label={`${SCOPE_LABELS[scope]}: dollars`}
                  value={draft[scope].dollars}
                  onChange={(e) => edit(scope, 'dollars', e.target.value)}
                />
              </td>
              <td>
                <input
                  type="number"
                  min="0"
                  step="1000"
                  inputMode="numeric"
                  aria-label={`${SCOPE_LABELS[scope]}: tokens`}
                  value={draft[scope].tokens}
                  onChange={(e) => edit(scope, 'tokens', e.target.value)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="row">
        <button type="button" onClick={submit}>
          Save limits
        </button>
        {status && (
          <span role={status.ok ? 'status' : 'alert'} className="hint">
            {status.text}
          </span>
        )}
      </div>
    </div>
  );
}
