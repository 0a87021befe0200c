// The one path every tool call takes (SPEC §5, issue 5):
// installed? → granted? → floor → arguments → tierFor → card (if gated) → run → recorded.
// It is the one emitter of a call's lifecycle: every change of the record (opened, tier, card,
// running, finished with its outcome) reaches the window as the record it wrote, once.
import { z } from 'zod';
import {
  isMcpToolName,
  type Card,
  type Mode,
  type OutputAccount,
  type RefusalCode,
  type RememberKind,
  type ToolCallOutcome,
  type ToolCallView,
  type ToolName,
  type ToolCallContext,
  type ToolResult,
} from '../../shared/domain';
import type { PendingCards } from '../approvals/pendingCards';
import type { AgentsRepository } from '../store/agents';
import { createConversationsRepository } from '../store/conversations';
import type { Db } from '../store/database';
import type { ToolCallsRepository } from '../store/toolCalls';
import type { WorkspacesRepository } from '../store/workspaces';
import {
  callEffectsOf,
  fileOf,
  MCP_TOOL_FACTS,
  offeredInMode,
  recordedResultSummary,
  UNKNOWN_TOOL_FACTS,
} from '../tools/facts';
import type { AnyToolDefinition, CallEffects, PreparedCall, ToolFacts } from '../tools/types';
import { checkFloor } from './floor';
import { hiddenCharactersDanger } from './hiddenCharacters';
import { isToolName, planModeRefusal } from './registry';
import type { Dispatcher, OfferedTool, ToolCallRequest, ToolOffer } from './types';

// A tool's schema never changes while the core runs: its JSON form is built once, not on every request.
const jsonSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();
function inputSchemaOf(schema: z.ZodType): Record<string, unknown> {
  let json = jsonSchemas.get(schema);
  if (!json) {
    json = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
    jsonSchemas.set(schema, json);
  }
  return json;
}

export interface DispatcherDeps {
  db: Db;
  agents: AgentsRepository;
  workspaces: WorkspacesRepository;
  toolCalls: ToolCallsRepository;
  cards: PendingCards;
  /** Whether an owner request id names a live turn or MCP session of the conversation (the floor). */
  ownerRequestLive(ownerRequestId: string, conversationId: string): boolean;
  tools: readonly AnyToolDefinition[];
  installed: ReadonlySet<ToolName>;
  /** The mode one owner request (a turn) was started in when the owner chose one for it (plan, from the composer). */
  turnModeFor?(ownerRequestId: string): Mode | null;
  home: string;
  dataDir: string;
  /** The literal remember choices a card offers for a plain command's argv. */
  /** `directory`: the workspace the choice is bound to, named in the label (issue 19). */
  rememberChoicesFor(argv: string[], directory?: string): { kind: RememberKind; label: string }[];
  rememberCommand(input: { agentId: string; directory: string; argv: string[]; kind: RememberKind }): void;
  /** A needs-network card's "Allow <domain> for this agent": adds the card's domains to the agent's list (Settings → Sandbox). */
  allowDomains?(agentId: string, domains: readonly string[]): void;
  /** The tools of the MCP servers the owner added for an agent (scope mcp), with their JSON schemas. */
  mcpToolsFor?(agentId: string): { definition: AnyToolDefinition; inputSchema: Record<string, unknown> }[];
  /**
   * What a call's one reading needs loaded (the bash grammar, loaded at the first call that may read
   * a command rather than at start): awaited before each call is prepared. It never rejects; what
   * did not load leaves the reading to ask (policy/shellForm.ts).
   */
  beforePrepare?(): Promise<void>;
  /** Live output of a running call, for the window. */
  onOutput?(callId: string, chunk: string): void;
  /** Any change of a call's record, for the window: the record as written. */
  onCallChanged?(call: ToolCallView): void;
  /**
   * Just before an allowed call runs (checkpoints, issue 20: the first call of a turn that may
   * change files records the workspace first). Awaited; it reports its own failures.
   */
  beforeRun?(request: ToolCallRequest, effects: CallEffects): Promise<void>;
  /** A call that ran and succeeded: the window may show what it produced (the tool's declared events). */
  onSucceeded?(tool: ToolFacts, agentId: string, args: unknown, result: Extract<ToolResult, { ok: true }>): void;
}

