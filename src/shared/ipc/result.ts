// Every call returns Result<T>: Electron passes only an error's message across invoke, so errors
// are data at the boundary and exceptions only inside (STYLE: IPC).
export type ErrorCode =
  | 'bad-request'
  | 'unknown-call'
  | 'not-found'
  | 'refused'
  | 'conflict'
  | 'untrusted-sender'
  | 'unsupported'
  | 'internal';

export interface ApiError {
  code: ErrorCode;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (code: ErrorCode, message: string): Result<never> => ({ ok: false, error: { code, message } });
