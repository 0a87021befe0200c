import { describe, expect, it } from 'vitest';
import { CALL_NAMES, requestSchemas } from '../../src/shared/ipc';

describe('the typed contract', () => {
  it('lists exactly the calls it declares (the preload exposes these names and no others)', () => {
    expect([...CALL_NAMES].sort()).toEqual(Object.keys(requestSchemas).sort());
  });
  it('rejects unknown fields in every request (strict schemas)', () => {
    for (const name of CALL_NAMES) {
      expect(requestSchemas[name].safeParse({ __proto_pollution__: 1 }).success, name).toBe(false);
    }
  });
});
