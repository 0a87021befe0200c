// Settings → Models: the owner's overrides of the known context windows and prices, saved in
// settings and read at every model request; every edit is checked (ModelTableRefusal) before it is saved.
import type { ModelTablesView } from '../../shared/domain';
import type { SettingsRepository } from '../store/settings';
import {
  MODEL_CONTEXT_WINDOWS_KEY,
  MODEL_PRICES_KEY,
  modelTablesView,
  validateModelOverrides,
  type ModelOverrides,
  type ModelOverridesInput,
} from './models';

export interface ModelTables {
  overrides(): ModelOverrides;
  view(): ModelTablesView;
  set(input: ModelOverridesInput): ModelTablesView;
}

export function createModelTables(settings: SettingsRepository): ModelTables {
  const overrides = (): ModelOverrides => ({
    contextWindows: settings.get<Record<string, number>>(MODEL_CONTEXT_WINDOWS_KEY, {}),
    prices: settings.get<ModelOverrides['prices']>(MODEL_PRICES_KEY, {}),
  });
  return {
    overrides,
    view: () => modelTablesView(overrides()),
    set(input) {
      const checked = validateModelOverrides(input);
      settings.set(MODEL_CONTEXT_WINDOWS_KEY, checked.contextWindows);
      settings.set(MODEL_PRICES_KEY, checked.prices);
      return modelTablesView(checked);
    },
  };
}
