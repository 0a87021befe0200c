import { describe, expect, it } from 'vitest';
import { requestSchemas } from '../../src/shared/ipc';

const CALL_NAMES = Object.keys(requestSchemas) as (keyof typeof requestSchemas)[];

describe('the typed contract', () => {
  it('names every call domain.verb, which is the method the router dispatches it to', () => {
    for (const name of CALL_NAMES) expect(name, name).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/);
  });
  it('rejects unknown fields in every request (strict schemas)', () => {
    for (const name of CALL_NAMES) {
      expect(requestSchemas[name].safeParse({ __proto_pollution__: 1 }).success, name).toBe(false);
    }
  });
});
