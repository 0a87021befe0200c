// Repository for `settings`: a key → JSON value table for instance-wide choices.
import type { Db } from './database';

export function createSettingsRepository(db: Db) {
  const read = db.prepare<[string], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const write = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  return {
    get<T>(key: string, fallback: T): T {
      const row = read.get(key);
      if (!row) return fallback;
      try {
        return JSON.parse(row.value) as T;
      } catch {
        return fallback;
      }
    },
    set(key: string, value: unknown): void {
      write.run(key, JSON.stringify(value));
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
