// What a handler may reach of the core (issue 15 item 2): one method per owner action, each taking
// what the window sent and returning a plain view. No repository, service or database is in it, so
// no rule can live in a handler: the core (src/main/ownerApi/) decides, the handler translates.
// A refusal the owner reads is a CoreRefusal, which the router returns as its code and sentence.
import type { z } from 'zod';
import type { AppInfo, CallName, requestSchemas, ResponseOf } from '../../shared/ipc';

/** What the window sent for a call, as its schema parsed it. */
export type RequestFor<K extends CallName> = z.output<(typeof requestSchemas)[K]>;

export type RefusalCode = 'refused' | 'not-found' | 'conflict' | 'unsupported' | 'bad-request';

/** A refusal the core throws on purpose: it reaches the window as its code and sentence. */
export class CoreRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
  }
}

/** app.info without what only the host knows (its name, its version, whether it has a folder dialog). */
export type CoreAppInfo = Omit<AppInfo, 'version' | 'host' | 'canPickDirectory'>;

export interface CoreApi {
  // The instance: switches, Tailscale, sandbox choices, the first run.
  appInfo(): CoreAppInfo;
  /** Saved now, in force at the next start: the switches are read once (seed 000). */
  saveSwitches(patch: RequestFor<'settings.setSwitches'>): void;
  setTailscale(enabled: boolean): void;
  setAgentSandbox(request: RequestFor<'settings.setAgentSandbox'>): void;
  setSetupDone(done: boolean): void;
  inspectFolder(directory: string): ResponseOf<'workspaces.inspect'>;
  completeFolder(prefix: string): ResponseOf<'workspaces.complete'>;

  // Agents, their keys and their workspace.
  listAgents(): ResponseOf<'agents.list'>;
  createAgent(request: RequestFor<'agents.create'>): ResponseOf<'agents.create'>;
  updateAgent(request: RequestFor<'agents.update'>): ResponseOf<'agents.update'>;
  removeAgent(agentId: string): Promise<void>;
  listModels(agentId: string): Promise<ResponseOf<'agents.models'>>;
  vocabulary(agentId: string): ResponseOf<'agents.vocabulary'>;
  setApiKey(agentId: string, apiKey: string): ResponseOf<'agents.setApiKey'>;
  clearApiKey(agentId: string): ResponseOf<'agents.clearApiKey'>;
  testConnection(agentId: string, apiKey: string | undefined): Promise<ResponseOf<'agents.testConnection'>>;
  setWorkspace(agentId: string, directory: string): Promise<ResponseOf<'workspaces.set'>>;
  cloneRepository(agentId: string, url: string): Promise<ResponseOf<'repositories.clone'>>;
  createRepository(agentId: string): Promise<ResponseOf<'repositories.create'>>;

  // Conversations and what the agent did in them.
  listConversations(agentId: string): ResponseOf<'conversations.list'>;
  createConversation(agentId: string, title: string | undefined): ResponseOf<'conversations.create'>;
  messages(request: RequestFor<'conversations.messages'>): ResponseOf<'conversations.messages'>;
  /** The owner's message opens a turn: the live owner request every developer tool's floor checks. */
  sendMessage(conversationId: string, text: string): ResponseOf<'conversations.send'>;
  retryTurn(conversationId: string): ResponseOf<'conversations.retry'>;
  cancelTurn(conversationId: string): ResponseOf<'conversations.cancel'>;
  /** Tokens and cost of one conversation (issue 16). */
  usage(conversationId: string): ResponseOf<'conversations.usage'>;
  toolCalls(conversationId: string): ResponseOf<'toolCalls.list'>;

  // Cards, remembered commands, checkpoints.
  listCards(): ResponseOf<'cards.list'>;
  /** The core decides which answers count: not pending, another hash or an unoffered remember is refused. */
  answerCard(request: RequestFor<'cards.answer'>): void;
  listRemembered(): ResponseOf<'remembered.list'>;
  forgetRemembered(id: number): ResponseOf<'remembered.forget'>;
  listCheckpoints(conversationId: string): ResponseOf<'checkpoints.list'>;
  undoCheckpoint(checkpointId: number): Promise<ResponseOf<'checkpoints.undo'>>;
  restoreBefore(conversationId: string, messageId: number): Promise<ResponseOf<'checkpoints.restoreBefore'>>;
  checkpointUsage(): Promise<ResponseOf<'checkpoints.usage'>>;
  clearCheckpoints(workspace: string): Promise<void>;
  setCheckpointOptions(request: RequestFor<'checkpoints.setOptions'>): ResponseOf<'checkpoints.setOptions'>;

