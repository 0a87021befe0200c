// The one contract between the window and the core (SPEC §2, STYLE: IPC). Every call is declared
// once: its request schema in requests.ts (validated by the core on arrival), its response type
// here. docs/ipc.md says how to add one.
import type { z } from 'zod';
import {
  type AttentionSettings,
  type BudgetSettings,
  type BudgetStatusView,
  type Card,
  type CheckpointOptionsView,
  type ModelTablesView,
  type CheckpointUsageView,
  type CheckpointView,
  type ConversationUsageView,
  type ConversationView,
  type DelegationView,
  type HelpersView,
  type TaskDiffView,
  type TaskSetupScriptView,
  type TaskView,
  type MessageView,
  type SearchResultsView,
  type ScopeReport,
  type ToolCallView,
} from '../domain';
import type {
  AgentView,
  AppInfo,
  ConnectionTestView,
  FailingTestsView,
  FileContentView,
  FileTreeView,
  FolderFactsView,
  McpServerView,
  ProcessView,
  RememberedCommandView,
  InstructionFileView,
  InstructionPinView,
  PlanView,
  SlashCommandView,
  TodoItemView,
  SummaryView,
} from './views';
import type { requestSchemas } from './requests';

export type CallName = keyof typeof requestSchemas;
export type RequestOf<K extends CallName> = z.input<(typeof requestSchemas)[K]>;

export interface ResponseMap {
  'app.info': AppInfo;
  'agents.list': AgentView[];
  'agents.create': AgentView;
  'agents.update': AgentView;
  'agents.remove': { removed: boolean };
  'agents.vocabulary': ScopeReport[];
  'workspaces.set': AgentView;
  'workspaces.pickDirectory': { directory: string | null };
  'settings.setSwitches': AppInfo;
  'settings.setTailscale': AppInfo;
  'settings.setAgentSandbox': AppInfo;
  'cards.list': Card[];
  'cards.answer': { answered: true };
  'toolCalls.list': ToolCallView[];
  'remembered.list': RememberedCommandView[];
  'commands.list': SlashCommandView[];
  'commands.accept': { accepted: boolean };
  'commands.run': { turnId: string; text: string };
  'plans.list': PlanView[];
  'plans.answer': { turnId: string };
  'todos.list': TodoItemView[];
  'instructions.waiting': InstructionFileView[];
  'instructions.accept': InstructionPinView;
  'instructions.pins': InstructionPinView[];
  'instructions.forget': { forgotten: boolean };
  'remembered.forget': { forgotten: boolean };
  'processes.list': ProcessView[];
  'processes.stop': { stopped: boolean };
  'processes.stopAll': { stopped: number };
  'processes.dismiss': { dismissed: boolean };
  'processes.output': { text: string; next: number; running: boolean };
  'agents.setApiKey': AgentView;
  'agents.clearApiKey': AgentView;
  'conversations.list': ConversationView[];
  'conversations.create': ConversationView;
  'conversations.messages': { messages: MessageView[]; olderCursor: number | null; calls: ToolCallView[] };
  /** held: the message waits in the working turn (its next step, or its end); null: it opened the turn. */
  'conversations.send': { turnId: string; held: 'now' | 'queue' | null };
  'conversations.cancel': { cancelled: boolean };
  'files.tree': FileTreeView;
  'files.read': FileContentView;
  /** Of the paths asked, those identical to the last commit again (tracked, unmodified); none outside a repository. */
  'files.sameAsHead': { paths: string[] };
  'terminal.open': { terminalId: string };
  'terminal.write': { written: boolean };
  'terminal.resize': { resized: boolean };
  'terminal.close': { closed: boolean };
  'preview.link': { url: string };
  'preview.check': { ok: boolean; absoluteAssets: boolean };
  'summary.get': SummaryView;
  'summary.openInEditor': { opened: boolean };
  'tests.failing': FailingTestsView;
  'owner.pull': { ok: boolean; output: string };
  'owner.runTests': { ok: boolean; output: string };
  'repositories.clone': AgentView;
  'repositories.create': AgentView;
  'screenshots.read': { dataUrl: string };
  'screenshots.take': { file: string };
  'conversations.usage': ConversationUsageView;
  /** The provider's own model list (its models endpoint), or the known list with the reason it could not be read. */
  'agents.models': { models: string[]; source: 'provider' | 'known'; problem: string | null };
  'preview.showInView': { shown: boolean };
  'preview.hideView': { hidden: boolean };
  'models.tables': ModelTablesView;
  'models.setOverrides': ModelTablesView;
  'checkpoints.list': CheckpointView[];
  'checkpoints.undo': { cardId: string };
  'checkpoints.restoreBefore': { cardId: string };
  'checkpoints.usage': { usage: CheckpointUsageView[]; options: CheckpointOptionsView };
  'checkpoints.clear': { cleared: boolean };
  'checkpoints.setOptions': CheckpointOptionsView;
  'conversations.search': SearchResultsView;
  'conversations.rename': ConversationView;
  'conversations.archive': ConversationView;
  'conversations.delete': { deleted: boolean };
  /** The new conversation, and the forked message's text for its composer. */
  'conversations.fork': { conversation: ConversationView; draft: string };
  'mcp.list': McpServerView[];
  'mcp.add': McpServerView;
  'mcp.remove': { removed: boolean };
  'mcp.setAuto': McpServerView;
  'mcp.restart': McpServerView;
  'delegation.helpers': HelpersView;
  'delegation.setHelpers': HelpersView;
  'delegation.get': DelegationView | null;
  'tasks.list': TaskView[];
  'tasks.start': TaskView;
  'tasks.archive': TaskView;
  'tasks.delete': { deleted: boolean };
  'tasks.summary': SummaryView;
  'tasks.diff': TaskDiffView;
  'tasks.revertHunks': { reverted: number; diff: TaskDiffView };
  'tasks.setupScripts': TaskSetupScriptView[];
  'tasks.setSetupScript': TaskSetupScriptView[];
  'settings.setSetupDone': AppInfo;
  'workspaces.inspect': FolderFactsView;
  'workspaces.complete': { folders: string[] };
  'agents.testConnection': ConnectionTestView;
  'budgets.get': BudgetSettings;
  'budgets.set': BudgetSettings;
  'budgets.status': BudgetStatusView;
  'budgets.continue': { turnId: string };
  'attention.get': AttentionSettings;
  'attention.set': AttentionSettings;
  /** shown: the host has a badge (Electron); the web host's window title says it instead. */
  'attention.setCount': { shown: boolean };
}
export type ResponseOf<K extends CallName> = ResponseMap[K];
