import { create } from 'zustand';
import type { ModelTablesView } from '../../../shared/domain';
import { call } from '../api';

/** What Save sends: an empty field is null, and the core says which rule it breaks. */
export interface ModelOverridesDraft {
  contextWindows: Record<string, number | null>;
  prices: Record<string, Record<string, number | null>>;
}

// Settings → Models (issue 16): the context-window and price tables as they apply, and the owner's overrides.
interface ModelTablesState {
  view: ModelTablesView | null;
  load(): Promise<void>;
  save(overrides: ModelOverridesDraft): Promise<void>;
}

export const useModelTablesStore = create<ModelTablesState>((set) => ({
  view: null,
  async load() {
    set({ view: viewOrNull(await call('models.tables', {})) });
  },
  async save(overrides) {
    set({ view: viewOrNull(await call('models.setOverrides', overrides)) });
  },
}));

/** Only a whole answer replaces the table (as the checkpoints store does with its lists). */
function viewOrNull(view: ModelTablesView | undefined): ModelTablesView | null {
  return view && Array.isArray(view.rows) ? view : null;
}
