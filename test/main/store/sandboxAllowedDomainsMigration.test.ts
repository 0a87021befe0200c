// Migration 010 (issue 13): the old all-or-nothing `network` choice is dropped from every agent's
// sandbox choices; the rest (uncontained shell, allowed domains) stays as it was.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration010 } from '../../../src/main/store/migrations/010_sandbox_allowed_domains';

function settingsTable(rows: Record<string, string>) {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT');
  for (const [key, value] of Object.entries(rows)) db.prepare('INSERT INTO settings VALUES (?, ?)').run(key, value);
  return db;
}

describe('migration 010', () => {
  it('drops `network` from each agent and keeps everything else', () => {
    const db = settingsTable({
      'sandbox.agentChoices': JSON.stringify({
        a1: { network: 'on', uncontainedShell: true },
        a2: { network: 'off', allowedDomains: ['pypi.org'] },
      }),
      other: JSON.stringify({ network: 'on' }),
    });
    db.exec(migration010.sql);
    const read = (key: string) =>
      JSON.parse(db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string);
    expect(read('sandbox.agentChoices')).toEqual({
      a1: { uncontainedShell: true },
      a2: { allowedDomains: ['pypi.org'] },
    });
    expect(read('other')).toEqual({ network: 'on' });
  });

  it('leaves a value that is not a JSON object alone', () => {
    const db = settingsTable({ 'sandbox.agentChoices': 'not json' });
    db.exec(migration010.sql);
    expect(db.prepare('SELECT value FROM settings').pluck().get()).toBe('not json');
  });
});
