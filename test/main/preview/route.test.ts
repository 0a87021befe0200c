// What the preview listener accepts as a path and a Host (SPEC §9), as a table.
import { describe, expect, it } from 'vitest';
import { isOwnHost, parsePreviewRoute } from '../../../src/main/preview/route';

describe('parsePreviewRoute', () => {
  it.each([
    ['/', 'none'],
    ['/api/preview/developer/app/', 'none'],
    ['/preview/', 'none'],
    ['/preview/browser/app/', 'none'],
    ['/preview/developer/', 'none'],
    ['/preview/developer/../', 'none'],
    ['/preview/developer/./', 'none'],
    ['/preview/developer/a%2Fb/', 'none'],
    ['/preview/developer/a b/', 'none'],
    ['http://127.0.0.1:1/preview/developer/app/', 'none'],
    ['/preview/developer/app', 'slash'],
    ['/preview/developer/app?x=1', 'slash'],
    ['/preview/developer/app/', 'app'],
  ])('%s → %s', (url, kind) => {
    expect(parsePreviewRoute(url).kind).toBe(kind);
  });

  it('strips the prefix and the ticket, keeping the app’s own query', () => {
    expect(parsePreviewRoute('/preview/developer/web/src/main.ts?v=1')).toEqual({
      kind: 'app', name: 'web', prefix: '/preview/developer/web/', path: '/src/main.ts?v=1', ticket: null,
      cleanUrl: '/preview/developer/web/src/main.ts?v=1',
    });
    expect(parsePreviewRoute('/preview/developer/web/?ticket=abc&tab=2')).toMatchObject({
      path: '/?tab=2', ticket: 'abc', cleanUrl: '/preview/developer/web/?tab=2',
    });
    expect(parsePreviewRoute('/preview/developer/web/?ticket=abc')).toMatchObject({ path: '/', cleanUrl: '/preview/developer/web/' });
    expect(parsePreviewRoute('/preview/developer/web?y=2')).toEqual({ kind: 'slash', location: '/preview/developer/web/?y=2' });
  });
});

describe('isOwnHost', () => {
  it.each([
    ['127.0.0.1:4100', true],
    ['localhost:4100', true],
    ['127.0.0.1', false],
    ['localhost', false],
    ['127.0.0.1:4101', false],
    ['[::1]:4100', false],
    ['evil.example:4100', false],
    ['127.0.0.1.nip.io:4100', false],
  ])('%s → %s', (host, ok) => {
    expect(isOwnHost(host, 4100)).toBe(ok);
  });
  it('accepts an extra exact host only when given', () => {
    expect(isOwnHost('box.tail.ts.net:5173', 4100, ['box.tail.ts.net:5173'])).toBe(true);
    expect(isOwnHost(undefined, 4100)).toBe(false);
  });
});
