// What the window is shown: plain data the core computes. The window decides no rule from it.
import type { Agent, InstanceSwitch, InstanceSwitches, RememberKind, ScopeReport, Workspace } from '../domain';

export interface AgentView extends Agent {
  workspace: Workspace | null;
  /** `run` mode with `shell` granted: "runs any command as you, without asking" (SPEC §5). */
  runsAnyCommand: boolean;
  vocabulary: ScopeReport[];
  hasApiKey: boolean;
  /** No key stored and the agent talks to the provider's own service: every message would be refused. */
  needsApiKey: boolean;
  /** Where requests (and the key) go while the Base URL field is empty: the environment's variable when set, else the provider's service. */
  defaultBaseUrl: { url: string; variable: string | null };
}

/** The first run's Test connection (issue 23): one request to the models endpoint, one sentence. */
export type ConnectionTestView =
  | { ok: true; sentence: string; baseUrl: string; models: string[] }
  | {
      ok: false;
      problem: 'no-key' | 'bad-key' | 'unreachable' | 'model-missing' | 'other';
      sentence: string;
      baseUrl: string;
      models?: string[];
    };

/** What a folder holds, shown before it becomes a workspace: its git branch, main languages, size. */
export interface FolderFactsView {
  directory: string;
  /** A sentence when the path is not a readable directory. */
  problem: string | null;
  branch: string | null;
  /** Languages by number of files, most first (at most five). */
  languages: string[];
  files: number;
  bytes: number;
  /** The count stopped at its bound: "at least". */
  truncated: boolean;
}

export interface AppInfo {
  version: string;
  host: 'electron' | 'web';
  dataDir: string;
  /** Switches in force (read at start) and as saved; a difference means "restart Paddock to apply". */
  switches: InstanceSwitches;
  savedSwitches: InstanceSwitches;
  switchesFromEnvironment: InstanceSwitch[];
  restartRequired: boolean;
  keyStorage: string;
  tailscale: { enabled: boolean; statement: string };
  canPickDirectory: boolean;
  /** The guided first run is done or skipped; false shows it (issue 23). */
  setupDone: boolean;
  /** The OS sandbox (SPEC §14): its state line, and each agent's choices (allowed domains, uncontained shell). */
  sandbox: {
    contained: boolean;
    /** "contained: bubblewrap 0.8.0, network off" or "not available: <cause>; <how to enable>". */
    line: string;
    /** Said where nothing is contained (what the agent's processes can read), and when Paddock runs as root (what uid 0 inside means). */
    warning: string | null;
    agents: Record<string, { allowedDomains: string[]; uncontainedShell: boolean; runListOnly: boolean }>;
    /** Per agent: whether run mode decides its commands by their effect (the core's rule, sandbox/containment.ts). */
    runsByEffect: Record<string, boolean>;
    /** Per agent: the line its cards show ("contained: bubblewrap 0.8.0, network only to registry.npmjs.org …"). */
    agentLines: Record<string, string>;
  };
}

/** An instruction file of the agent's workspace as the owner is asked about it. */
export interface InstructionFileView {
  relPath: string;
  status: 'pinned' | 'new' | 'changed' | 'too-large';
  size: number;
  text: string | null;
  sha256: string | null;
  pinnedText: string | null;
  /** For a changed file: from the accepted text to the one on disk. */
  diff: string | null;
}

/** A text the owner accepted for agents (Settings → Developer, with Forget). */
export interface InstructionPinView {
  directory: string;
  relPath: string;
  kind: 'instructions' | 'command';
  sha256: string;
  acceptedAt: string;
  /** The first line of the accepted text, to recognise it. */
  firstLine: string;
}

/** A plan an agent proposed (the plan tool) and the owner's answer to it. */
export interface PlanView {
  id: string;
  conversationId: string;
  agentId: string;
  title: string;
  steps: string[];
  files: string[];
  commands: string[];
  status: 'proposed' | 'approved' | 'revised' | 'superseded';
  approvedMode: 'edit' | 'run' | null;
  createdAt: string;
  decidedAt: string | null;
}

/** One item of a conversation's task list (the todo tool). */
export interface TodoItemView {
  id: string;
  text: string;
  status: 'pending' | 'in_progress' | 'done' | 'dropped';
  createdAt: string;
  changedAt: string;
}

/** A slash command: the project's (.paddock/commands, pinned before use) or the owner's own. */
export interface SlashCommandView {
  name: string;
  source: 'project' | 'owner';
  relPath: string;
  text: string;
  sha256: string;
  /** owner: the owner's own file; new or changed: the project's, waiting for the owner to accept its text. */
  status: 'pinned' | 'new' | 'changed' | 'owner';
  pinnedText: string | null;
  diff: string | null;
}

export interface RememberedCommandView {
  id: number;
  agentId: string;
  agentHandle: string;
  directory: string;
  argv: string[];
  kind: RememberKind;
  createdAt: string;
  /** What it admits, in the owner's words (the same sentence its card offered). */
  matches: string;
  /** When a command last ran without a card because of it; null before the first time. */
  lastUsedAt: string | null;
}

export interface ProcessView {
  name: string;
  agentId: string;
  pid: number;
  argv: string[];
  cwd: string;
  port: number | null;
  status: 'running' | 'exited' | 'stopped' | 'stale';
  exitCode: number | null;
  startedAt: string;
  /** Why Paddock stopped it itself (a plant in its workspace), shown until the owner dismisses it; null otherwise. */
  stopReason: string | null;
}

export interface FileEntryView {
  /** Relative to the workspace, `/`-separated. */
  path: string;
  type: 'file' | 'dir';
}

export interface FileTreeView {
  root: string;
  entries: FileEntryView[];
  skippedLinks: number;
  truncated: boolean;
}

export interface FileContentView {
  path: string;
  content: string;
  truncated: boolean;
}

export interface SummaryFileView {
  path: string;
  status: string;
  before: string;
  after: string;
}

export interface SummaryCommitView {
  commit: string;
  author: string;
  date: string;
  subject: string;
  byAgent: boolean;
}

export interface SummaryView {
  branch: string | null;
  base: string | null;
  /** Since the branch point, or the latest commits on a branch without one (issue 17). */
  commits: SummaryCommitView[];
  commitsHeading: string;
  /** Where the diff stat starts, in words ("since the branch point 1a2b3c4"). */
  workFrom: string;
  /** The heading over the changed files, in the owner's words ("Changes not committed yet"). */
  workHeading: string;
  diffStat: string;
  files: SummaryFileView[];
  lastTest: {
    command: string;
    passed: number | null;
    failed: number | null;
    exitCode: number | null;
    at: string;
  } | null;
  text: string;
}

export interface FailingTestsView {
  measurable: boolean;
  failing: number | null;
  reason: string | null;
  history: { at: string; failing: number | null }[];
}

/** An MCP server the owner added for an agent (issue 21), as Settings → Developer lists it. */
export interface McpServerView {
  id: string;
  agentId: string;
  name: string;
  transport: 'stdio' | 'http';
  /** The command line (stdio) or the URL (http). */
  target: string;
  /** Header names only: their values may be tokens and never reach the window. */
  headerNames: string[];
  state: 'stopped' | 'starting' | 'ready' | 'failed';
  error: string | null;
  tools: { name: string; modelName: string | null; description: string; auto: boolean }[];
}
