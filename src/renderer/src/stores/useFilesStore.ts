import { create } from 'zustand';
import type { FileContentView, FileTreeView } from '../../../shared/ipc';
import { call } from '../api';
import { messageOf } from '../lib/errors';
import { useSidePaneStore } from './useSidePaneStore';

/** A two-sided view for the Files tab: a write or edit card, or a file of the summary. */
export interface DiffRequest {
  path: string;
  /** Both sides when known; else only the unified text, shown by the light DiffView. */
  sides: { before: string; after: string } | null;
  unified: string | null;
}

interface FilesState {
  trees: Record<string, FileTreeView>;
  treeError: Record<string, string | null>;
  open: Record<string, FileContentView | null>;
  diff: Record<string, DiffRequest | null>;
  openError: Record<string, string | null>;
  /** Paths changed since the tab opened (any source), marked in the tree until the owner opens them. */
  changed: Record<string, Record<string, true>>;
  loadTree(agentId: string): Promise<void>;
  filesChanged(agentId: string, paths: string[]): void;
  openFile(agentId: string, path: string): Promise<void>;
  showDiff(agentId: string, diff: DiffRequest): void;
  /** A unified diff of a pending card (applies to the file now) or of a finished edit (already applied). */
  openUnifiedDiff(
    agentId: string,
    path: string,
    unified: string,
    state: 'pending' | 'applied',
    isNewFile?: boolean,
  ): Promise<void>;
  close(agentId: string): void;
}

export const useFilesStore = create<FilesState>((set, get) => ({
  trees: {},
  treeError: {},
  open: {},
  diff: {},
  openError: {},
  changed: {},
  filesChanged(agentId, paths) {
    const marked = { ...(get().changed[agentId] ?? {}) };
    for (const path of paths) marked[path] = true;
    set({ changed: { ...get().changed, [agentId]: marked } });
    // A file put back to the last commit (an undo) is not changed any more: its dot goes.
    void call('files.sameAsHead', { agentId, paths: Object.keys(marked).slice(0, 1000) })
      .then(({ paths: same }) => {
        if (same.length === 0) return;
        const now = { ...(get().changed[agentId] ?? {}) };
        for (const path of same) delete now[path];
        set({ changed: { ...get().changed, [agentId]: now } });
      })
      .catch(() => undefined);
    void get().loadTree(agentId);
    // A file open in the viewer is shown as it is now.
    const open = get().open[agentId];
    if (open && paths.includes(open.path) && !get().diff[agentId]) {
      void call('files.read', { agentId, path: open.path })
        .then((content) => set({ open: { ...get().open, [agentId]: content } }))
        .catch(() => undefined);
    }
  },
  async loadTree(agentId) {
    try {
      const tree = await call('files.tree', { agentId, depth: 8 });
      set({ trees: { ...get().trees, [agentId]: tree }, treeError: { ...get().treeError, [agentId]: null } });
    } catch (reason) {
      set({ treeError: { ...get().treeError, [agentId]: messageOf(reason) } });
    }
  },
  async openFile(agentId, path) {
    useSidePaneStore.getState().setTab('Files');
    const marked = { ...(get().changed[agentId] ?? {}) };
    delete marked[path];
    set({ changed: { ...get().changed, [agentId]: marked } });
    set({ diff: { ...get().diff, [agentId]: null }, openError: { ...get().openError, [agentId]: null } });
    try {
      const content = await call('files.read', { agentId, path });
      set({ open: { ...get().open, [agentId]: content } });
    } catch (reason) {
      set({
        open: { ...get().open, [agentId]: null },
        openError: { ...get().openError, [agentId]: messageOf(reason) },
      });
    }
  },
  showDiff(agentId, diff) {
    useSidePaneStore.getState().setTab('Files');
    set({ diff: { ...get().diff, [agentId]: diff }, openError: { ...get().openError, [agentId]: null } });
  },
  async openUnifiedDiff(agentId, path, unified, state, isNewFile = false) {
    let current = '';
    if (!isNewFile) {
      const content = await call('files.read', { agentId, path }).catch(() => null);
      if (!content || content.truncated) {
        get().showDiff(agentId, { path, sides: null, unified });
        return;
      }
      current = content.content;
    }
    // The diff library is fetched with the first diff opened, not with the window.
    const { sidesFromApplied, sidesFromPending } = await import('../lib/diffSides');
    const sides = state === 'pending' ? sidesFromPending(current, unified) : sidesFromApplied(current, unified);
    get().showDiff(agentId, { path, sides, unified });
  },
  close(agentId) {
    set({ open: { ...get().open, [agentId]: null }, diff: { ...get().diff, [agentId]: null } });
  },
}));
