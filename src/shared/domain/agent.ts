// The words of the product (SPEC §3, §5, §11). Plain TypeScript: no node, no DOM.

export const MODES = ['ask', 'edit', 'run', 'plan'] as const;
export type Mode = (typeof MODES)[number];

export const ACCEPTANCE_POLICIES = ['apply', 'propose'] as const;
export type AcceptancePolicy = (typeof ACCEPTANCE_POLICIES)[number];

export const SCOPES = [
  'file_read',
  'file_write',
  'file_edit',
  'process',
  'git',
  'preview',
  'workspace',
  'shell',
  'mcp',
  'delegate',
] as const;
export type Scope = (typeof SCOPES)[number];

export const PROVIDERS = ['anthropic', 'openai'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** AC-10: the output bound is clamped to this range wherever it is stored or read. */
export const OUTPUT_BOUND_MIN = 1;
export const OUTPUT_BOUND_MAX = 128_000;
export const OUTPUT_BOUND_DEFAULT = 8_192;

export function clampOutputBound(value: number): number {
  if (!Number.isFinite(value)) return OUTPUT_BOUND_DEFAULT;
  return Math.min(OUTPUT_BOUND_MAX, Math.max(OUTPUT_BOUND_MIN, Math.trunc(value)));
}

export interface Agent {
  id: string;
  name: string;
  handle: string;
  provider: Provider;
  model: string;
  baseUrl: string | null;
  scopes: Scope[];
  mode: Mode;
  acceptancePolicy: AcceptancePolicy;
  maxOutputTokens: number;
  /** Extended thinking budget in tokens (Anthropic); 0: off. */
  thinkingBudget?: number;
  createdAt: string;
}

/** One workspace per agent at a time (seed 003 §2). `directory` is the real, absolute path. */
export interface Workspace {
  agentId: string;
  directory: string;
  capturedPath: string;
  gitBinary: string | null;
  /** The project's Python virtualenv (absolute, inside the workspace), detected at assignment; absent or null when none. */
  venv?: string | null;
  createdAt: string;
}
