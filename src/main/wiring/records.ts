// The store's repositories over the core's one database, built once at start: one per table group,
// each the only SQL of its tables (store/).
import { createAgentCommitsRepository } from '../store/agentCommits';
import { createAgentsRepository } from '../store/agents';
import { createBudgetRaisesRepository } from '../store/budgetRaises';
import { createConversationsRepository } from '../store/conversations';
import type { Db } from '../store/database';
import { createDelegationsRepository } from '../store/delegations';
import { createInstructionPinsRepository } from '../store/instructionPins';
import { createMcpServersRepository } from '../store/mcpServers';
import { createPlansRepository } from '../store/plans';
import { createRememberedCommandsRepository } from '../store/rememberedCommands';
import { createSettingsRepository } from '../store/settings';
import { createTasksRepository } from '../store/tasks';
import { createTodosRepository } from '../store/todos';
import { createToolCallsRepository, type ToolCallIcons } from '../store/toolCalls';
import { createUsageRepository } from '../store/usage';
import { createWorkspacesRepository } from '../store/workspaces';

/** `icons`: what each call's row draws, its tool's declaration (read when a record is read). */
export function openRecords(db: Db, icons: ToolCallIcons) {
  return {
    agents: createAgentsRepository(db),
    workspaces: createWorkspacesRepository(db),
    settings: createSettingsRepository(db),
    toolCalls: createToolCallsRepository(db, icons),
    agentCommits: createAgentCommitsRepository(db),
    remembered: createRememberedCommandsRepository(db),
    conversations: createConversationsRepository(db),
    usage: createUsageRepository(db),
    /** The texts the owner accepted for agents: only a pinned instruction file is an instruction. */
    instructionPins: createInstructionPinsRepository(db),
    delegations: createDelegationsRepository(db),
    tasks: createTasksRepository(db),
    plans: createPlansRepository(db),
    todos: createTodosRepository(db),
    mcpServers: createMcpServersRepository(db),
    budgetRaises: createBudgetRaisesRepository(db),
  };
}

export type Records = ReturnType<typeof openRecords>;
