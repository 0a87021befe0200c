// The model tables Settings edits (issue 16): context windows and prices per model name prefix.

/** US dollars per million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export const PRICE_FIELDS = ['input', 'output', 'cacheRead', 'cacheWrite'] as const;

/** The owner's overrides, as stored under the settings keys `model.contextWindows` and `model.prices`. */
export interface ModelOverrides {
  contextWindows: Record<string, number>;
  prices: Record<string, ModelPrice>;
}

/** One prefix of the table: what Paddock knows, what the owner set, and what applies. */
export interface ModelTableRow {
  prefix: string;
  builtInWindow: number | null;
  builtInPrice: ModelPrice | null;
  /** What a request of a model with this prefix uses (override, else built in). */
  contextWindow: number | null;
  price: ModelPrice | null;
}

export interface ModelTablesView {
  rows: ModelTableRow[];
  overrides: ModelOverrides;
}
