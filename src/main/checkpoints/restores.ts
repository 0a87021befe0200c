// "Undo this turn" and "Restore to before this message" (issue 20 §2, §3). Either asks the owner
// with a card through the core's approvals (the answer must be for this very plan: its hash), then
// restores, checkpointing the restore itself so it can be undone too, marks the taken-back messages
// undone and tells the model what was reverted.
import { randomUUID } from 'node:crypto';
import type { ProjectLock } from '../workspace/projectLock';
import type { PendingCards } from '../approvals/pendingCards';
import type { CheckpointRow, CheckpointsRepository } from '../store/checkpoints';
import type { ConversationsRepository } from '../store/conversations';
import type { ProcessRow } from '../store/processes';
import { applyPlan, type FileOutcome } from './apply';
import { describePlan, describeOutcome } from './cardText';
import type { CheckpointHistory } from './history';
import { planRestore, WorkspaceSwapping, type RestorePlan, type RevertedSpan } from './plan';
import { readBlobs } from './trees';
import { pathContextFor } from '../workspace/types';

export class RestoreRefusal extends Error {}

/** A plan read from a workspace whose links are being swapped is no plan: the owner is told why and what to do. */
function refuseWhileSwapping(error: unknown): never {
  if (error instanceof WorkspaceSwapping) throw new RestoreRefusal(error.message);
  throw error;
}

export interface RestoreDeps {
  history: CheckpointHistory;
  repository: CheckpointsRepository;
  conversations: ConversationsRepository;
  cards: PendingCards;
  lock: ProjectLock;
  home: string;
  dataDir: string;
  processes: { list(): ProcessRow[]; stop(agentId: string, name: string): Promise<unknown> };
  /** The conversation's checkpoints or messages changed (the window reloads them). */
  changed(conversationId: string): void;
  log(message: string): void;
}

/** What one restore takes back: the rows whose changes are reverted and the messages marked undone. */
interface RestoreRequest {
  conversationId: string;
  agentId: string;
  workspace: string;
  title: string;
  /** Every row whose changes are composed into the plan, oldest first (undone ones included: the order is what makes it exact). */
  rows: CheckpointRow[];
  /** The rows this restore marks undone (those not undone already). */
  reverts: number[];
  messages: number[];
  /** Undoing a restore gives back the rows and messages it had taken. */
  givesBack: boolean;
}

