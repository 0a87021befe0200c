// One cookie reader for both listeners (issue 15): the window's session cookie and a preview's ticket
// cookie are read by the same function, with the same trimming.
import { describe, expect, it } from 'vitest';
import { cookieValues } from '../../../src/main/preview/headers';

describe('cookieValues', () => {
  it.each([
    [undefined, 's', []],
    ['', 's', []],
    ['s=1', 's', ['1']],
    ['a=1; s=2; s=3', 's', ['2', '3']],
    ['  s = 2 ;s=3  ', 's', ['2', '3']],
    ['ss=1; s=2', 's', ['2']],
    ['=1; s', 's', []],
    ['s=a=b', 's', ['a=b']],
    ['paddock_session_x=tossed; paddock_session_x=real', 'paddock_session_x', ['tossed', 'real']],
  ] as const)('%j offers %j: %j', (header, name, values) => {
    expect(cookieValues(header, name)).toEqual(values);
  });
});
