// The services the owner's calls are built from: core.ts builds them and hands them to
// createOwnerApi, whose methods are all the router reaches (api/coreApi.ts). Nothing in it is the
// database: a rule that needs rows is a method of the module that owns it.
import type { FailingTestsView, SummaryView } from '../../shared/ipc';
import type {
  Agent,
  ConversationUsageView,
  InstanceSwitch,
  InstanceSwitches,
  ModelTablesView,
  ToolName,
  Workspace,
} from '../../shared/domain';
import type { ModelOverridesInput } from '../agent/models';
import type { BudgetGate } from '../agent/budgets';
import type { AttentionSettings } from '../../shared/domain';
import type { AttentionSettingsPatch } from '../owner/attentionSettings';
import type { GroupLedger } from '../processes/ledger';
import type { AgentRunner } from '../agent/loop';
import type { SecretStore } from '../agent/keys';
import type { PendingCards } from '../approvals/pendingCards';
import type { Checkpoints } from '../checkpoints/index';
import type { Dispatcher } from '../dispatch/types';
import type { describeVocabulary } from '../dispatch/vocabulary';
import type { EventBus } from '../events';
import type { AgentMcpServers } from '../mcp/agentServers';
import type { WorkspaceAssignment } from '../owner/workspaceAssignment';
import type { WorkspaceWatchers } from '../owner/workspaceWatcher';
import type { ProjectInstructions } from '../owner/projectInstructions';
import type { PlansRepository } from '../store/plans';
import type { ProjectCommands } from '../owner/projectCommands';
import type { TodosRepository } from '../store/todos';
import type { PreviewServer } from '../preview/server';
import type { TerminalSessions } from '../processes/pty';
import type { Supervisor } from '../processes/supervisor';
import type { SandboxChoices } from '../sandbox/choices';
import type { Sandbox } from '../sandbox/sandbox';
import type { AgentsRepository } from '../store/agents';
import type { ConversationsRepository } from '../store/conversations';
import type { ConversationSearch } from '../store/conversationSearch';
import type { DelegationsRepository } from '../store/delegations';
import type { Tasks } from '../owner/tasks';
import type { TaskSetup } from '../owner/taskSetup';
import type { RememberedCommandsRepository } from '../store/rememberedCommands';
import type { SettingsRepository } from '../store/settings';
import type { ToolCallsRepository } from '../store/toolCalls';
import type { WorkspacesRepository } from '../store/workspaces';
import type { AnyToolDefinition } from '../tools/types';
import type { TestRunRecorder } from '../testRuns/record';
import type { ProjectLock } from '../workspace/projectLock';

export interface CoreServices {
  options: { dataDir: string; home: string; env: NodeJS.ProcessEnv };
  agents: AgentsRepository;
  workspaces: WorkspacesRepository;
  settings: SettingsRepository;
  toolCalls: ToolCallsRepository;
  remembered: RememberedCommandsRepository;
  conversations: ConversationsRepository;
  search: ConversationSearch;
  /** An MCP client's session is open on the conversation (it writes there without a turn). */
  mcpSessionOpen(conversationId: string): boolean;
  /** The project's instruction files and the owner's pins. */
  projectInstructions: ProjectInstructions;
  plans: PlansRepository;
  slashCommands: ProjectCommands;
  todos: TodosRepository;
  delegations: DelegationsRepository;
  tasks: Tasks;
  taskSetup: TaskSetup;
  /** How an agent's last turn ended since this start ('working' while one runs), or null. */
  lastTurnEnd(agentId: string): string | null;
  secrets: SecretStore;
  events: EventBus;
  switches: InstanceSwitches;
  switchesFromEnvironment: InstanceSwitch[];
  savedSwitches(): Partial<InstanceSwitches>;
  /** Saved now, in force at the next start: the switches are read once (seed 000). */
  saveSwitches(patch: Partial<InstanceSwitches>): void;
  installed: Set<ToolName>;
  assignment: WorkspaceAssignment;
  capturedPath: WorkspaceAssignment['capturedPath'];
  findGit(capturedPath: string): string | null;
  cards: PendingCards;
  checkpoints: Checkpoints;
  dispatcher: Dispatcher & { toolByName(name: string): AnyToolDefinition | null };
  vocabularyFor(agentId: string): ReturnType<typeof describeVocabulary>;
  lock: ProjectLock;
  runner: AgentRunner;
  tailscaleEnabled(): boolean;
  setTailscaleEnabled(enabled: boolean): void;
  tailscaleStatement(): string;
  services: { preview: PreviewServer; terminals: TerminalSessions };
  supervisor: Supervisor;
  sandbox: Sandbox;
  sandboxChoices: SandboxChoices;
  mcpServers: AgentMcpServers;
  watchers: WorkspaceWatchers;
  removeAgent(agentId: string): Promise<void>;
  /** Tokens and cost of one conversation (issue 16). */
  usageFor(conversationId: string): ConversationUsageView;
  /** The Summary tab: diff since the branch point, commits, test runs (seed 003 §11). */
  /** The Summary; `base`, a task's base branch, is its branch point when given. */
  summaryFor(agent: Agent, workspace: Workspace, base?: string): Promise<SummaryView>;
  failingTestsFor(agentId: string, workspace: Workspace | null): FailingTestsView;
  /** Settings → Models (issue 16): the tables as they apply; an edit is checked by the core (ModelTableRefusal). */
  modelTables: { view(): ModelTablesView; set(input: ModelOverridesInput): ModelTablesView };
  /** Spending limits (issue 32): Settings' limits against model_usage, and the owner's raises. */
  budgets: BudgetGate;
  /** Notification choices (issue 32), kept in Settings. */
  attention: { get(): AttentionSettings; set(patch: AttentionSettingsPatch): AttentionSettings };
  /** Where the owner's test run records its process group, so recovery reaps it (issue 14 §3). */
  ledger: GroupLedger;
  /** Records a finished command when its program is a real test runner. */
  testRuns: TestRunRecorder;
}
