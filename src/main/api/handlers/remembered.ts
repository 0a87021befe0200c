import type { CoreApi } from '../coreApi';
import { describeRemembered } from '../../policy';
import type { Handlers } from '../router';

// "Commands you allowed" (seed 003 §8): every "remember" the owner said on a card, with Forget.
export function rememberedHandlers(core: CoreApi): Pick<Handlers, 'remembered.list' | 'remembered.forget'> {
  return {
    'remembered.list': () => {
      const handles = new Map(core.agents.list().map((agent) => [agent.id, agent.handle]));
      return core.remembered.listAll().map((entry) => ({
        id: entry.id,
        agentId: entry.agentId,
        agentHandle: handles.get(entry.agentId) ?? '(removed agent)',
        directory: entry.directory,
        argv: entry.argv,
        kind: entry.kind,
        createdAt: entry.createdAt,
        matches: describeRemembered(entry.kind, entry.argv, entry.directory),
        lastUsedAt: entry.lastUsedAt ?? null,
      }));
    },
    'remembered.forget': (request) => {
      const forgotten = core.remembered.forget(request.id);
      if (forgotten) core.events.emit({ type: 'remembered.changed' });
      return { forgotten };
    },
  };
}
