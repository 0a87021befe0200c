import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

// Settings → Models (issue 16): the context-window and price tables; the core checks every edit.
export function modelHandlers(core: CoreApi): Pick<Handlers, 'models.tables' | 'models.setOverrides'> {
  return {
    'models.tables': () => core.modelTables(),
    'models.setOverrides': (request) => core.setModelOverrides(request),
  };
}
