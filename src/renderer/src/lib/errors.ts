import { CallError } from '../api';

/** The core's sentence when it refused, else the plain message: the window never rewrites a reason. */
export function messageOf(reason: unknown): string {
  if (reason instanceof CallError) return reason.message;
  if (reason instanceof Error) return reason.message;
  return String(reason);
}

/** The core's code when it refused ('conflict', 'not-found', …), so a feature can answer one refusal in place. */
export function refusalCode(reason: unknown): string | null {
  return reason instanceof CallError ? reason.code : null;
}
