// The remembered_commands repository against a real SQLite file (SPEC §11).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src/main/store/database';
import { createRememberedCommandsRepository, RememberError } from '../../../src/main/store/rememberedCommands';

let dir: string;
let db: Db;

function addAgent(id: string): void {
  db.prepare(
    `INSERT INTO agents (id, name, handle, provider, model, scopes, max_output_tokens, created_at)
     VALUES (?, ?, ?, 'anthropic', 'm', '[]', 1000, ?)`,
  ).run(id, id, `@${id}`, new Date().toISOString());
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-remembered-'));
  db = openDatabase(dir);
  addAgent('a1');
  addAgent('a2');
});
afterEach(() => {
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('remembered commands repository', () => {
  it('remembers, lists per agent and directory, lists all, and forgets', () => {
    const repo = createRememberedCommandsRepository(db);
    const exact = repo.remember({
      agentId: 'a1',
      directory: '/w',
      argv: ['npm', 'install', 'left-pad'],
      kind: 'exact',
    });
    const prefix = repo.remember({
      agentId: 'a1',
      directory: '/w',
      argv: ['npm', 'install', 'left-pad'],
      kind: 'prefix',
    });
    repo.remember({ agentId: 'a1', directory: '/elsewhere', argv: ['make'], kind: 'exact' });
    repo.remember({ agentId: 'a2', directory: '/w', argv: ['make'], kind: 'exact' });

    expect(exact).toMatchObject({
      agentId: 'a1',
      directory: '/w',
      argv: ['npm', 'install', 'left-pad'],
      kind: 'exact',
    });
    expect(prefix.argv).toEqual(['npm', 'install']); // a prefix keeps the program and subcommand
    expect(repo.listFor('a1', '/w').map((r) => r.id)).toEqual([exact.id, prefix.id]);
    expect(repo.listFor('a2', '/elsewhere')).toEqual([]);
    expect(repo.listAll()).toHaveLength(4);

    expect(repo.forget(exact.id)).toBe(true);
    expect(repo.forget(exact.id)).toBe(false);
    expect(repo.listFor('a1', '/w').map((r) => r.id)).toEqual([prefix.id]);
  });

  it('records when an entry last let a command through, null until then (migration 004)', () => {
    const repo = createRememberedCommandsRepository(db);
    const entry = repo.remember({ agentId: 'a1', directory: '/w', argv: ['npm', 'run', 'e2e'], kind: 'exact' });
    expect(entry.lastUsedAt).toBeNull();
    repo.markUsed(entry.id, new Date('2026-11-30T10:00:00.000Z'));
    expect(repo.listFor('a1', '/w')[0]!.lastUsedAt).toBe('2026-11-30T10:00:00.000Z');
    repo.markUsed(entry.id, new Date('2026-11-30T11:00:00.000Z'));
    expect(repo.listAll()[0]!.lastUsedAt).toBe('2026-11-30T11:00:00.000Z');
    const versions = db.prepare('SELECT version FROM schema_migrations ORDER BY version').pluck().all();
    expect(versions).toContain(4);
  });

  it('remembering the same thing twice keeps one row', () => {
    const repo = createRememberedCommandsRepository(db);
    const first = repo.remember({ agentId: 'a1', directory: '/w', argv: ['make', 'test'], kind: 'exact' });
    const again = repo.remember({ agentId: 'a1', directory: '/w', argv: ['make', 'test'], kind: 'exact' });
    expect(again.id).toBe(first.id);
    expect(repo.listAll()).toHaveLength(1);
  });

  it('refuses a one-word prefix and an empty argv', () => {
    const repo = createRememberedCommandsRepository(db);
    expect(() => repo.remember({ agentId: 'a1', directory: '/w', argv: ['rm'], kind: 'prefix' })).toThrow(
      RememberError,
    );
    expect(() => repo.remember({ agentId: 'a1', directory: '/w', argv: [], kind: 'exact' })).toThrow(RememberError);
  });

  it('goes with its agent, and survives a reopen', () => {
    const repo = createRememberedCommandsRepository(db);
    repo.remember({ agentId: 'a1', directory: '/w', argv: ['make'], kind: 'exact' });
    repo.remember({ agentId: 'a2', directory: '/w', argv: ['make'], kind: 'exact' });
    db.prepare('DELETE FROM agents WHERE id = ?').run('a1');
    db.close();
    db = openDatabase(dir);
    expect(
      createRememberedCommandsRepository(db)
        .listAll()
        .map((r) => r.agentId),
    ).toEqual(['a2']);
  });
});