export function createRestores(deps: RestoreDeps) {
  function messagesOf(row: CheckpointRow, all: CheckpointRow[]): number[] {
    const next = all.find((other) => other.id > row.id && other.messagesFrom > row.messagesFrom);
    return deps.conversations
      .all(row.conversationId)
      .filter(
        (message) => message.id >= row.messagesFrom && (!next || message.id < next.messagesFrom) && !message.undone,
      )
      .map((message) => message.id);
  }

  function spansOf(rows: CheckpointRow[]): RevertedSpan[] {
    if (rows.some((row) => row.pruned)) {
      throw new RestoreRefusal(
        'refused: some of these checkpoints were removed to keep the history within its size budget, so the files cannot be restored exactly',
      );
    }
    return rows
      .filter(
        (row): row is CheckpointRow & { beforeTree: string; afterTree: string } =>
          row.beforeTree !== null && row.afterTree !== null,
      )
      .map((row) => ({
        id: row.id,
        beforeTree: row.beforeTree,
        afterTree: row.afterTree,
        beforeOversize: row.beforeOversize,
        afterOversize: row.afterOversize,
      }));
  }

  function startedProcesses(request: RestoreRequest): ProcessRow[] {
    const turns = request.rows.filter((row) => row.kind === 'turn');
    return deps.processes
      .list()
      .filter((process) => process.agentId === request.agentId && process.status === 'running')
      .filter((process) =>
        turns.some(
          (row) => process.startedAt >= row.startedAt && (row.endedAt === null || process.startedAt <= row.endedAt),
        ),
      );
  }

  async function propose(request: RestoreRequest): Promise<{ cardId: string }> {
    const spans = spansOf(request.rows);
    const recorded = request.rows.find((row) => row.beforeTree !== null && row.afterTree !== null) ?? null;
    const workspace = recorded ? deps.history.workspaceOf(recorded) : null;
    if (spans.length > 0 && !workspace) {
      throw new RestoreRefusal(
        "refused: the agent's workspace moved since these checkpoints were recorded, so they describe another directory",
      );
    }
    const holder = request.workspace ? deps.lock.holderOf(request.workspace) : null;
    if (holder)
      throw new RestoreRefusal(`refused: ${holder} is working in this workspace; wait for it to end or stop it first`);
    if (request.rows.some((row) => row.kind === 'turn' && row.beforeTree !== null && row.afterTree === null)) {
      throw new RestoreRefusal('refused: a turn in this range is still working; stop it or wait for it to end');
    }
    const repo = workspace && spans.length > 0 ? await deps.history.repoFor(workspace) : null;
    const plan: RestorePlan = repo
      ? await planRestore(repo, spans).catch(refuseWhileSwapping)
      : { files: [], hash: 'empty' };
    const processes = startedProcesses(request);
    const text = await describePlan(repo, request.title, plan, processes);
    const { card, outcome } = deps.cards.ask(
      {
        callId: `checkpoint-${randomUUID()}`,
        agentId: request.agentId,
        conversationId: request.conversationId,
        tool: 'checkpoint',
        args: { restore: request.title, checkpoints: request.rows.map((row) => row.id) },
        reason: text.reason,
        diff: text.diff,
        details: text.details,
        baseHash: plan.hash,
        choices:
          processes.length > 0
            ? [{ kind: 'stop-processes', label: `stop ${processes.map((p) => p.name).join(', ')}` }]
            : undefined,
      },
      new AbortController().signal,
    );
    void outcome.then(async (answer) => {
      if (answer.decision !== 'approve') return;
      try {
        await carryOut(request, plan, answer.choice === 'stop-processes' ? processes : []);
      } catch (error) {
        const message = `The restore failed: ${(error as Error).message}`;
        deps.log(message);
        deps.conversations.append(request.conversationId, { role: 'notice', text: message });
        deps.changed(request.conversationId);
      }
    });
    return { cardId: card.id };
  }

  async function carryOut(request: RestoreRequest, plan: RestorePlan, stop: ProcessRow[]): Promise<void> {
    const release = request.workspace ? acquire(request.workspace) : () => undefined;
    try {
      const recorded = request.rows.find((row) => row.beforeTree !== null && row.afterTree !== null) ?? null;
      const workspace = recorded && plan.files.length > 0 ? deps.history.workspaceOf(recorded) : null;
      let outcomes: FileOutcome[] = [];
      let restoreRow: CheckpointRow | null = null;
      if (workspace) {
        restoreRow = deps.repository.create({
          workspace: workspace.directory,
          agentId: request.agentId,
          conversationId: request.conversationId,
          kind: 'restore',
          turnId: null,
          messagesFrom: deps.repository.nextMessageId(),
        });
        // The restore is a checkpoint of its own: before and after, so it can be undone in turn. Only
        // the plan's paths can differ between the two, so only they are read from disk (no full scan):
        // every other path is the same in both trees, and an undo of the restore touches only these.
        const before = await deps.history.recordPaths(
          workspace,
          `${restoreRow.id}-before`,
          plan.files.map((file) => file.path),
        );
        deps.repository.setBefore(restoreRow.id, before.snapshot.tree, before.snapshot.oversize);
        const targets = plan.files.flatMap((file) =>
          file.status === 'restore' && file.target ? [file.target.oid] : [],
        );
        const blobs = await readBlobs(before.repo, targets);
        outcomes = applyPlan(pathContextFor(workspace, deps), plan.files, blobs);
        // Only the restored paths changed since "before": the after snapshot brings just those in.
        const touched = outcomes.filter((o) => o.outcome !== 'kept').map((o) => o.path);
        const after = await deps.history.recordPaths(workspace, `${restoreRow.id}-after`, touched);
        deps.repository.setAfter(restoreRow.id, after.snapshot.tree, after.snapshot.oversize);
      }
      for (const process of stop) await deps.processes.stop(process.agentId, process.name).catch(() => undefined);
      const said = describeOutcome(request.title, plan, outcomes, stop);
      const notice = deps.conversations.append(request.conversationId, {
        role: 'notice',
        text: said.owner,
        forModel: said.model,
      });
      if (!restoreRow) {
        // Nothing on disk to take back: the messages are still marked, under a row of their own.
        restoreRow = deps.repository.create({
          workspace: request.workspace,
          agentId: request.agentId,
          conversationId: request.conversationId,
          kind: 'restore',
          turnId: null,
          messagesFrom: notice.id,
        });
        deps.repository.end(restoreRow.id);
      }
      deps.repository.setMessagesFrom(restoreRow.id, notice.id);
      deps.repository.setSummary(restoreRow.id, said.summary);
      deps.repository.recordRestore(
        restoreRow.id,
        request.conversationId,
        request.reverts,
        request.messages,
        request.givesBack,
      );
    } finally {
      release();
      deps.changed(request.conversationId);
    }
  }

  function acquire(workspace: string): () => void {
    const attempt = deps.lock.tryAcquire(workspace, 'a checkpoint restore');
    if (!attempt.ok)
      throw new RestoreRefusal(`refused: ${attempt.heldBy} is working in this workspace, so nothing was restored`);
    return attempt.release;
  }

  return {
    /** "Undo this turn" (or "Undo this restore"): one row's changes and its messages. */
    async undo(checkpointId: number): Promise<{ cardId: string }> {
      const row = deps.repository.get(checkpointId);
      if (!row) throw new RestoreRefusal('refused: there is no such checkpoint');
      if (row.undoneBy !== null)
        throw new RestoreRefusal('refused: this was already undone; undo that restore instead to bring it back');
      const all = deps.repository.forConversation(row.conversationId);
      const title = row.kind === 'turn' ? 'Undo this turn' : 'Undo this restore';
      return propose({
        conversationId: row.conversationId,
        agentId: row.agentId,
        workspace: row.workspace,
        title,
        rows: [row],
        reverts: [row.id],
        messages: messagesOf(row, all),
        givesBack: row.kind === 'restore',
      });
    },

    /** "Restore to before this message": every turn and restore from the owner's message on. */
    async restoreBefore(conversationId: string, messageId: number): Promise<{ cardId: string }> {
      const message = deps.conversations.all(conversationId).find((m) => m.id === messageId);
      if (!message || message.role !== 'owner')
        throw new RestoreRefusal("refused: a restore starts at one of the owner's messages in this conversation");
      if (message.undone) throw new RestoreRefusal('refused: this message was already undone');
      const conversation = deps.conversations.get(conversationId);
      if (!conversation) throw new RestoreRefusal('refused: there is no such conversation');
      const rows = deps.repository.forConversation(conversationId).filter((row) => row.messagesFrom >= messageId);
      const workspace = rows[0]?.workspace ?? '';
      const messages = deps.conversations
        .all(conversationId)
        .filter((m) => m.id >= messageId && !m.undone)
        .map((m) => m.id);
      const reverts = rows.filter((row) => row.undoneBy === null).map((row) => row.id);
      return propose({
        conversationId,
        agentId: conversation.agentId,
        workspace,
        title: 'Restore to before this message',
        rows,
        reverts,
        messages,
        givesBack: false,
      });
    },
  };
}

export type Restores = ReturnType<typeof createRestores>;