const refusal = (error: string, status = 403): ToolResult => ({ ok: false, status, error });

function boundCallMoved(
  handle: string,
  mode: Mode,
  directory: string | null,
  boundTo: { directory: string; mode: Mode },
): string | null {
  const restart = 'close this client and start it again with the --workspace and --mode you want';
  if (directory !== boundTo.directory) {
    return (
      `refused: this session was opened on ${boundTo.directory}, but ${handle}'s workspace is now ` +
      `${directory ?? 'none'} (another session or the owner moved it); nothing was done there. ${restart}`
    );
  }
  if (mode !== boundTo.mode) {
    return (
      `refused: this session was opened in ${boundTo.mode} mode, but ${handle} is now in ${mode} mode ` +
      `(another session or the owner changed it); nothing was done. ${restart}`
    );
  }
  return null;
}

export function createDispatcher(
  deps: DispatcherDeps,
): Dispatcher & { toolByName(name: string): AnyToolDefinition | null } {
  const byName = new Map(deps.tools.map((tool) => [tool.name, tool]));
  const conversations = createConversationsRepository(deps.db);

  function installedTool(name: string): AnyToolDefinition | null {
    if (!isToolName(name) || !deps.installed.has(name)) return null;
    return byName.get(name) ?? null;
  }

  // An MCP server's tool exists for the agent whose server it is, while that server is running.
  function toolFor(agentId: string, name: string): AnyToolDefinition | null {
    if (!isMcpToolName(name)) return installedTool(name);
    return deps.mcpToolsFor?.(agentId).find((offered) => offered.definition.name === name)?.definition ?? null;
  }

  /** The owner's choice for this turn, else the agent's mode. */
  function modeOf(agentMode: Mode, ownerRequestId: string | null): Mode {
    return (ownerRequestId !== null ? deps.turnModeFor?.(ownerRequestId) : null) ?? agentMode;
  }

  function factsOf(agentId: string, name: string): ToolFacts {
    // An MCP server's tool whose server is not running now is still another program's tool.
    return toolFor(agentId, name) ?? (isMcpToolName(name) ? MCP_TOOL_FACTS : UNKNOWN_TOOL_FACTS);
  }

  // Each change returns the record as written; that record is what the window is sent.
  function record(change: () => ToolCallView | null): void {
    const view = change();
    if (view) deps.onCallChanged?.(view);
  }

  return {
    toolByName: installedTool,
    factsOf,

    offeredTools(agentId: string, offer: ToolOffer = {}): OfferedTool[] {
      // A delegate is offered nothing: it thinks, it does not act (seed 003 §10.5).
      if ((offer.delegationDepth ?? 0) !== 0) return [];
      const ownerRequestId = offer.ownerRequestId;
      const agent = deps.agents.get(agentId);
      if (!agent) return [];
      const mode = modeOf(agent.mode, ownerRequestId ?? null);
      const hasWorkspace = deps.workspaces.get(agentId) !== null;
      const offered: OfferedTool[] = [];
      for (const tool of deps.tools) {
        if (!isToolName(tool.name) || !deps.installed.has(tool.name) || !agent.scopes.includes(tool.scope)) continue;
        // AC-6: no workspace, no root to bound a path to — only the tool that asks the owner for one.
        if (!hasWorkspace && !tool.worksWithoutWorkspace) continue;
        if (!offeredInMode(tool, mode)) continue;
        if (tool.offeredTo && !tool.offeredTo(agentId)) continue;
        offered.push({
          name: tool.name,
          description: tool.description,
          inputSchema: inputSchemaOf(tool.schema),
          effects: tool.effects,
        });
      }
      if (hasWorkspace && agent.scopes.includes('mcp')) {
        for (const { definition, inputSchema } of deps.mcpToolsFor?.(agentId) ?? []) {
          // An MCP server's tool declares itself plan-safe never: plan mode leaves them all out.
          if (!offeredInMode(definition, mode)) continue;
          offered.push({
            name: definition.name,
            description: definition.description,
            inputSchema,
            effects: definition.effects,
          });
        }
      }
      return offered;
    },

    async dispatch(request: ToolCallRequest, signal: AbortSignal): Promise<ToolResult> {
      const tool = toolFor(request.agentId, request.tool);
      const agent = deps.agents.get(request.agentId);
      const known = agent !== null && conversations.get(request.conversationId) !== null;
      // The record is written before anything else happens, when there is a conversation to file it under.
      if (known) {
        record(() =>
          deps.toolCalls.open({
            id: request.callId,
            conversationId: request.conversationId,
            agentId: request.agentId,
            tool: request.tool,
            args: request.args,
            file: tool ? fileOf(tool, request.args) : null,
            replaySafe: tool?.effects.replaySafe ?? false,
          }),
        );
      }
      const finish = (
        status: 'done' | 'refused' | 'failed' | 'interrupted',
        outcome: ToolCallOutcome,
        summary: string | null,
        error: string | null,
        output: OutputAccount | null = null,
      ): void => {
        if (known) record(() => deps.toolCalls.finish(request.callId, { status, summary, error, output, outcome }));
      };
      const refuse = (error: string, status: number, code: RefusalCode): ToolResult => {
        finish('refused', { ending: 'refused', refusalCode: code }, null, error);
        return refusal(error, status);
      };

      if (!tool)
        return refuse(`refused: the tool "${request.tool}" is not installed in this Paddock`, 404, 'not-installed');
      const live =
        request.ownerRequestId !== null && deps.ownerRequestLive(request.ownerRequestId, request.conversationId);
      const floor = checkFloor(request, agent, known, live, tool.scope, tool.name);
      if (!floor.ok) return refuse(floor.message, 403, floor.code);
      if (!agent) return refuse('session-not-authorized: the call names no known agent', 403, 'session-not-authorized');
      // Plan mode is the tools' own declaration, not the prompt's: a tool not plan-safe is refused here, whatever was asked.
      if (!offeredInMode(tool, modeOf(agent.mode, request.ownerRequestId)))
        return refuse(planModeRefusal(tool.name), 403, 'plan-mode-refused');

      const parsed = tool.schema.safeParse(request.args);
      if (!parsed.success) {
        return refuse(
          `refused: invalid arguments for ${tool.name}: ${z.prettifyError(parsed.error)}`,
          400,
          'invalid-arguments',
        );
      }
      const workspace = deps.workspaces.get(agent.id);
      if (!workspace && !tool.worksWithoutWorkspace) {
        return refuse(
          `refused: ${agent.handle} has no workspace, so ${tool.name} has no directory to work in`,
          403,
          'no-workspace',
        );
      }
      // The agent record may have moved since the caller was opened (another MCP session, the
      // window): a bound call runs in the workspace and mode it was opened with, or not at all.
      if (request.boundTo) {
        const moved = boundCallMoved(agent.handle, agent.mode, workspace?.directory ?? null, request.boundTo);
        if (moved) return refuse(moved, 409, 'session-moved');
      }

      const context: ToolCallContext = {
        agent,
        workspace,
        home: deps.home,
        dataDir: deps.dataDir,
        callId: request.callId,
        conversationId: request.conversationId,
        ownerRequestId: request.ownerRequestId,
        signal,
        onOutput: deps.onOutput ? (chunk) => deps.onOutput?.(request.callId, chunk) : undefined,
      };

      try {
        await deps.beforePrepare?.();
        // The call read once (words, paths, program, containment, the card's text): every step below reads this value.
        const prepared: PreparedCall | undefined = tool.prepareCall
          ? tool.prepareCall(parsed.data, context)
          : undefined;
        const tier = await tool.tierFor(parsed.data, context, prepared);
        record(() => deps.toolCalls.setTier(request.callId, tier.tier, tier.reason));
        if (tier.tier === 'gated') {
          const { refusal: cannotRun, ...preview } = tool.preview
            ? await tool.preview(parsed.data, context, prepared)
            : {};
          // A call that cannot run at all is refused now: a card must never offer an Approve that then fails.
          if (cannotRun) return refuse(cannotRun, 400, 'cannot-run');
          // Text that reads as something else than what runs (bidi controls, zero-width: Trojan Source)
          // makes approving risky whatever the tool: Deny first, nothing remembered.
          const danger = preview.danger ?? hiddenCharactersDanger(parsed.data, preview);
          const draft: Omit<Card, 'id' | 'createdAt'> = {
            callId: request.callId,
            agentId: agent.id,
            conversationId: request.conversationId,
            tool: tool.name,
            args: parsed.data,
            reason: tier.reason,
            ...preview,
            ...(danger ? { danger } : {}),
            rememberChoices:
              preview.rememberable && !danger && preview.argv && workspace
                ? deps.rememberChoicesFor(preview.argv, workspace.directory)
                : undefined,
          };
          const { card, outcome } = (request.askOwner ?? deps.cards.ask)(draft, signal);
          record(() => deps.toolCalls.markPending(request.callId, card));
          const answer = await outcome;
          if (answer.decision === 'cancelled') {
            deps.toolCalls.markAnswered(request.callId, 'unanswered');
            finish('interrupted', { ending: 'interrupted', refusalCode: 'cancelled' }, null, `not run: ${answer.why}`);
            return refusal(`not run: ${answer.why}`, 409);
          }
          record(() => deps.toolCalls.markAnswered(request.callId, answer.decision));
          if (answer.decision === 'deny') {
            finish('refused', { ending: 'denied', refusalCode: 'denied' }, null, 'the owner denied this call');
            return refusal('the owner denied this call');
          }
          if (answer.remember && card.argv && workspace) {
            deps.rememberCommand({
              agentId: agent.id,
              directory: workspace.directory,
              argv: card.argv,
              kind: answer.remember,
            });
          }
          // The domains are the card's own (drawn by the core), never the answer's.
          if (answer.choice === 'allow-domains' && card.allowDomains && card.allowDomains.length > 0)
            deps.allowDomains?.(agent.id, card.allowDomains);
          // A secrets file's read, remembered for that file in this workspace (the card's own argv, drawn by the tool).
          if (answer.choice === 'remember-file' && card.rememberArgv && card.rememberArgv.length > 0 && workspace) {
            deps.rememberCommand({
              agentId: agent.id,
              directory: workspace.directory,
              argv: card.rememberArgv,
              kind: 'exact',
            });
          }
          context.approval = {
            baseHash: card.baseHash ?? null,
            // The hunks applied are the core's own copy on the card it drew; the answer only names them.
            ...(answer.acceptedHunks && card.hunks
              ? { hunks: { offered: card.hunks, accepted: answer.acceptedHunks } }
              : {}),
          };
        }
        await deps.beforeRun?.(request, callEffectsOf(tool, parsed.data, prepared));
        record(() => deps.toolCalls.markRunning(request.callId));
        const result = await tool.run(parsed.data, context, prepared);
        if (result.ok) {
          finish(
            'done',
            { ending: 'done', ...result.outcome, textLength: result.text.length },
            recordedResultSummary(tool, result.text),
            null,
            outputAccountOf(result.data),
          );
          deps.onSucceeded?.(tool, agent.id, parsed.data, result);
        } else {
          const ending = endingOfFailure(result.error);
          finish(
            ending,
            { ending, ...result.outcome, ...(ending === 'refused' ? { refusalCode: 'fence' as const } : {}) },
            null,
            result.error,
          );
        }
        return result;
      } catch (error) {
        const message = `${tool.name} failed: ${(error as Error).message}`;
        finish('failed', { ending: 'failed' }, null, message);
        return { ok: false, error: message };
      }
    },
  };
}

/** A tool's own "refused: …" is the fence saying no (a path outside, a link, a denied file): a refusal, not a failure. */
function endingOfFailure(error: string): 'refused' | 'failed' {
  return error.startsWith('refused:') ? 'refused' : 'failed';
}

/** A command tool's account of its output (run, bash: data.output), when its result carries one. */
function outputAccountOf(data: unknown): OutputAccount | null {
  const output = (data as { output?: Partial<OutputAccount> } | undefined)?.output;
  if (
    !output ||
    typeof output.printedBytes !== 'number' ||
    typeof output.windowBytes !== 'number' ||
    typeof output.modelBytes !== 'number'
  )
    return null;
  return {
    printedBytes: output.printedBytes,
    windowBytes: output.windowBytes,
    logBytes: typeof output.logBytes === 'number' ? output.logBytes : null,
    modelBytes: output.modelBytes,
  };
}
