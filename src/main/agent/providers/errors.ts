// Provider failures become one sentence the owner can act on (SPEC §8): never a stack trace and
// never the API key, even if a hostile endpoint echoes it back in its error body.
import { ProviderError } from './types';

export interface ErrorContext {
  /** The endpoint actually used: the agent's base URL, the environment's, or the SDK default. */
  baseUrl: string;
  model: string;
  retries: number;
  /** Redacted from every message. */
  apiKey: string | null;
}

interface SdkLikeError {
  name?: string;
  status?: unknown;
  message?: unknown;
  cause?: unknown;
  code?: unknown;
}

export function describeProviderError(error: unknown, context: ErrorContext): ProviderError {
  if (error instanceof ProviderError) return error;
  const described = describeOnce(error, context);
  if (!described.retryable) return described;
  return new ProviderError(described.message, true, described.status, {
    retryAfterMs: retryAfterMs(error),
    reason: retryReason(error, described.status),
    after: (retries) => describeOnce(error, { ...context, retries }),
  });
}

function describeOnce(error: unknown, context: ErrorContext): ProviderError {
  const e = (error ?? {}) as SdkLikeError;
  const status = typeof e.status === 'number' ? e.status : undefined;
  const detail = redact(providerDetail(e), context.apiKey);
  const after = context.retries > 0 ? ` after ${context.retries} ${context.retries === 1 ? 'retry' : 'retries'}` : '';
  if (status !== undefined) {
    switch (true) {
      case status === 401:
        return new ProviderError(`the model provider refused the API key (401)${suffix(detail)}`, false, status);
      case status === 403:
        return new ProviderError(
          `the model provider refused access with this API key (403)${suffix(detail)}`,
          false,
          status,
        );
      case status === 404:
        return new ProviderError(
          `the model provider at ${context.baseUrl} does not know model "${context.model}" or this endpoint (404)${suffix(detail)}`,
          false,
          status,
        );
      case status === 529:
        return new ProviderError(
          `the model provider is overloaded (${status})${after}; try again in a moment`,
          true,
          status,
        );
      case status === 408 || status === 409:
        return new ProviderError(
          `the model provider asked for the request again (${status})${after}${suffix(detail)}`,
          true,
          status,
        );
      case status === 429:
        return new ProviderError(
          `the model provider is limiting requests (429)${after}; try again in a moment`,
          true,
          status,
        );
      case status >= 500:
        return new ProviderError(
          `the model provider failed with HTTP ${status}${after}${suffix(detail)}`,
          true,
          status,
        );
      default:
        return new ProviderError(`the model provider rejected the request (${status})${suffix(detail)}`, false, status);
    }
  }
  const code = networkCode(error);
  if (code !== null || /connection|fetch failed/i.test(String(e.name ?? '') + String(e.message ?? ''))) {
    if (/timeout/i.test(String(e.name ?? '')) || code === 'ETIMEDOUT') {
      return new ProviderError(`timed out waiting for ${context.baseUrl}${after}`, true);
    }
    return new ProviderError(`could not reach ${context.baseUrl}${after}: ${describeCode(code)}`, true);
  }
  if (/overloaded/i.test(detail))
    return new ProviderError(`the model provider is overloaded${after}; try again in a moment`, true);
  return new ProviderError(`the model provider failed${after}: ${detail || 'an unknown error'}`, true);
}

/** retry-after-ms (the SDKs' own header) or retry-after in seconds or as an HTTP date. */
export function retryAfterMs(error: unknown): number | undefined {
  const headers = (error as { headers?: unknown } | null)?.headers;
  const read = (name: string): string | null => {
    if (!headers || typeof headers !== 'object') return null;
    if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
    const value = (headers as Record<string, unknown>)[name];
    return typeof value === 'string' ? value : null;
  };
  const ms = Number(read('retry-after-ms'));
  if (read('retry-after-ms') !== null && Number.isFinite(ms) && ms >= 0) return ms;
  const after = read('retry-after');
  if (after === null) return undefined;
  const seconds = Number(after);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(after);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function retryReason(error: unknown, status: number | undefined): string {
  const text = String((error as { message?: unknown } | null)?.message ?? '');
  if (status === 529 || (status === undefined && /overloaded/i.test(text))) return 'overloaded';
  if (status === 429) return 'rate limited';
  if (status !== undefined && status >= 500) return `server error ${status}`;
  if (status !== undefined) return `HTTP ${status}`;
  if (/timeout|timed out/i.test(text)) return 'timed out';
  return 'connection dropped';
}

function providerDetail(e: SdkLikeError): string {
  const message = typeof e.message === 'string' ? e.message : '';
  // The SDKs prefix the status ("401 {json}"); keep the provider's own sentence when there is one.
  const json = message.replace(/^\d{3}\s*/, '');
  try {
    const parsed = JSON.parse(json) as { error?: { message?: unknown }; message?: unknown };
    const inner = parsed.error?.message ?? parsed.message;
    if (typeof inner === 'string') return firstLine(inner);
  } catch {
    // not JSON: the SDK's own sentence
  }
  return firstLine(json);
}

function firstLine(text: string): string {
  const line = text.split('\n')[0]!.trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function suffix(detail: string): string {
  return detail ? `: ${detail}` : '';
}

function redact(text: string, key: string | null): string {
  if (!key || key.length < 4) return text;
  return text.split(key).join('[key]');
}

/** Walks the cause chain (SDK error → fetch TypeError → system error) for a network code. */
function networkCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const code = (current as SdkLikeError).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    current = (current as SdkLikeError).cause;
  }
  return null;
}

function describeCode(code: string | null): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name did not resolve';
    case 'ECONNRESET':
      return 'the connection was reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'the network is unreachable';
    case null:
      return 'the connection failed';
    default:
      return `the connection failed (${code})`;
  }
}
