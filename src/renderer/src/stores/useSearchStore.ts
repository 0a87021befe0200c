import { create } from 'zustand';
import type { SearchResultsView } from '../../../shared/domain';
import { call } from '../api';
import { messageOf } from '../lib/errors';

// Find (issue 32 §4): the search dialog's state. Only the answer to the latest query is kept, so a
// slow answer to an older one never replaces it.

interface SearchState {
  open: boolean;
  text: string;
  results: SearchResultsView | null;
  error: string | null;
  setOpen(open: boolean): void;
  search(text: string): Promise<void>;
}

let latest = 0;

export const useSearchStore = create<SearchState>((set) => ({
  open: false,
  text: '',
  results: null,
  error: null,
  setOpen(open) {
    set({ open });
  },
  async search(text) {
    const asked = ++latest;
    set({ text });
    if (text.trim() === '') {
      set({ results: null, error: null });
      return;
    }
    try {
      const results = await call('conversations.search', { text: text.slice(0, 500) });
      if (asked === latest) set({ results, error: null });
    } catch (reason) {
      if (asked === latest) set({ error: messageOf(reason) });
    }
  },
}));
