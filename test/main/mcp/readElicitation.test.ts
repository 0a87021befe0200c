// What a client's answer to an elicitation means: only an explicit tick approves; a decline or an
// empty answer within a moment is a client that asked nobody, not the owner's no.
import { describe, expect, it } from 'vitest';
import { readElicitation, UNANSWERED_WITHIN_MS } from '../../../src/main/mcp/session';

describe('readElicitation', () => {
  const later = UNANSWERED_WITHIN_MS + 1;
  it.each([
    ['accept', true, 10, 'approve'],
    ['accept', true, later, 'approve'],
    ['accept', false, 10, 'deny'],
    ['accept', false, later, 'deny'],
    ['accept', undefined, 10, 'unanswered'],
    ['accept', 'yes', 10, 'unanswered'],
    ['accept', undefined, later, 'deny'],
    ['decline', undefined, 0, 'unanswered'],
    ['decline', undefined, UNANSWERED_WITHIN_MS - 1, 'unanswered'],
    ['decline', undefined, later, 'deny'],
    ['cancel', undefined, 5, 'unanswered'],
    ['cancel', undefined, later, 'deny'],
  ] as const)('%s with approve=%s after %d ms → %s', (action, approve, elapsed, expected) => {
    expect(readElicitation(action, approve, elapsed)).toBe(expected);
  });
});
