// What Paddock knows about models (issue 16): context windows and prices per million tokens, by
// model name prefix, longest match first. Settings override both (keys `model.contextWindows` and
// `model.prices`), so a new model or a changed price needs no new release.
import type { Provider } from '../../shared/domain';

/** US dollars per million tokens. */
export interface ModelPrice {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface ModelFacts {
  contextWindow: number;
  /** null: no price known; the window shows tokens without a cost. */
  price: ModelPrice | null;
}

const anthropic = (input: number, output: number): ModelPrice => ({ input, output, cacheRead: input * 0.1, cacheWrite: input * 1.25 });
const openai = (input: number, output: number, cacheRead = input / 2): ModelPrice => ({ input, output, cacheRead, cacheWrite: input });

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

export interface ModelOverrides {
  contextWindows: Record<string, number>;
  prices: Record<string, ModelPrice>;
}

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
