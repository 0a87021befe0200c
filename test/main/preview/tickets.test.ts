// Preview credentials (SPEC §9): a single-use ticket becomes a session; a session handle lets the
// listener ask again about that same session without the secret (issue 22 item 4).
import { describe, expect, it } from 'vitest';
import { createPreviewCredentials } from '../../../src/main/preview/tickets';

function world(): { clock: { t: number }; credentials: ReturnType<typeof createPreviewCredentials> } {
  const clock = { t: 1_000_000 };
  return { clock, credentials: createPreviewCredentials(() => clock.t) };
}

describe('sessions', () => {
  it('opens a session once per ticket, for the scope it was issued for', () => {
    const { credentials } = world();
    const ticket = credentials.issueTicket('a/web');
    expect(credentials.redeemTicket('a/api', ticket)).toBeNull();
    expect(credentials.redeemTicket('a/web', ticket)).toBeNull();
    const fresh = credentials.issueTicket('a/web');
    const secret = credentials.redeemTicket('a/web', fresh);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(credentials.hasSession('a/web', [secret as string])).toBe(true);
    expect(credentials.hasSession('a/api', [secret as string])).toBe(false);
  });

  it('finds the session among several offered values, and none for wrong ones', () => {
    const { credentials } = world();
    const secret = credentials.redeemTicket('a/web', credentials.issueTicket('a/web')) as string;
    expect(credentials.sessionOf('a/web', ['nope', secret, 'other'])).not.toBeNull();
    expect(credentials.sessionOf('a/web', ['nope', 'other'])).toBeNull();
    expect(credentials.sessionOf('a/web', [])).toBeNull();
  });

  it('says a handle is no longer live once its session expired', () => {
    const { clock, credentials } = world();
    const secret = credentials.redeemTicket('a/web', credentials.issueTicket('a/web')) as string;
    const handle = credentials.sessionOf('a/web', [secret]);
    expect(handle).not.toBeNull();
    expect(credentials.stillLive('a/web', handle!)).toBe(true);
    expect(credentials.stillLive('a/api', handle!)).toBe(false);
    clock.t += 24 * 60 * 60 * 1000;
    expect(credentials.stillLive('a/web', handle!)).toBe(false);
    expect(credentials.sessionOf('a/web', [secret])).toBeNull();
  });

  it('says a handle is no longer live once newer sessions pushed it out', () => {
    const { credentials } = world();
    const secret = credentials.redeemTicket('a/web', credentials.issueTicket('a/web')) as string;
    const handle = credentials.sessionOf('a/web', [secret])!;
    for (let i = 0; i < 32; i++) credentials.redeemTicket('a/web', credentials.issueTicket('a/web'));
    expect(credentials.stillLive('a/web', handle)).toBe(false);
    expect(credentials.hasSession('a/web', [secret])).toBe(false);
  });

  it('does not take a handle made up by the caller', () => {
    const { credentials } = world();
    credentials.redeemTicket('a/web', credentials.issueTicket('a/web'));
    expect(credentials.stillLive('a/web', { expiresAt: Number.MAX_SAFE_INTEGER })).toBe(false);
  });
});
