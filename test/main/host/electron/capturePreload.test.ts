// The screenshot window's preload (src/preload/capture.ts) takes WebRTC out of the page: built as its
// own preload entry, it calls contextBridge.executeInMainWorld with the very function the web host's
// capture runs as an init script — and that function, run in a real Chromium page, leaves no way to
// open a peer connection, in the page or in a frame of it.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { REMOVE_WEBRTC_SCRIPT, removeWebRtc } from '../../../../src/shared/noWebRtc';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const CHROMIUM = process.env.PADDOCK_CHROMIUM ?? '/usr/bin/chromium';

describe('the capture preload', () => {
  it('is its own preload entry of the build', async () => {
    const config = (await import('../../../../electron.vite.config')).default as {
      preload: { build: { rollupOptions: { input: Record<string, string> } } };
    };
    expect(config.preload.build.rollupOptions.input.capture).toBe(path.join(ROOT, 'src/preload/capture.ts'));
  });

  it('runs removeWebRtc in the main world', async () => {
    const executeInMainWorld = vi.fn();
    vi.doMock('electron', () => ({ contextBridge: { executeInMainWorld } }));
    await import('../../../../src/preload/capture');
    expect(executeInMainWorld).toHaveBeenCalledWith({ func: removeWebRtc });
    vi.doUnmock('electron');
  });

  it.skipIf(!fs.existsSync(CHROMIUM))(
    'leaves a real page, and a frame of it, no peer connection',
    async () => {
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      try {
        const context = await browser.newContext();
        const page = await context.newPage();
        const html = `data:text/html,${encodeURIComponent('<iframe srcdoc="<p>inner</p>"></iframe>')}`;
        await page.goto(html);
        // (Expressions as text: the node tsconfig has no DOM types.)
        const before = await page.evaluate('typeof RTCPeerConnection');
        expect(before).toBe('function'); // the test can fail: the page had it
        await context.addInitScript({ content: REMOVE_WEBRTC_SCRIPT });
        await page.goto(html);
        await page.waitForFunction("document.querySelector('iframe')?.contentDocument?.body?.textContent === 'inner'");
        const after = await page.evaluate(
          "({ top: [typeof RTCPeerConnection, typeof webkitRTCPeerConnection, typeof RTCDataChannel], frame: typeof document.querySelector('iframe').contentWindow.RTCPeerConnection })",
        );
        expect(after).toEqual({ top: ['undefined', 'undefined', 'undefined'], frame: 'undefined' });
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
