// One spelling of an agent handle for the window and `paddock mcp --agent` (issue 15: one home per rule).
import { describe, expect, it } from 'vitest';
import {
  normaliseHandle,
  ownerNewAgent,
  DEFAULT_ANTHROPIC_MODEL,
  DEVELOPER_SCOPES,
} from '../../../src/main/agent/defaultAgent';

describe('normaliseHandle', () => {
  it.each([
    ['dev', '@dev'],
    ['@dev', '@dev'],
    ['  @Dev_2 ', '@Dev_2'],
    ['a'.repeat(40), `@${'a'.repeat(40)}`],
  ])('%j → %j', (input, expected) => expect(normaliseHandle(input)).toBe(expected));

  it.each(['', '@', '@@dev', '-dev', 'de v', 'dév', 'a'.repeat(41), '@dev/..'])('refuses %j', (input) => {
    expect(() => normaliseHandle(input)).toThrow(/letters, digits, - or _/);
  });

  it('gives an owner-made agent the developer defaults for what the owner left out', () => {
    expect(ownerNewAgent({ name: 'B', handle: 'b' })).toEqual({
      name: 'B',
      handle: '@b',
      provider: 'anthropic',
      model: DEFAULT_ANTHROPIC_MODEL,
      scopes: [...DEVELOPER_SCOPES],
      mode: undefined,
    });
  });
});
