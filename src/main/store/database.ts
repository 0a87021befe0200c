import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS, type Migration } from './migrations';

export type Db = Database.Database;

export class StoreOpenError extends Error {}

/**
 * mkdir -p one component at a time. Node's own recursive mkdir never returns for some paths
 * (under /proc it loops on ENOENT), and a data directory that cannot be made must be a sentence.
 */
export function ensureDirectory(dir: string, mode = 0o700): void {
  const missing: string[] = [];
  let current = path.resolve(dir);
  while (!fs.existsSync(current)) {
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const component of missing) fs.mkdirSync(component, { mode });
  if (!fs.statSync(dir).isDirectory()) throw new Error(`${dir} is not a directory`);
}

/** The sentence for a failed open: a native module built for another Node is not the data directory's fault. */
export function openFailure(dataDir: string, error: Error & { code?: string }, runtime = process.versions): string {
  const builtFor = /NODE_MODULE_VERSION (\d+)\. This version of Node\.js requires\s+NODE_MODULE_VERSION (\d+)/.exec(
    error.message,
  );
  if (error.code === 'ERR_DLOPEN_FAILED' || builtFor) {
    const which = builtFor
      ? ` (built for module version ${builtFor[1]}; this Node ${runtime.node} needs ${builtFor[2]})`
      : '';
    return (
      `Paddock's database module (better-sqlite3) cannot load in this Node, ${runtime.node}${which}: it was built for another Node. ` +
      'Run Paddock with the Node it was built for (22.13 or later; give the client the absolute path of that node), ' +
      'or rebuild it for this one with `npm run natives:node`'
    );
  }
  return `cannot open Paddock's data directory ${dataDir}: ${error.message}`;
}

/** Opens (creating if needed) `<dataDir>/paddock.db` in WAL mode and applies pending migrations. */
export function openDatabase(dataDir: string, migrations: readonly Migration[] = MIGRATIONS): Db {
  let db: Db;
  try {
    ensureDirectory(dataDir);
    db = new Database(path.join(dataDir, 'paddock.db'));
  } catch (error) {
    throw new StoreOpenError(openFailure(dataDir, error as Error & { code?: string }));
  }
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  applyMigrations(db, migrations);
  return db;
}

export function applyMigrations(db: Db, migrations: readonly Migration[]): void {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT',
  );
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  const record = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    })();
  }
}
