// The window's edge: component tests replace the bridge to the core with this recorder.
import { vi } from 'vitest';

export class CallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const call = vi.fn(async (_name: string, _request: unknown): Promise<unknown> => ({}));
export const subscribe = vi.fn(() => () => undefined);
export const hostKind = 'web';
export const settleToken = vi.fn();
