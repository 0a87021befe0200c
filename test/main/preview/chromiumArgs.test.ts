// The screenshot browser keeps Chromium's own sandbox: the page is the agent's. Only as root, where
// Chromium will not start sandboxed, is --no-sandbox passed (issue 18 item 2).
import { describe, expect, it } from 'vitest';
import { chromiumArgs } from '../../../src/main/preview/chromiumCapture';

describe('chromiumArgs', () => {
  it('keeps the sandbox for an ordinary user', () => {
    expect(chromiumArgs(false)).not.toContain('--no-sandbox');
    expect(chromiumArgs(false)).toContain('--headless');
  });

  it('passes --no-sandbox only as root', () => {
    expect(chromiumArgs(true)).toContain('--no-sandbox');
  });
});
