// Issue 18 item 1: the window's renderer comes from app://paddock/ through protocol.handle, and the
// policy in effect is the Content-Security-Policy header of the handler's responses — read here
// from the responses themselves, on a real renderer directory with a real link pointing out of it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  ELECTRON_CSP,
  registerAppScheme,
  serveRenderer,
} from '../../../../src/main/host/electron/appScheme';
import { rendererEntry } from '../../../../src/main/host/electron/window';
import { FakeProtocol } from '../../../support/fakeElectron';

let root: string;
let protocol: FakeProtocol;

beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-scheme-')));
  const renderer = path.join(root, 'renderer');
  fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(renderer, 'index.html'),
    '<!doctype html><title>Paddock</title><script type="module" src="./assets/index.js"></script>',
  );
  fs.writeFileSync(path.join(renderer, 'assets', 'index.js'), 'console.log("window")');
  fs.writeFileSync(path.join(root, 'secret.txt'), 'owner secret');
  fs.symlinkSync(path.join(root, 'secret.txt'), path.join(renderer, 'assets', 'leak.txt'));
  protocol = new FakeProtocol();
  registerAppScheme(protocol);
  serveRenderer(protocol, renderer);
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** The policy in effect, parsed from the header: directive → sources. */
function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy');
  expect(header, 'every response carries a CSP header').toBeTruthy();
  return new Map(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('the app:// scheme', () => {
  it('is registered privileged as a standard, secure scheme before ready', () => {
    expect(protocol.privileged).toEqual([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }),
    ]);
  });

  it('serves index.html with a strict CSP as a real response header', async () => {
    const response = await protocol.fetch(APP_ENTRY_URL);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('<title>Paddock</title>');
    const policy = policyOf(response);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    for (const sources of policy.values()) {
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain('*');
    }
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the scripts with the same policy and the right type', async () => {
    const response = await protocol.fetch(`${APP_ORIGIN}/assets/index.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(ELECTRON_CSP);
  });

  it('refuses paths that climb out, links that point out, other hosts and writes — each with the CSP', async () => {
    const refused = [
      await protocol.fetch(`${APP_ORIGIN}/..%2f..%2fsecret.txt`),
      await protocol.fetch(`${APP_ORIGIN}/assets/leak.txt`),
      await protocol.fetch(`${APP_ORIGIN}/nothing-here.js`),
      await protocol.fetch('app://elsewhere/index.html'),
      await protocol.fetch(APP_ENTRY_URL, { method: 'POST', body: 'x' }),
    ];
    expect(refused.map((response) => response.status)).toEqual([404, 404, 404, 404, 405]);
    for (const response of refused) {
      expect(await response.text()).not.toContain('owner secret');
      expect(response.headers.get('content-security-policy')).toBe(ELECTRON_CSP);
    }
  });
});

describe('the window entry', () => {
  it('is app://paddock/index.html when packaged, whatever ELECTRON_RENDERER_URL says', () => {
    expect(rendererEntry(true, { ELECTRON_RENDERER_URL: 'http://evil.example/' })).toBe(APP_ENTRY_URL);
    expect(rendererEntry(true, {})).toBe(APP_ENTRY_URL);
  });

  it('is the dev server only in an unpackaged build', () => {
    expect(rendererEntry(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173' })).toBe('http://localhost:5173/');
    expect(rendererEntry(false, {})).toBe(APP_ENTRY_URL);
    expect(APP_ENTRY_URL.startsWith('file:')).toBe(false);
  });
});
