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
}

export const usePreviewStore = create<PreviewStore>((set, get) => {
  const patch = (agentId: string, change: Partial<PreviewState>): void =>
    set({ byAgent: { ...get().byAgent, [agentId]: { ...(get().byAgent[agentId] ?? EMPTY), ...change } } });
  return {
    byAgent: {},
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
