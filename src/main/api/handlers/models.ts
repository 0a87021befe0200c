import { ModelTableRefusal } from '../../agent/models';
import type { CoreApi } from '../coreApi';
import { ApiRefusal, type Handlers } from '../router';

// Settings → Models (issue 16): the context-window and price tables; the core checks every edit.
export function modelHandlers(core: CoreApi): Pick<Handlers, 'models.tables' | 'models.setOverrides'> {
  return {
    'models.tables': () => core.modelTables.view(),
    'models.setOverrides': (request) => {
      try {
        return core.modelTables.set(request);
      } catch (error) {
        if (error instanceof ModelTableRefusal) throw new ApiRefusal('refused', error.message);
        throw error;
      }
    },
  };
}
