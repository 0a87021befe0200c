// What Paddock knows about models (issue 16): context windows and prices per million tokens, by
// model name prefix, longest match first. Settings override both (keys `model.contextWindows` and
// `model.prices`), so a new model or a changed price needs no new release.
import {
  PRICE_FIELDS,
  type ModelOverrides,
  type ModelPrice,
  type ModelTableRow,
  type ModelTablesView,
  type Provider,
} from '../../shared/domain';

export type { ModelOverrides, ModelPrice } from '../../shared/domain';

export interface ModelFacts {
  contextWindow: number;
  /** null: no price known; the window shows tokens without a cost. */
  price: ModelPrice | null;
}

/** Cents of a cent at most: 3 × 0.1 is 0.3 in the table Settings shows, not 0.30000000000000004. */
const round = (dollars: number): number => Math.round(dollars * 1e6) / 1e6;
const anthropic = (input: number, output: number): ModelPrice => ({
  input,
  output,
  cacheRead: round(input * 0.1),
  cacheWrite: round(input * 1.25),
});
const openai = (input: number, output: number, cacheRead = input / 2): ModelPrice => ({
  input,
  output,
  cacheRead: round(cacheRead),
  cacheWrite: input,
});

/** Prefix → facts. Ordered from the most specific prefix to the least by lookup, not here. */
export const KNOWN_MODELS: Readonly<Record<string, ModelFacts>> = {
  'claude-opus-4-1': { contextWindow: 200_000, price: anthropic(15, 75) },
  'claude-opus-4-0': { contextWindow: 200_000, price: anthropic(15, 75) },
  'claude-opus-4-2': { contextWindow: 200_000, price: anthropic(15, 75) },
  'claude-opus-4': { contextWindow: 200_000, price: anthropic(5, 25) },
  'claude-opus-5': { contextWindow: 200_000, price: anthropic(5, 25) },
  'claude-sonnet': { contextWindow: 200_000, price: anthropic(3, 15) },
  'claude-haiku-4': { contextWindow: 200_000, price: anthropic(1, 5) },
  'claude-haiku-5': { contextWindow: 200_000, price: anthropic(1, 5) },
  'claude-3-5-haiku': { contextWindow: 200_000, price: anthropic(0.8, 4) },
  'claude-3': { contextWindow: 200_000, price: anthropic(3, 15) },
  claude: { contextWindow: 200_000, price: null },
  'gpt-5': { contextWindow: 400_000, price: openai(1.25, 10, 0.125) },
  'gpt-5-mini': { contextWindow: 400_000, price: openai(0.25, 2, 0.025) },
  'gpt-4.1': { contextWindow: 1_047_576, price: openai(2, 8) },
  'gpt-4.1-mini': { contextWindow: 1_047_576, price: openai(0.4, 1.6, 0.1) },
  'gpt-4o': { contextWindow: 128_000, price: openai(2.5, 10) },
  'gpt-4o-mini': { contextWindow: 128_000, price: openai(0.15, 0.6) },
  o3: { contextWindow: 200_000, price: openai(2, 8) },
  'o4-mini': { contextWindow: 200_000, price: openai(1.1, 4.4) },
};

/** Unknown models: a local server's model is often small; Anthropic's are all at least 200k. */
const FALLBACK_WINDOW: Record<Provider, number> = { anthropic: 200_000, openai: 32_768 };

/** Settings keys: { "<model prefix>": tokens } and { "<model prefix>": ModelPrice }. */
export const MODEL_CONTEXT_WINDOWS_KEY = 'model.contextWindows';
export const MODEL_PRICES_KEY = 'model.prices';

export const NO_OVERRIDES: ModelOverrides = { contextWindows: {}, prices: {} };

function byPrefix<T>(table: Readonly<Record<string, T>>, model: string): T | undefined {
  let best: string | undefined;
  for (const prefix of Object.keys(table)) {
    if (model.startsWith(prefix) && (best === undefined || prefix.length > best.length)) best = prefix;
  }
  return best === undefined ? undefined : table[best];
}

export function modelFacts(provider: Provider, model: string, overrides: ModelOverrides = NO_OVERRIDES): ModelFacts {
  const known = byPrefix(KNOWN_MODELS, model);
  const window = byPrefix(overrides.contextWindows, model) ?? known?.contextWindow ?? FALLBACK_WINDOW[provider];
  const price = byPrefix(overrides.prices, model) ?? known?.price ?? null;
  return { contextWindow: window, price };
}

