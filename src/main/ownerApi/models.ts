// Settings → Models: the context-window and price tables as they apply; every edit is checked by the core.
import type { DomainApi } from '../api/coreApi';
import { ModelTableRefusal } from '../agent/models';
import { refusing } from './lookups';
import type { CoreServices } from './services';

export function modelsCalls(core: CoreServices): DomainApi<'models'> {
  return {
    tables: () => core.modelTables.view(),
    setOverrides: (request) => refusing(ModelTableRefusal, () => core.modelTables.set(request)),
  };
}