  // The workspace as the owner sees it: files, processes, previews, the terminal, screenshots.
  /** The tree; the tab that asked for it now follows it live. */
  fileTree(agentId: string, path: string | undefined, depth: number | undefined): ResponseOf<'files.tree'>;
  readFile(agentId: string, path: string): ResponseOf<'files.read'>;
  sameAsHead(agentId: string, paths: string[]): Promise<ResponseOf<'files.sameAsHead'>>;
  listProcesses(): ResponseOf<'processes.list'>;
  stopProcess(agentId: string, name: string): Promise<ResponseOf<'processes.stop'>>;
  stopAllProcesses(): Promise<ResponseOf<'processes.stopAll'>>;
  processOutput(agentId: string, name: string, since: number | undefined): ResponseOf<'processes.output'>;
  /** The agent's own running process named so, or a refusal; then single-use ticket URLs into it (SPEC §9). */
  previewTickets(agentId: string, name: string): () => Promise<string>;
  checkPreview(agentId: string, name: string): Promise<ResponseOf<'preview.check'>>;
  openTerminal(agentId: string, cols: number, rows: number): ResponseOf<'terminal.open'>;
  writeTerminal(terminalId: string, data: string): void;
  resizeTerminal(terminalId: string, cols: number, rows: number): void;
  closeTerminal(terminalId: string): Promise<void>;
  takeScreenshot(agentId: string, name: string): Promise<ResponseOf<'screenshots.take'>>;
  readScreenshot(agentId: string, file: string): ResponseOf<'screenshots.read'>;

  // Summary and the owner's own actions on the project.
  /** The Summary tab: diff since the branch point, commits, test runs (seed 003 §11). */
  summary(agentId: string): Promise<ResponseOf<'summary.get'>>;
  failingTests(agentId: string): ResponseOf<'tests.failing'>;
  openInEditor(agentId: string, path: string | undefined): void;
  pull(agentId: string): Promise<ResponseOf<'owner.pull'>>;
  runOwnerTests(agentId: string, command: RequestFor<'owner.runTests'>['command']): Promise<ResponseOf<'owner.runTests'>>;

  // MCP servers (issue 21) and Settings → Models (issue 16).
  listMcpServers(agentId: string): ResponseOf<'mcp.list'>;
  addMcpServer(request: RequestFor<'mcp.add'>): Promise<ResponseOf<'mcp.add'>>;
  removeMcpServer(serverId: string): Promise<ResponseOf<'mcp.remove'>>;
  setMcpAuto(serverId: string, tool: string, auto: boolean): ResponseOf<'mcp.setAuto'>;
  restartMcpServer(serverId: string): Promise<ResponseOf<'mcp.restart'>>;
  modelTables(): ResponseOf<'models.tables'>;

  // Delegates (seed 003 §10.5): the helpers an agent may ask, and a delegation's folded conversation.
  helpers(agentId: string): ResponseOf<'delegation.helpers'>;
  setHelpers(agentId: string, helpers: string[]): ResponseOf<'delegation.setHelpers'>;
  delegation(callId: string): ResponseOf<'delegation.get'>;

  // Tasks (issue 34): a branch in a worktree of its own, with its own agent; merging stays the owner's.
  listTasks(): Promise<ResponseOf<'tasks.list'>>;
  startTask(request: RequestFor<'tasks.start'>): Promise<ResponseOf<'tasks.start'>>;
  archiveTask(taskId: string): Promise<ResponseOf<'tasks.archive'>>;
  deleteTask(taskId: string): Promise<ResponseOf<'tasks.delete'>>;
  taskSummary(taskId: string): Promise<ResponseOf<'tasks.summary'>>;
  setModelOverrides(request: RequestFor<'models.setOverrides'>): ResponseOf<'models.setOverrides'>;
}
