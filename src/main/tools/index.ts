// Every tool Paddock has, built once by the composition root. Which of them exist for the model
// is the switches' decision (dispatch/registry.ts); which an agent may call is its scopes'.
import type { WorkspaceAssignment } from '../owner/workspaceAssignment';
import type { OwnerEnv } from '../processes/env';
import type { Supervisor } from '../processes/supervisor';
import type { PreviewServer } from '../preview/server';
import type { RememberedCommand } from '../policy';
import { createBashTool } from './bash';
import { createDelegateTool, type DelegateToolDeps } from './delegate';
import { editTool } from './edit';
import { createGitTool } from './git';
import { listTool } from './list';
import { createOutputTool } from './output';
import { createPreviewTool } from './preview';
import { createReadTool } from './read';
import { createRunTool, type CommandFinished } from './run';
import { createScreenshotTool } from './screenshot';
import type { CapturePage } from '../preview/types';
import { createSearchTool } from './search';
import { createStartTool } from './start';
import { createStopTool } from './stop';
import { createSummariseTool } from './summarise';
import type { TestRun } from '../store/testRuns';
import type { Sandbox } from '../sandbox/sandbox';
import type { GroupLedger } from '../processes/ledger';
import type { AgentSandboxChoices } from '../sandbox/containment';
import type { OwnServices } from '../sandbox/ownServices';
import type { AnyToolDefinition } from './types';
import { createWorkspaceTool } from './workspace';
import { writeTool } from './write';
import { createPlanTool, type PlanToolDeps } from './plan';
import { createTodoTool, type TodoToolDeps } from './todo';

export interface ToolSetDeps {
  ledger?: GroupLedger;
  sandbox?: Sandbox;
  sandboxChoicesFor?(agentId: string): AgentSandboxChoices;
  /** The agent's "Run list only" setting: run keeps seed 003 §5 even with the sandbox. */
  runListOnlyFor?(agentId: string): boolean;
  assignment: WorkspaceAssignment;
  supervisor: Supervisor;
  preview: PreviewServer;
  capture: CapturePage;
  ownerEnv: OwnerEnv;
  shell: string | undefined;
  rememberedFor(agentId: string, directory: string): readonly RememberedCommand[];
  /** A remembered command let a command through without a card (Settings shows when). */
  rememberedUsed?(id: number): void;
  lastTestRun(agentId: string, directory: string): TestRun | null;
  agentCommits?(directory: string): ReadonlySet<string>;
  onCommandFinished(finished: CommandFinished): number | null | void;
  /** Where plans and task lists are kept; without them, plan and todo are not in the set. */
  plans?: PlanToolDeps;
  todos?: TodoToolDeps;
  /** The delegation runner (agent/delegate.ts); without it delegate refuses. */
  delegate?: DelegateToolDeps['delegate'];
  /** Whether the owner picked a helper for an agent; without it delegate is offered to none. */
  hasHelpers?: DelegateToolDeps['hasHelpers'];
  /** The agent's own started processes' ports, reachable from its contained run and bash (sandbox/ownServices.ts). */
  ownServices?: OwnServices;
}

export function createToolSet(deps: ToolSetDeps): AnyToolDefinition[] {
  const { supervisor, preview, ownerEnv, rememberedFor } = deps;
  const containment = {
    sandbox: deps.sandbox,
    choicesFor: deps.sandboxChoicesFor,
    ledger: deps.ledger,
    ownServices: deps.ownServices,
  };
  const rememberedUsed = deps.rememberedUsed;
  return [
    createReadTool({ rememberedFor, rememberedUsed }),
    listTool,
    createSearchTool({ sandbox: deps.sandbox }),
    writeTool,
    editTool,
    createRunTool({
      ...containment,
      rememberedFor,
      rememberedUsed,
      ownerEnv,
      onCommandFinished: deps.onCommandFinished,
      runListOnlyFor: deps.runListOnlyFor,
    }),
    createStartTool({ ...containment, supervisor, rememberedFor, rememberedUsed, ownerEnv }),
    createOutputTool({ supervisor }),
    createStopTool({ supervisor }),
    createBashTool({ ...containment, shell: deps.shell, ownerEnv }),
    createGitTool({ sandbox: deps.sandbox }),
    createSummariseTool({ lastTestRun: deps.lastTestRun, agentCommits: deps.agentCommits }),
    createPreviewTool({ lookup: supervisor, preview }),
    createScreenshotTool({
      lookup: supervisor,
      resolve: (name, port) => preview.resolve(name, port),
      capture: deps.capture,
    }),
    createWorkspaceTool({ assignment: deps.assignment }),
    ...(deps.plans ? [createPlanTool(deps.plans)] : []),
    ...(deps.todos ? [createTodoTool(deps.todos)] : []),
    createDelegateTool({
      delegate: (input) =>
        deps.delegate?.(input) ??
        Promise.resolve({ ok: false, status: 403, error: 'refused: delegation is not available in this Paddock' }),
      hasHelpers: (agentId) => deps.hasHelpers?.(agentId) ?? false,
    }),
  ];
}
