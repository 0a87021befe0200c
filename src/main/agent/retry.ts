// Retries of a model request, made by the loop so the owner sees them (issue 16): 429, 529 /
// overloaded, 5xx and dropped connections wait with exponential backoff and full jitter, or as long
// as the provider's retry-after says, and the owner's Stop ends the wait at once.
import { ProviderError } from './providers/types';

export interface BackoffOptions {
  /** First wait before jitter (ms). */
  baseMs: number;
  /** No single wait longer than this, even when retry-after asks for more. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 1_000, maxMs: 60_000 };

/** The wait before retry `attempt` (1-based): retry-after when given, else base·2^(attempt-1) with jitter in [½, 1]. */
export function backoffDelay(
  attempt: number,
  error: ProviderError,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
): number {
  const asked = error.extra.retryAfterMs;
  if (asked !== undefined) return Math.min(options.maxMs, Math.max(0, asked));
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Resolves after `ms`, or rejects as soon as the signal aborts. */
export function waitUnlessAborted(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new Error('aborted'));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The failure as the owner reads it after `retries` retries ("… after 4 retries"). */
export function finalFailure(error: unknown, retries: number): unknown {
  if (!(error instanceof ProviderError) || retries === 0 || !error.extra.after) return error;
  return error.extra.after(retries);
}

/** "retrying in 8 s: overloaded (2 of 5)" */
export function retrySentence(delayMs: number, reason: string, attempt: number, of: number): string {
  const seconds = delayMs < 1_000 ? `${(delayMs / 1000).toFixed(1)} s` : `${Math.round(delayMs / 1000)} s`;
  return `retrying in ${seconds}: ${reason} (${attempt} of ${of})`;
}
