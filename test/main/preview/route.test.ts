// What the preview listener accepts as a path and a Host (SPEC §9), as a table.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameAncestors, isCrossOriginRequest, isOwnHost, parsePreviewRoute } from '../../../src/main/preview/route';

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
      kind: 'app',
      name: 'web',
      prefix: '/preview/developer/web/',
      path: '/src/main.ts?v=1',
      ticket: null,
      cleanUrl: '/preview/developer/web/src/main.ts?v=1',
    });
    expect(parsePreviewRoute('/preview/developer/web/?ticket=abc&tab=2')).toMatchObject({
      path: '/?tab=2',
      ticket: 'abc',
      cleanUrl: '/preview/developer/web/?tab=2',
    });
    expect(parsePreviewRoute('/preview/developer/web/?ticket=abc')).toMatchObject({
      path: '/',
      cleanUrl: '/preview/developer/web/',
    });
    expect(parsePreviewRoute('/preview/developer/web?y=2')).toEqual({
      kind: 'slash',
      name: 'web',
      location: '/preview/developer/web/?y=2',
    });
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

describe('isCrossOriginRequest (each preview its own origin)', () => {
  const OWN = 'http://127.0.0.1:4100';
  it.each([
    // [Sec-Fetch-Site, Sec-Fetch-Mode, Origin, upgrade, refused]
    ['same-origin', 'cors', undefined, false, false],
    ['none', 'navigate', undefined, false, false],
    ['same-site', 'navigate', undefined, false, false],
    ['cross-site', 'navigate', undefined, false, false],
    ['same-site', 'cors', undefined, false, true],
    ['same-site', 'no-cors', undefined, false, true],
    ['same-site', 'same-origin', undefined, false, true],
    ['cross-site', 'cors', undefined, false, true],
    ['same-site', 'websocket', 'http://127.0.0.1:4200', true, true],
    ['same-origin', 'websocket', OWN, true, false],
    [undefined, undefined, 'http://127.0.0.1:4200', true, true],
    [undefined, undefined, 'http://localhost:4100', true, true],
    [undefined, undefined, OWN, true, false],
    [undefined, undefined, undefined, true, false],
    [undefined, undefined, 'http://127.0.0.1:4200', false, false],
  ] as const)('site %s, mode %s, origin %s, upgrade %s → refused %s', (site, mode, origin, upgrade, refused) => {
    const headers = { 'sec-fetch-site': site, 'sec-fetch-mode': mode, origin };
    expect(isCrossOriginRequest(headers, OWN, upgrade)).toBe(refused);
  });

  it.each([
    ['same-site', 'POST'],
    ['cross-site', 'POST'],
    ['same-site', 'PUT'],
    ['same-site', 'DELETE'],
  ] as const)('refuses a %s form navigation with %s (another preview changing this app’s state)', (site, method) => {
    expect(isCrossOriginRequest({ 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' }, OWN, false, method)).toBe(
      true,
    );
    expect(
      isCrossOriginRequest({ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' }, OWN, false, method),
    ).toBe(false);
  });

  it('never lets a same-site or cross-site request through unless it is a GET or HEAD navigation', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('same-site', 'cross-site'),
        fc.string(),
        fc.option(fc.string()),
        fc.boolean(),
        fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        (site, mode, origin, upgrade, method) => {
          const refused = isCrossOriginRequest(
            { 'sec-fetch-site': site, 'sec-fetch-mode': mode, origin: origin ?? undefined },
            OWN,
            upgrade,
            method,
          );
          const navigation = mode === 'navigate' && (method === 'GET' || method === 'HEAD');
          return navigation ? refused === (upgrade && origin !== null && origin !== OWN) : refused;
        },
      ),
    );
  });

  it('lets only the preview itself and the window’s listeners frame a preview', () => {
    expect(frameAncestors([4000])).toBe("frame-ancestors 'self' http://127.0.0.1:4000 http://localhost:4000");
    expect(frameAncestors([])).toBe("frame-ancestors 'self'");
  });

  it('never opens a socket for a page of any other origin', () => {
    fc.assert(
      fc.property(
        fc.webUrl().map((u) => new URL(u).origin),
        (origin) => origin === OWN || isCrossOriginRequest({ origin }, OWN, true),
      ),
    );
  });
});
