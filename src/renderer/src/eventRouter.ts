// Routes the core's events to the stores. Every event passes one frame batcher, so a flood of text
// deltas or output chunks costs one state update per store per frame (the window stays typeable).
import { assertNever, type AgentEvent, type DelegationView, type ToolCallView } from '../../shared/domain';
import type { PaddockEvent } from '../../shared/ipc';
import { subscribe } from './api';
import { createFrameBatcher } from './lib/frameBatcher';
import { messageOf } from './lib/errors';
import { useAgentsStore } from './stores/useAgentsStore';
import { useAppStore } from './stores/useAppStore';
import { useSetupStore } from './stores/useSetupStore';
import { useCardsStore } from './stores/useCardsStore';
import { followConnection } from './stores/useConnectionStore';
import { useCheckpointsStore } from './stores/useCheckpointsStore';
import { useConversationStore } from './stores/useConversationStore';
import { useDelegationStore } from './stores/useDelegationStore';
import { useFilesStore } from './stores/useFilesStore';
import { usePreviewStore } from './stores/usePreviewStore';
import { useProcessesStore } from './stores/useProcessesStore';
import { useMcpStore } from './stores/useMcpStore';
import { useRememberedStore } from './stores/useRememberedStore';
import { useInstructionsStore } from './stores/useInstructionsStore';
import { usePlansStore } from './stores/usePlansStore';
import { useCommandsStore } from './stores/useCommandsStore';
import { useTodosStore } from './stores/useTodosStore';
import { isInstructionFileName } from './lib/instructionFiles';
import { useSidePaneStore } from './stores/useSidePaneStore';
import { useRepositoriesStore } from './stores/useRepositoriesStore';
import { useSummaryStore } from './stores/useSummaryStore';
import { useTasksStore } from './stores/useTasksStore';
import { useToolCallsStore } from './stores/useToolCallsStore';
import { useBudgetsStore } from './stores/useBudgetsStore';
import { openAttention, useAttentionStore } from './stores/useAttentionStore';

const fail = (reason: unknown): void => useAppStore.getState().showError(messageOf(reason));

/** The owner is busy in the side pane when the terminal is in front, or a file or diff is open in Files. */
function ownerBusyInPane(agentId: string): boolean {
  const tab = useSidePaneStore.getState().tab;
  if (tab === 'Terminal') return true;
  const files = useFilesStore.getState();
  return tab === 'Files' && (files.open[agentId] != null || files.diff[agentId] != null);
}

