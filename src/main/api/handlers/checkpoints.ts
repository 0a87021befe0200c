import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

type CheckpointCalls = 'checkpoints.list' | 'checkpoints.undo' | 'checkpoints.restoreBefore' | 'checkpoints.usage' | 'checkpoints.clear' | 'checkpoints.setOptions';

// Undo and restore (issue 20): the window asks, the core draws the card; the answer goes through cards.answer.
export function checkpointHandlers(core: CoreApi): Pick<Handlers, CheckpointCalls> {
  return {
    'checkpoints.list': (request) => core.listCheckpoints(request.conversationId),
    'checkpoints.undo': (request) => core.undoCheckpoint(request.checkpointId),
    'checkpoints.restoreBefore': (request) => core.restoreBefore(request.conversationId, request.messageId),
    'checkpoints.usage': () => core.checkpointUsage(),
    'checkpoints.clear': async (request) => {
      await core.clearCheckpoints(request.workspace);
      return { cleared: true };
    },
    'checkpoints.setOptions': (request) => core.setCheckpointOptions(request),
  };
}
