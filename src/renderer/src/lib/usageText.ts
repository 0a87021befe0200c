import type { UsageTotals } from '../../../shared/domain';

const tokens = (n: number): string => (n >= 10_000 ? `${Math.round(n / 1000)}k` : n.toLocaleString('en-US'));
const dollars = (cost: number | null): string =>
  cost === null ? '' : ` · $${cost < 0.01 ? cost.toFixed(4) : cost.toFixed(2)}`;

/** Tokens of a turn, a conversation or a delegation, and their cost when a price is known. */
export function describeUsage(usage: UsageTotals): string {
  return `${tokens(usage.inputTokens)} in · ${tokens(usage.cacheReadTokens)} cache read · ${tokens(usage.cacheWriteTokens)} cache write · ${tokens(usage.outputTokens)} out${dollars(usage.cost)}`;
}
