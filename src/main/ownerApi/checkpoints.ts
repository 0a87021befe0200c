// Undo and restore: the owner asks, the core draws the card; the answer goes through cards.answer.
// A turn working or a pruned history is a refusal the owner reads (RestoreRefusal), not an internal error.
import type { DomainApi } from '../api/coreApi';
import { RestoreRefusal } from '../checkpoints';
import { refusingAsync } from './lookups';
import type { CoreServices } from './services';

export function checkpointsCalls(core: CoreServices): DomainApi<'checkpoints'> {
  return {
    list: (request) => core.checkpoints.list(request.conversationId),
    undo: (request) => refusingAsync(RestoreRefusal, () => core.checkpoints.undo(request.checkpointId)),
    restoreBefore: (request) =>
      refusingAsync(RestoreRefusal, () => core.checkpoints.restoreBefore(request.conversationId, request.messageId)),
    usage: async () => ({ usage: await core.checkpoints.usage(), options: core.checkpoints.options() }),
    async clear(request) {
      await refusingAsync(RestoreRefusal, () => core.checkpoints.clear(request.workspace));
      return { cleared: true };
    },
    setOptions: (request) => core.checkpoints.setOptions(request),
  };
}
