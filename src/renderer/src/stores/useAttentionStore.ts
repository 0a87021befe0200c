// What needs the owner (issue 32 item 1): the waiting cards (useCardsStore) and the failed turns
// not yet seen, counted per conversation and per agent; the notification choices (kept by the
// core); and, under `paddock serve`, the Web Notifications shown while the window is not focused.
// Electron's own notifications are the Electron host's (main process), not the page's.
import { useMemo } from 'react';
import { create } from 'zustand';
import { createAttentionWatch, type AttentionNote } from '../../../shared/attention';
import { DEFAULT_ATTENTION, type AttentionSettings, type Card } from '../../../shared/domain';
import type { PaddockEvent } from '../../../shared/ipc';
import { call } from '../api';
import {
  askNotificationAccess,
  notificationAccess,
  showWebNotification,
  type NotificationAccess,
} from '../lib/webNotifications';
import { useAgentsStore } from './useAgentsStore';
import { useAppStore } from './useAppStore';
import { useCardsStore } from './useCardsStore';
import { useConversationStore } from './useConversationStore';

interface AttentionState {
  settings: AttentionSettings;
  access: NotificationAccess;
  /** Conversations whose last turn failed, not yet looked at: conversationId → agentId. */
  failed: Record<string, string>;
  load(): Promise<void>;
  save(
    patch: Partial<Omit<AttentionSettings, 'kinds'>> & { kinds?: Partial<AttentionSettings['kinds']> },
  ): Promise<void>;
  askAccess(): Promise<void>;
  seen(conversationId: string): void;
  /** The window title says the total; in Electron the dock or taskbar badge too. */
  showTotal(total: number): void;
  /** Every event passes here: a failed turn is counted, and a notification may be shown. */
  follow(event: PaddockEvent): void;
}

/** Every field present, whatever an older core answered. */
const complete = (settings: Partial<AttentionSettings> | null | undefined): AttentionSettings => ({
  ...DEFAULT_ATTENTION,
  ...settings,
  kinds: { ...DEFAULT_ATTENTION.kinds, ...settings?.kinds },
});

const watch = createAttentionWatch({
  handle: (agentId) => useAgentsStore.getState().agents.find((agent) => agent.id === agentId)?.handle ?? null,
  conversationTitle: (conversationId) => {
    for (const list of Object.values(useConversationStore.getState().byAgent)) {
      const found = list.find((conversation) => conversation.id === conversationId);
      if (found) return found.title;
    }
    return null;
  },
});

/** Opens the conversation (and its card, which the card queue shows) a notification named. */
export function openAttention(target: { agentId: string; conversationId: string; cardId?: string | null }): void {
  useAgentsStore.getState().select(target.agentId);
  useConversationStore.getState().select(target.agentId, target.conversationId);
  useAppStore.getState().setView('agent');
  useAttentionStore.getState().seen(target.conversationId);
}

function looking(conversationId: string, agentId: string): boolean {
  return (
    document.hasFocus() &&
    useAppStore.getState().view === 'agent' &&
    useAgentsStore.getState().selectedId === agentId &&
    useConversationStore.getState().selected[agentId] === conversationId
  );
}

function notify(note: AttentionNote, settings: AttentionSettings): void {
  if (useAppStore.getState().info?.host !== 'web') return;
  if (!settings.enabled || !settings.kinds[note.kind] || document.hasFocus()) return;
  showWebNotification(note, !settings.sound, () => openAttention(note));
}

export const useAttentionStore = create<AttentionState>((set, get) => ({
  settings: DEFAULT_ATTENTION,
  access: notificationAccess(),
  failed: {},
  async load() {
    set({ settings: complete(await call('attention.get', {})), access: notificationAccess() });
  },
  async save(patch) {
    // The box shows the choice at once; the core's answer (or the old choice, on a refusal) follows.
    const before = get().settings;
    set({ settings: { ...before, ...patch, kinds: { ...before.kinds, ...patch.kinds } } as AttentionSettings });
    try {
      set({ settings: complete(await call('attention.set', patch)) });
    } catch (reason) {
      set({ settings: before });
      throw reason;
    }
  },
  async askAccess() {
    set({ access: await askNotificationAccess() });
  },
  seen(conversationId) {
    if (!(conversationId in get().failed)) return;
    const failed = { ...get().failed };
    delete failed[conversationId];
    set({ failed });
  },
  showTotal(total) {
    document.title = total > 0 ? `(${total}) Paddock` : 'Paddock';
    void call('attention.setCount', { count: total }).catch(() => undefined);
  },
  follow(event) {
    if (event.type === 'conversation') {
      const { conversationId, agentId } = event.event;
      if (event.event.type === 'turn_started') get().seen(conversationId);
      if (event.event.type === 'turn_ended' && event.event.reason === 'error' && !looking(conversationId, agentId)) {
        set({ failed: { ...get().failed, [conversationId]: agentId } });
      }
    }
    const note = watch.take(event);
    if (note) notify(note, get().settings);
  },
}));

export interface NeedsOwner {
  byConversation: Map<string, number>;
  byAgent: Map<string, number>;
  total: number;
}

/** Waiting cards and unseen failed turns, counted per conversation, per agent and in all. */
export function countNeedsOwner(cards: readonly Card[], failed: Record<string, string>): NeedsOwner {
  const byConversation = new Map<string, number>();
  const byAgent = new Map<string, number>();
  const add = (conversationId: string, agentId: string): void => {
    byConversation.set(conversationId, (byConversation.get(conversationId) ?? 0) + 1);
    byAgent.set(agentId, (byAgent.get(agentId) ?? 0) + 1);
  };
  for (const card of cards) add(card.conversationId, card.agentId);
  for (const [conversationId, agentId] of Object.entries(failed)) add(conversationId, agentId);
  return { byConversation, byAgent, total: cards.length + Object.keys(failed).length };
}

/** The counts as a hook: the cards store and the failed turns, recounted when either changes. */
export function useNeedsOwner(): NeedsOwner {
  const cards = useCardsStore((state) => state.cards);
  const failed = useAttentionStore((state) => state.failed);
  return useMemo(() => countNeedsOwner(cards, failed), [cards, failed]);
}
