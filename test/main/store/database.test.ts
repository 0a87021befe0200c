import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, StoreOpenError } from '../../../src/main/store/database';

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-db-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('creates the file in WAL mode with every migration applied once', () => {
    const dir = tempDir();
    const db = openDatabase(dir);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['agents', 'workspaces', 'settings', 'tool_calls']));
    db.close();
    const again = openDatabase(dir);
    expect(again.prepare('SELECT count(*) FROM schema_migrations').pluck().get()).toBeGreaterThan(0);
    again.close();
    expect(fs.existsSync(path.join(dir, 'paddock.db'))).toBe(true);
  });

  it('refuses rows that break the STRICT types and checks', () => {
    const db = openDatabase(tempDir());
    expect(() =>
      db
        .prepare(
          "INSERT INTO agents (id, name, handle, provider, model, scopes, mode, max_output_tokens, created_at) VALUES ('a','A','@a','anthropic','m','[]','yolo',10,'now')",
        )
        .run(),
    ).toThrow(/CHECK/);
    db.close();
  });

  it('stops with a sentence when the data directory cannot be opened', () => {
    const file = path.join(tempDir(), 'not-a-dir');
    fs.writeFileSync(file, 'x');
    expect(() => openDatabase(file)).toThrow(StoreOpenError);
    expect(() => openDatabase(file)).toThrow(/cannot open Paddock's data directory/);
  });

  it.runIf(process.platform === 'linux')(
    'refuses a data directory under /proc with a sentence instead of hanging (Node’s recursive mkdir loops there)',
    () => {
      expect(() => openDatabase('/proc/paddock-no-such-dir/data')).toThrow(/cannot open Paddock's data directory/);
    },
  );
});