export function routeEvents(events: PaddockEvent[]): void {
  const agentEvents: AgentEvent[] = [];
  const changed: ToolCallView[] = [];
  const delegations: DelegationView[] = [];
  const output: { callId: string; chunk: string }[] = [];
  const progress: { agentId: string; line: string }[] = [];
  const reload = new Set<'agents' | 'processes' | 'remembered' | 'app'>();
  for (const event of events) {
    useAttentionStore.getState().follow(event);
    switch (event.type) {
      case 'conversation':
        agentEvents.push(event.event);
        if (event.event.type === 'budget')
          useBudgetsStore.getState().measured(event.event.conversationId, event.event.measures);
        break;
      case 'toolCall.changed':
        changed.push(event.call);
        break;
      case 'toolCall.output':
        output.push(event);
        break;
      case 'delegation.changed':
        delegations.push(event.delegation);
        break;
      case 'tasks.changed':
        void useTasksStore.getState().load().catch(fail);
        break;
      case 'repositories.progress':
        progress.push(event);
        break;
      case 'agents.changed':
        reload.add('agents');
        // The app's view says things per agent (how run mode decides, its sandbox line): a new one too.
        reload.add('app');
        break;
      case 'conversations.changed':
        void useConversationStore.getState().loadConversations(event.agentId).catch(fail);
        break;
      case 'processes.changed':
        reload.add('processes');
        break;
      case 'remembered.changed':
        reload.add('remembered');
        break;
      case 'plans.changed':
        void usePlansStore.getState().load(event.conversationId).catch(fail);
        break;
      case 'todos.changed':
        void useTodosStore.getState().load(event.conversationId).catch(fail);
        break;
      case 'instructions.changed':
        useInstructionsStore.getState().reloadWaiting(event.agentId);
        void useInstructionsStore.getState().loadPins().catch(fail);
        break;
      case 'sandbox.changed':
        reload.add('app');
        break;
      case 'mcp.changed':
        void useMcpStore.getState().load(event.agentId).catch(fail);
        break;
      case 'card.pending':
        useCardsStore.getState().added(event.card);
        break;
      case 'card.resolved':
        useCardsStore.getState().resolved(event.cardId);
        break;
      case 'summary.changed':
        void useSummaryStore.getState().load(event.agentId).catch(fail);
        break;
      case 'preview.shown':
        void usePreviewStore.getState().show(event.agentId, event.name, event.absoluteAssets);
        // The pane comes forward, unless the owner is reading a file or typing in the terminal.
        if (event.agentId === useAgentsStore.getState().selectedId)
          useSidePaneStore.getState().offer('Preview', ownerBusyInPane(event.agentId));
        break;
      case 'files.changed':
        useFilesStore.getState().filesChanged(event.agentId, event.paths);
        if (event.paths.some(isInstructionFileName)) useInstructionsStore.getState().reloadWaiting(event.agentId);
        if (event.paths.some((changed) => changed.startsWith('.paddock/')))
          void useCommandsStore.getState().load(event.agentId).catch(fail);
        break;
      case 'screenshot.taken':
        usePreviewStore.getState().screenshotTaken(event.agentId, event.name, event.file);
        break;
      case 'checkpoints.changed':
        // A turn ended or a restore ran: what can be undone and which messages are undone changed.
        void useCheckpointsStore.getState().load(event.conversationId).catch(fail);
        // While a turn streams, its end reloads the transcript and drops the streamed copy in one
        // update; loading now would show the turn's last words twice until then.
        if (!useConversationStore.getState().live[event.conversationId]?.working) {
          void useConversationStore.getState().loadLatest(event.conversationId).catch(fail);
        }
        break;
      case 'attention.open':
        openAttention(event);
        break;
      case 'terminal.data':
      case 'terminal.exit':
        // The terminal view subscribes on its own: xterm batches its own writes.
        break;
      default:
        assertNever(event);
    }
  }
  useToolCallsStore.getState().upsert(changed);
  useToolCallsStore.getState().appendOutput(output);
  useDelegationStore.getState().upsert(delegations);
  if (agentEvents.length > 0) useConversationStore.getState().applyAgentEvents(agentEvents);
  if (progress.length > 0) useRepositoriesStore.getState().appendProgress(progress);
  if (reload.has('agents')) void useAgentsStore.getState().load().catch(fail);
  if (reload.has('processes')) void useProcessesStore.getState().load().catch(fail);
  if (reload.has('remembered')) void useRememberedStore.getState().load().catch(fail);
  if (reload.has('app')) void useAppStore.getState().load().catch(fail);
}

/** Loads what the window shows at start and follows the core's events; returns the unsubscribe. */
export function startWindow(): () => void {
  void useAppStore
    .getState()
    .load()
    .then(() => useSetupStore.getState().openIfNotDone())
    .catch((reason: unknown) => {
      useSetupStore.getState().undecidable();
      fail(reason);
    });
  void useAgentsStore
    .getState()
    .load()
    .then(() => {
      // The selected agent's conversations are asked for at once, not once its pane has mounted:
      // the composer is usable one round trip sooner. The pane reads what is loaded.
      const agentId = useAgentsStore.getState().selectedId;
      if (agentId && useConversationStore.getState().byAgent[agentId] === undefined)
        return useConversationStore.getState().loadConversations(agentId);
    })
    .catch(fail);
  void useCardsStore.getState().load().catch(fail);
  void useProcessesStore.getState().load().catch(fail);
  void useRememberedStore.getState().load().catch(fail);
  void useAttentionStore.getState().load().catch(fail);
  const batcher = createFrameBatcher(routeEvents);
  const unsubscribe = subscribe((event) => batcher.push(event));
  // After a gap the window missed events: reload what it shows, and let the stored record say how
  // the turns that were streaming ended (a restarted core marks them interrupted).
  const unfollow = followConnection(() => {
    void useAppStore.getState().load().catch(fail);
    void useAgentsStore.getState().load().catch(fail);
    void useCardsStore.getState().load().catch(fail);
    void useProcessesStore.getState().load().catch(fail);
    void useRememberedStore.getState().load().catch(fail);
    useConversationStore.getState().reloadAfterGap();
  });
  return () => {
    unfollow();
    unsubscribe();
    batcher.flushNow();
  };
}
