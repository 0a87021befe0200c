// Checkpoints (issue 20), as the core uses them: the loop's turn hooks, the dispatcher's
// before-run hook, the transcript's undo and restore, and Settings' space used and Clear.
import type { CheckpointUsageView, CheckpointView, Workspace } from '../../shared/domain';
import type { ProjectLock } from '../workspace/projectLock';
import type { TurnHooks } from '../agent/loop';
import type { PendingCards } from '../approvals/pendingCards';
import type { ToolCallRequest } from '../dispatch/types';
import type { CallEffects } from '../tools/types';
import type { ReaderSandbox } from '../sandbox/sandbox';
import type { CommandWrapper } from '../processes/command';
import type { CheckpointRow } from '../store/checkpoints';
import { createCheckpointsRepository } from '../store/checkpoints';
import type { ConversationsRepository } from '../store/conversations';
import type { Db } from '../store/database';
import type { ProcessRow } from '../store/processes';
import type { SettingsRepository } from '../store/settings';
import { createCheckpointHistory, type CheckpointOptions } from './history';
import { createRestores, RestoreRefusal } from './restores';

export { RestoreRefusal } from './restores';
export { DEFAULT_CHECKPOINT_OPTIONS, type CheckpointOptions } from './history';

export interface CheckpointsDeps {
  db: Db;
  dataDir: string;
  home: string;
  settings: SettingsRepository;
  conversations: ConversationsRepository;
  workspaces: { get(agentId: string): Workspace | null; list(): Workspace[] };
  agentHandle(agentId: string): string | null;
  findGit(capturedPath: string): string | null;
  cards: PendingCards;
  lock: ProjectLock;
  processes: { list(): ProcessRow[]; stop(agentId: string, name: string): Promise<unknown> };
  wrap?: CommandWrapper;
  /** The shadow repository's git runs in each workspace's reader sandbox when this is contained. */
  sandbox?: ReaderSandbox;
  changed(conversationId: string): void;
  log(message: string): void;
}

export function createCheckpoints(deps: CheckpointsDeps) {
  const repository = createCheckpointsRepository(deps.db);
  const history = createCheckpointHistory({ ...deps, repository });
  const restores = createRestores({ ...deps, history, repository });
  const failedTurns = new Set<string>();

  function view(row: CheckpointRow): CheckpointView {
    return {
      id: row.id,
      conversationId: row.conversationId,
      kind: row.kind,
      messagesFrom: row.messagesFrom,
      summary: row.summary,
      recorded: row.beforeTree !== null || row.pruned,
      undone: row.undoneBy !== null,
      pruned: row.pruned,
      working: row.kind === 'turn' && row.endedAt === null,
      startedAt: row.startedAt,
    };
  }

  /** A checkpoint that could not be recorded is said once in the conversation; the turn goes on. */
  function reportFailure(turnId: string, error: unknown): void {
    if (failedTurns.has(turnId)) return;
    failedTurns.add(turnId);
    const row = repository.forTurn(turnId);
    const message = `No checkpoint for this turn, so it cannot be undone: ${(error as Error).message}`;
    deps.log(message);
    if (row) deps.conversations.append(row.conversationId, { role: 'notice', text: message });
  }

  const turnHooks: TurnHooks = {
    started: (turn) => history.turnStarted(turn),
    async ended(turn) {
      try {
        await history.turnEnded(turn.turnId);
      } catch (error) {
        reportFailure(turn.turnId, error);
      } finally {
        failedTurns.delete(turn.turnId);
        deps.changed(turn.conversationId);
      }
    },
  };

  return {
    turnHooks,
    history,

    /**
     * The dispatcher's hook: before the first call of a turn that may change files (the tool's own
     * declaration, tools/types.ts CallEffects), the workspace is recorded.
     */
    async beforeRun(request: ToolCallRequest, effects: CallEffects): Promise<void> {
      const turnId = request.checkpointTurnId ?? request.ownerRequestId;
      if (turnId === null || !effects.changesFiles) return;
      try {
        await history.beforeChange(turnId);
      } catch (error) {
        reportFailure(turnId, error);
      }
    },

    list(conversationId: string): CheckpointView[] {
      return repository.forConversation(conversationId).map(view);
    },

    undo: (checkpointId: number) => restores.undo(checkpointId),
    restoreBefore: (conversationId: string, messageId: number) => restores.restoreBefore(conversationId, messageId),

    options: (): CheckpointOptions => history.options(),
    setOptions: (change: Partial<CheckpointOptions>): CheckpointOptions => history.setOptions(change),

    /** Space used per workspace directory an agent works in now. */
    async usage(): Promise<CheckpointUsageView[]> {
      const byDirectory = new Map<string, { workspace: Workspace; agents: string[] }>();
      for (const workspace of deps.workspaces.list()) {
        const entry = byDirectory.get(workspace.directory) ?? { workspace, agents: [] };
        entry.agents.push(deps.agentHandle(workspace.agentId) ?? workspace.agentId);
        byDirectory.set(workspace.directory, entry);
      }
      const views: CheckpointUsageView[] = [];
      for (const { workspace, agents } of byDirectory.values()) {
        const used = await history.usage(workspace).catch(() => ({ bytes: 0, checkpoints: 0 }));
        views.push({ workspace: workspace.directory, agents, ...used });
      }
      return views;
    },

    async clear(directory: string): Promise<void> {
      const workspace = deps.workspaces.list().find((w) => w.directory === directory);
      if (!workspace)
        throw new RestoreRefusal('refused: no agent works in that directory, so Paddock keeps no checkpoints of it');
      if (deps.lock.holderOf(directory))
        throw new RestoreRefusal(
          `refused: ${deps.lock.holderOf(directory)} is working in this workspace; clear its checkpoints when it ends`,
        );
      await history.clear(workspace);
    },
  };
}

export type Checkpoints = ReturnType<typeof createCheckpoints>;
