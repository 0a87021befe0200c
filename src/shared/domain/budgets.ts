// Spending limits (issue 32 item 3): per conversation, per agent per day and in total per day, each
// in dollars, tokens or both. A dollar limit counts requests with a known price; a token limit
// counts every request, so a model without a price is held by its tokens.

export const BUDGET_SCOPES = ['conversation', 'agentDay', 'totalDay'] as const;
export type BudgetScope = (typeof BUDGET_SCOPES)[number];

export type BudgetUnit = 'dollars' | 'tokens';

/** null: no limit in that unit. */
export interface BudgetLimit {
  dollars: number | null;
  tokens: number | null;
}

export type BudgetSettings = Record<BudgetScope, BudgetLimit>;

export const NO_BUDGETS: BudgetSettings = {
  conversation: { dollars: null, tokens: null },
  agentDay: { dollars: null, tokens: null },
  totalDay: { dollars: null, tokens: null },
};

/** The share of a limit at which the window warns. */
export const BUDGET_WARN_AT = 0.8;

export type BudgetState = 'ok' | 'warn' | 'over';

/** One limit against what was spent under it. `limit` includes the owner's "Continue anyway" raises. */
export interface BudgetMeasure {
  scope: BudgetScope;
  unit: BudgetUnit;
  limit: number;
  /** The limit as Settings hold it, before raises. */
  setLimit: number;
  spent: number;
  state: BudgetState;
}

export interface BudgetStatusView {
  settings: BudgetSettings;
  /** Every limit that is set, for this conversation, its agent and today. */
  measures: BudgetMeasure[];
  /** Tokens spent today in this conversation's scope on models without a price (no dollar limit counts them). */
  unpricedTokens: number;
}

export const BUDGET_SCOPE_WORDS: Record<BudgetScope, string> = {
  conversation: 'this conversation',
  agentDay: 'this agent today',
  totalDay: 'all agents today',
};
