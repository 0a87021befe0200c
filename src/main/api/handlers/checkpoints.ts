import { RestoreRefusal } from '../../checkpoints';
import type { CoreApi } from '../coreApi';
import { ApiRefusal, type Handlers } from '../router';

type CheckpointCalls = 'checkpoints.list' | 'checkpoints.undo' | 'checkpoints.restoreBefore' | 'checkpoints.usage' | 'checkpoints.clear' | 'checkpoints.setOptions';

/** A refusal the owner reads (a turn working, a pruned history) rather than an internal error. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RestoreRefusal) throw new ApiRefusal('refused', error.message);
    throw error;
  }
}

// Undo and restore (issue 20): the window asks, the core draws the card; the answer goes through cards.answer.
export function checkpointHandlers(core: CoreApi): Pick<Handlers, CheckpointCalls> {
  return {
    'checkpoints.list': (request) => core.checkpoints.list(request.conversationId),
    'checkpoints.undo': (request) => refusing(() => core.checkpoints.undo(request.checkpointId)),
    'checkpoints.restoreBefore': (request) => refusing(() => core.checkpoints.restoreBefore(request.conversationId, request.messageId)),
    'checkpoints.usage': async () => ({ usage: await core.checkpoints.usage(), options: core.checkpoints.options() }),
    'checkpoints.clear': async (request) => {
      await refusing(() => core.checkpoints.clear(request.workspace));
      return { cleared: true };
    },
    'checkpoints.setOptions': (request) => core.checkpoints.setOptions(request),
  };
}
