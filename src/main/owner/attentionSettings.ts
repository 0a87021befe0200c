// The owner's notification choices (issue 32 item 1), kept in Settings (key `attention`): read
// leniently (anything malformed is the default) and merged field by field.
import { ATTENTION_KINDS, DEFAULT_ATTENTION, type AttentionKind, type AttentionSettings } from '../../shared/domain';

export const ATTENTION_KEY = 'attention';

export interface AttentionSettingsPatch {
  enabled?: boolean;
  sound?: boolean;
  kinds?: Partial<Record<AttentionKind, boolean>>;
}

export function readAttentionSettings(raw: unknown): AttentionSettings {
  const stored = (raw && typeof raw === 'object' ? raw : {}) as Partial<AttentionSettings>;
  const kinds = { ...DEFAULT_ATTENTION.kinds };
  for (const kind of ATTENTION_KINDS) {
    const value = (stored.kinds as Partial<Record<AttentionKind, unknown>> | undefined)?.[kind];
    if (typeof value === 'boolean') kinds[kind] = value;
  }
  return {
    enabled: typeof stored.enabled === 'boolean' ? stored.enabled : DEFAULT_ATTENTION.enabled,
    sound: typeof stored.sound === 'boolean' ? stored.sound : DEFAULT_ATTENTION.sound,
    kinds,
  };
}

export function mergeAttentionSettings(current: AttentionSettings, patch: AttentionSettingsPatch): AttentionSettings {
  return {
    enabled: patch.enabled ?? current.enabled,
    sound: patch.sound ?? current.sound,
    kinds: {
      ...current.kinds,
      ...Object.fromEntries(Object.entries(patch.kinds ?? {}).filter(([, value]) => typeof value === 'boolean')),
    },
  };
}

export interface AttentionChoices {
  get(): AttentionSettings;
  set(patch: AttentionSettingsPatch): AttentionSettings;
}

/** The choices as Settings keeps them: read on every ask, a change merged into what is kept. */
export function createAttentionChoices(settings: {
  get<T>(key: string, fallback: T): T;
  set(key: string, value: unknown): void;
}): AttentionChoices {
  const choices: AttentionChoices = {
    get: () => readAttentionSettings(settings.get<unknown>(ATTENTION_KEY, null)),
    set(patch) {
      const next = mergeAttentionSettings(choices.get(), patch);
      settings.set(ATTENTION_KEY, next);
      return next;
    },
  };
  return choices;
}
