import type { Agent, Scope, Workspace } from './agent';
import type { CardHunk } from './cards';
import type { ToolOutcomeFacts } from './outcome';

/** Names the model sees; each must match ^[a-zA-Z0-9_-]{1,64}$ (SPEC §6). */
export const TOOL_NAMES = [
  'read',
  'list',
  'search',
  'write',
  'edit',
  'run',
  'start',
  'output',
  'stop',
  'git',
  'screenshot',
  'preview',
  'summarise',
  'workspace',
  'bash',
  'plan',
  'todo',
  'delegate',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** A tool of an MCP server the owner added for an agent: `mcp__<server>__<tool>` (scope `mcp`). */
export type McpToolName = `mcp__${string}`;
/** Any name a dispatched call may carry: a built-in tool or an MCP server's. */
export type AnyToolName = ToolName | McpToolName;

export function isMcpToolName(name: string): name is McpToolName {
  return /^mcp__[a-zA-Z0-9-]+__[a-zA-Z0-9_-]+$/.test(name) && name.length <= 64;
}

/** The tool → scope map of SPEC §3. */
export const TOOL_SCOPE: Record<ToolName, Scope> = {
  read: 'file_read',
  list: 'file_read',
  search: 'file_read',
  summarise: 'file_read',
  write: 'file_write',
  edit: 'file_edit',
  run: 'process',
  start: 'process',
  output: 'process',
  stop: 'process',
  git: 'git',
  preview: 'preview',
  screenshot: 'preview',
  workspace: 'workspace',
  bash: 'shell',
  // Both change only Paddock's own records of the conversation: they come with reading the workspace.
  plan: 'file_read',
  todo: 'file_read',
  delegate: 'delegate',
};

/**
 * What the window's row draws for a call: a kind of tool, which each tool declares of itself
 * (tools/types.ts ResultViews.icon) and the call's record carries, so the window decides nothing by a
 * tool's name. `other`: a tool Paddock knows nothing of.
 */
export const TOOL_ICONS = [
  'shell',
  'command',
  'file-read',
  'file-write',
  'file-edit',
  'file-list',
  'file-search',
  'git',
  'process-start',
  'process-stop',
  'process-output',
  'preview',
  'screenshot',
  'summary',
  'workspace',
  'helper',
  'mcp',
  'other',
] as const;
export type ToolIcon = (typeof TOOL_ICONS)[number];

/** A tier decision: the closed union every tierFor returns (SPEC §5). */
export type TierDecision = { tier: 'auto'; reason: string } | { tier: 'gated'; reason: string };

export const TOOL_CALL_STATUSES = ['refused', 'pending', 'running', 'done', 'failed', 'interrupted'] as const;
export type ToolCallStatus = (typeof TOOL_CALL_STATUSES)[number];

export function assertNever(value: never): never {
  throw new Error(`unexpected value: ${JSON.stringify(value)}`);
}

/**
 * What the owner approved: the base hash the card showed and, for a per-hunk answer, the card's own
 * hunks (the core's copy) with the ids the owner accepted.
 */
export interface CardApproval {
  baseHash: string | null;
  hunks?: { offered: CardHunk[]; accepted: string[] };
}

/** What every call carries; built by the dispatcher from the store on every call. */
export interface ToolCallContext {
  agent: Agent;
  /** null when the agent has no workspace: coding tools are then not offered (AC-6). */
  workspace: Workspace | null;
  /** Owner's home directory, read from the environment at start (tests set HOME). */
  home: string;
  /** Paddock's data directory (its own state: never a workspace, always denied). */
  dataDir: string;
  callId: string;
  conversationId: string;
  /** The live owner request (turn) the call belongs to; null for a scheduled run. */
  ownerRequestId?: string | null;
  signal: AbortSignal;
  /** Set when the call runs after the owner approved its card. */
  approval?: CardApproval;
  /** Live output of a running call (run, bash): batched by the dispatcher before it reaches the window. */
  onOutput?: (chunk: string) => void;
}

/** A picture for the model (a screenshot, a read of an image file): base64, bounded by the tool. */
export interface ToolImage {
  mediaType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  base64: string;
}

/** outcome: the tool's own facts about its run (how a command ended, the files it wrote), for the call's record. */
export type ToolResult =
  | { ok: true; text: string; data?: unknown; images?: ToolImage[]; outcome?: ToolOutcomeFacts }
  | { ok: false; status?: number; error: string; outcome?: ToolOutcomeFacts };
