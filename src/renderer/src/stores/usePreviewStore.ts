import { create } from 'zustand';
import { call } from '../api';
import { messageOf } from '../lib/errors';

export interface PreviewState {
  name: string | null;
  url: string | null;
  absoluteAssets: boolean;
  error: string | null;
  screenshot: string | null;
}

const EMPTY: PreviewState = { name: null, url: null, absoluteAssets: false, error: null, screenshot: null };

interface PreviewStore {
  byAgent: Record<string, PreviewState>;
  show(agentId: string, name: string, absoluteAssets?: boolean): Promise<void>;
  /** A fresh single-use ticket URL: the one in the frame has been spent. */
  freshLink(agentId: string, name: string): Promise<string>;
  screenshotTaken(agentId: string, name: string, file: string): void;
  /** A new picture of the process's page now; returns the saved file. */
  takeScreenshot(agentId: string, name: string): Promise<string>;
  /** A saved screenshot as a data: URL (only files in Paddock's files directory). */
  readScreenshot(agentId: string, file: string): Promise<string>;
  /** Electron: the preview's own view laid over the placeholder's bounds, or hidden. */
  showInView(
    agentId: string,
    name: string,
    bounds: { x: number; y: number; width: number; height: number },
  ): Promise<void>;
  hideView(): Promise<void>;
}

export const usePreviewStore = create<PreviewStore>((set, get) => {
  const patch = (agentId: string, change: Partial<PreviewState>): void =>
    set({ byAgent: { ...get().byAgent, [agentId]: { ...(get().byAgent[agentId] ?? EMPTY), ...change } } });
  return {
    byAgent: {},
    async takeScreenshot(agentId, name) {
      const { file } = await call('screenshots.take', { agentId, name });
      get().screenshotTaken(agentId, name, file);
      return file;
    },
    readScreenshot: async (agentId, file) => (await call('screenshots.read', { agentId, file })).dataUrl,
    async showInView(agentId, name, bounds) {
      await call('preview.showInView', { agentId, name, bounds });
    },
    async hideView() {
      await call('preview.hideView', {});
    },
    async show(agentId, name, absoluteAssets) {
      patch(agentId, { name, error: null, ...(absoluteAssets === undefined ? {} : { absoluteAssets }) });
      try {
        const { url } = await call('preview.link', { agentId, name });
        patch(agentId, { url });
        if (absoluteAssets === undefined) {
          const check = await call('preview.check', { agentId, name }).catch(() => null);
          if (check) patch(agentId, { absoluteAssets: check.absoluteAssets });
        }
      } catch (reason) {
        patch(agentId, { url: null, error: messageOf(reason) });
      }
    },
    async freshLink(agentId, name) {
      const { url } = await call('preview.link', { agentId, name });
      return url;
    },
    screenshotTaken(agentId, name, file) {
      patch(agentId, { name: get().byAgent[agentId]?.name ?? name, screenshot: file });
    },
  };
});

export function usePreview(agentId: string): PreviewState {
  return usePreviewStore((state) => state.byAgent[agentId] ?? EMPTY);
}
