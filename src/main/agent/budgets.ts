// Spending limits (issue 32 item 3), enforced by the loop before every model request: a limit
// reached stops the turn after the call in progress, with a row that says which; "Continue anyway"
// raises that limit once. Settings hold the limits (key `budgets`), model_usage what was spent,
// budget_raises the owner's raises. Days are this machine's local days.
import {
  BUDGET_SCOPE_WORDS,
  BUDGET_SCOPES,
  BUDGET_WARN_AT,
  NO_BUDGETS,
  type BudgetLimit,
  type BudgetMeasure,
  type BudgetScope,
  type BudgetSettings,
  type BudgetStatusView,
  type BudgetUnit,
} from '../../shared/domain';
import type { BudgetRaisesRepository } from '../store/budgetRaises';
import type { Spend, UsageRepository } from '../store/usage';

export const BUDGETS_KEY = 'budgets';
/** A dollar limit above this is a typo; a token limit above this, too. */
export const MAX_BUDGET_DOLLARS = 100_000;
export const MAX_BUDGET_TOKENS = 100_000_000_000;

export class BudgetRefusal extends Error {}

/** The local day of an instant (YYYY-MM-DD) and the instant it began, as stored times compare. */
export function localDay(now: Date): { day: string; startIso: string } {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const pad = (n: number): string => String(n).padStart(2, '0');
  return {
    day: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
    startIso: start.toISOString(),
  };
}

/** The owner's limits, checked rule by rule; throws a sentence naming the first broken rule. */
export function validateBudgets(input: Partial<Record<BudgetScope, Partial<BudgetLimit>>>): BudgetSettings {
  const out: BudgetSettings = structuredClone(NO_BUDGETS);
  for (const scope of BUDGET_SCOPES) {
    const limit = input[scope] ?? {};
    const dollars = limit.dollars ?? null;
    const tokens = limit.tokens ?? null;
    if (dollars !== null && (!Number.isFinite(dollars) || dollars <= 0 || dollars > MAX_BUDGET_DOLLARS)) {
      throw new BudgetRefusal(
        `refused: the dollar limit for ${BUDGET_SCOPE_WORDS[scope]} must be more than $0 and at most $${MAX_BUDGET_DOLLARS.toLocaleString('en-US')}`,
      );
    }
    if (tokens !== null && (!Number.isInteger(tokens) || tokens <= 0 || tokens > MAX_BUDGET_TOKENS)) {
      throw new BudgetRefusal(
        `refused: the token limit for ${BUDGET_SCOPE_WORDS[scope]} must be a whole number of tokens, more than 0 and at most ${MAX_BUDGET_TOKENS.toLocaleString('en-US')}`,
      );
    }
    out[scope] = { dollars, tokens };
  }
  return out;
}

/** Settings as stored, read leniently: anything malformed is no limit. */
export function storedBudgets(raw: unknown): BudgetSettings {
  const out: BudgetSettings = structuredClone(NO_BUDGETS);
  if (!raw || typeof raw !== 'object') return out;
  for (const scope of BUDGET_SCOPES) {
    const limit = (raw as Record<string, unknown>)[scope] as Partial<BudgetLimit> | undefined;
    const positive = (value: unknown): number | null =>
      typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
    out[scope] = { dollars: positive(limit?.dollars), tokens: positive(limit?.tokens) };
  }
  return out;
}

export function stateOf(spent: number, limit: number): BudgetMeasure['state'] {
  if (spent >= limit) return 'over';
  return spent >= limit * BUDGET_WARN_AT ? 'warn' : 'ok';
}

/** Every set limit against its spend; raises add to the limit they were pressed for. */
export function measureBudgets(
  settings: BudgetSettings,
  spent: Record<BudgetScope, Spend>,
  raised: (scope: BudgetScope, unit: BudgetUnit) => number,
): BudgetMeasure[] {
  const measures: BudgetMeasure[] = [];
  for (const scope of BUDGET_SCOPES) {
    for (const unit of ['dollars', 'tokens'] as const) {
      const setLimit = settings[scope][unit];
      if (setLimit === null) continue;
      const limit = setLimit + raised(scope, unit);
      const value = spent[scope][unit];
      measures.push({ scope, unit, limit, setLimit, spent: value, state: stateOf(value, limit) });
    }
  }
  return measures;
}

export function formatAmount(unit: BudgetUnit, value: number): string {
  if (unit === 'dollars') return `$${value < 0.01 && value > 0 ? value.toFixed(4) : value.toFixed(2)}`;
  return `${Math.round(value).toLocaleString('en-US')} tokens`;
}

/** The row a stopped turn leaves: which limit, how much was spent, and the way on. */
export function budgetStopSentence(over: readonly BudgetMeasure[]): string {
  const parts = over.map(
    (m) =>
      `the limit for ${BUDGET_SCOPE_WORDS[m.scope]} of ${formatAmount(m.unit, m.limit)} is reached: ${formatAmount(m.unit, m.spent)} spent`,
  );
  return `stopped before the next model request: ${parts.join('; ')}. "Continue anyway" raises the limit once; Settings → Developer → Budgets changes it`;
}

export interface BudgetGate {
  /** The limits of this conversation, its agent's day and the day's total, against what was spent. */
  status(agentId: string, conversationId: string): BudgetStatusView;
  /** "Continue anyway": each reached limit is raised once, by its own set amount (more if one request overshot it). */
  raise(agentId: string, conversationId: string): BudgetMeasure[];
  settings(): BudgetSettings;
  setSettings(input: Partial<Record<BudgetScope, Partial<BudgetLimit>>>): BudgetSettings;
}

export function createBudgetGate(deps: {
  usage: UsageRepository;
  raises: BudgetRaisesRepository;
  read(): unknown;
  write(settings: BudgetSettings): void;
  now?: () => Date;
}): BudgetGate {
  const now = deps.now ?? ((): Date => new Date());
  const keyOf = (scope: BudgetScope, agentId: string, conversationId: string): string =>
    scope === 'conversation' ? conversationId : scope === 'agentDay' ? agentId : '';

  function status(agentId: string, conversationId: string): BudgetStatusView {
    const settings = storedBudgets(deps.read());
    const { day, startIso } = localDay(now());
    const spent: Record<BudgetScope, Spend> = {
      conversation: deps.usage.spentInConversation(conversationId),
      agentDay: deps.usage.spentSince(startIso, agentId),
      totalDay: deps.usage.spentSince(startIso, null),
    };
    const raised = (scope: BudgetScope, unit: BudgetUnit): number =>
      deps.raises.total(scope, keyOf(scope, agentId, conversationId), scope === 'conversation' ? '' : day, unit);
    return { settings, measures: measureBudgets(settings, spent, raised), unpricedTokens: spent.agentDay.unpriced };
  }

  return {
    status,
    raise(agentId, conversationId) {
      const over = status(agentId, conversationId).measures.filter((m) => m.state === 'over');
      const { day } = localDay(now());
      for (const m of over) {
        const steps = Math.floor((m.spent - m.limit) / m.setLimit) + 1;
        deps.raises.add({
          scope: m.scope,
          key: keyOf(m.scope, agentId, conversationId),
          day: m.scope === 'conversation' ? '' : day,
          unit: m.unit,
          amount: steps * m.setLimit,
        });
      }
      return over;
    },
    settings: () => storedBudgets(deps.read()),
    setSettings(input) {
      const checked = validateBudgets(input);
      deps.write(checked);
      return checked;
    },
  };
}