/** Dollars for one request's tokens; null when no price is known. */
export function costOf(
  price: ModelPrice | null,
  usage: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheWriteTokens: number },
): number | null {
  if (!price) return null;
  return (
    (usage.inputTokens * price.input +
      usage.outputTokens * price.output +
      usage.cacheReadTokens * price.cacheRead +
      usage.cacheWriteTokens * price.cacheWrite) /
    1_000_000
  );
}

// The owner's edits are checked here, whatever sent them (the window, a script on the web host).
export class ModelTableRefusal extends Error {}

export const MIN_CONTEXT_WINDOW = 1_024;
export const MAX_CONTEXT_WINDOW = 10_000_000;
/** Dollars per million tokens: no model costs more; a larger number is a typo (cents for dollars). */
export const MAX_PRICE = 1_000;
const MAX_ROWS = 200;
/** Model names as providers spell them: claude-opus-4-1, gpt-4.1, meta-llama/Llama-3.1-8B, qwen2.5:7b. */
const PREFIX = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,99}$/;

export interface ModelOverridesInput {
  contextWindows: Record<string, number | null>;
  prices: Record<string, Record<string, number | null>>;
}

function checkPrefix(prefix: string): string {
  const trimmed = prefix.trim();
  if (!PREFIX.test(trimmed)) {
    throw new ModelTableRefusal(
      `refused: "${trimmed.slice(0, 40)}" is not a model name prefix: letters, digits and . _ : / @ + - only, starting with a letter or digit, at most 100 characters`,
    );
  }
  return trimmed;
}

/** The owner's table edits, checked rule by rule; throws a sentence naming the first broken rule. */
export function validateModelOverrides(input: ModelOverridesInput): ModelOverrides {
  const windows = Object.entries(input.contextWindows);
  const prices = Object.entries(input.prices);
  if (windows.length > MAX_ROWS || prices.length > MAX_ROWS)
    throw new ModelTableRefusal(`refused: at most ${MAX_ROWS} models in each table`);
  const out: ModelOverrides = { contextWindows: {}, prices: {} };
  for (const [raw, value] of windows) {
    const prefix = checkPrefix(raw);
    if (value === null || !Number.isInteger(value) || value < MIN_CONTEXT_WINDOW || value > MAX_CONTEXT_WINDOW) {
      throw new ModelTableRefusal(
        `refused: the context window of ${prefix} must be a whole number of tokens from ${MIN_CONTEXT_WINDOW.toLocaleString('en-US')} to ${MAX_CONTEXT_WINDOW.toLocaleString('en-US')}`,
      );
    }
    out.contextWindows[prefix] = value;
  }
  for (const [raw, fields] of prices) {
    const prefix = checkPrefix(raw);
    const extra = Object.keys(fields).find((key) => !(PRICE_FIELDS as readonly string[]).includes(key));
    if (extra)
      throw new ModelTableRefusal(
        `refused: a price has input, output, cacheRead and cacheWrite, not ${extra.slice(0, 40)}`,
      );
    const price = {} as ModelPrice;
    for (const field of PRICE_FIELDS) {
      const value = fields[field];
      if (
        value === null ||
        value === undefined ||
        typeof value !== 'number' ||
        !Number.isFinite(value) ||
        value < 0 ||
        value > MAX_PRICE
      ) {
        throw new ModelTableRefusal(
          `refused: the ${field} price of ${prefix} must be a number of dollars per million tokens from 0 to ${MAX_PRICE} (all four prices, or none)`,
        );
      }
      price[field] = value;
    }
    out.prices[prefix] = price;
  }
  return out;
}

/** Every prefix Paddock knows or the owner set, with what applies, sorted by name. */
export function modelTablesView(overrides: ModelOverrides): ModelTablesView {
  const prefixes = new Set([
    ...Object.keys(KNOWN_MODELS),
    ...Object.keys(overrides.contextWindows),
    ...Object.keys(overrides.prices),
  ]);
  const rows: ModelTableRow[] = [...prefixes].sort().map((prefix) => {
    const known = Object.hasOwn(KNOWN_MODELS, prefix) ? KNOWN_MODELS[prefix] : undefined;
    const own = <T>(table: Record<string, T>): T | undefined =>
      Object.hasOwn(table, prefix) ? table[prefix] : undefined;
    const builtInWindow = known?.contextWindow ?? null;
    const builtInPrice = known?.price ?? null;
    return {
      prefix,
      builtInWindow,
      builtInPrice,
      contextWindow: own(overrides.contextWindows) ?? builtInWindow,
      price: own(overrides.prices) ?? builtInPrice,
    };
  });
  return { rows, overrides };
}
