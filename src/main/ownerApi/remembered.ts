// "Commands you allowed": every "remember" the owner said on a card, with what it matches, and Forget.
import type { DomainApi } from '../api/coreApi';
import { describeRemembered } from '../policy';
import type { CoreServices } from './services';

export function rememberedCalls(core: CoreServices): DomainApi<'remembered'> {
  return {
    list() {
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
    forget(request) {
      const forgotten = core.remembered.forget(request.id);
      if (forgotten) core.events.emit({ type: 'remembered.changed' });
      return { forgotten };
    },
  };
}
