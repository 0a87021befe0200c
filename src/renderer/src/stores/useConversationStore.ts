// Conversations as the window holds them: each agent's list, the pages of messages loaded, the drafts,
// and each conversation's live turn while it works (liveTurn.ts folds its events).
import { create } from 'zustand';
import type { AgentEvent, ConversationView, MessageView, UsageTotals } from '../../../shared/domain';
import { call } from '../api';
import { messageOf } from '../lib/errors';
import { useToolCallsStore } from './useToolCallsStore';
import { applyLiveEvent, idle, type LiveTurn } from './liveTurn';

/** A picture the owner pasted or dropped: its data: URL (for the composer and the transcript) and its bytes. */
export interface OutgoingImage {
  dataUrl: string;
  base64: string;
}

const PAGE = 200;
/** Older pages read to reach a message a search found (200 each: a 10,000-message conversation is 50). */
const MAX_PAGES_TO_REACH = 100;

/** The message the transcript scrolls to and marks (a search hit); `seq` makes the same hit land again. */
export interface FocusedMessage {
  conversationId: string;
  messageId: number;
  seq: number;
}

interface ConversationState {
  byAgent: Record<string, ConversationView[]>;
  selected: Record<string, string | null>;
  messages: Record<string, MessageView[]>;
  olderCursor: Record<string, number | null>;
  loadingOlder: Record<string, boolean>;
  live: Record<string, LiveTurn>;
  /** Usage of finished turns, by the id of the last assistant message each wrote. */
  usage: Record<string, ReadonlyMap<number, UsageTotals>>;
  loadConversations(agentId: string): Promise<void>;
  /** The request itself; loadConversations shares one in flight. */
  listConversations(agentId: string): Promise<void>;
  create(agentId: string): Promise<ConversationView>;
  select(agentId: string, conversationId: string): void;
  /** `settleLive`: the turn has ended; its streamed copy gives way to the stored messages in the same update. */
  loadLatest(conversationId: string, options?: { settleLive?: boolean }): Promise<void>;
  loadOlder(conversationId: string): Promise<number>;
  focus: FocusedMessage | null;
  /** What a fork put in its composer: the message it was forked before. Taken once by the composer. */
  drafts: Record<string, string>;
  /** Loads pages until `messageId` is among them, then has the transcript land on it. */
  openAt(agentId: string, conversationId: string, messageId: number): Promise<void>;
  takeDraft(conversationId: string): string | null;
  /** The composer's unsent text, kept while another conversation is shown. */
  keepDraft(conversationId: string, text: string): void;
  rename(conversationId: string, title: string): Promise<void>;
  setArchived(conversationId: string, archived: boolean): Promise<void>;
  remove(conversationId: string): Promise<void>;
  /** A new conversation with the history before the owner's message; it is selected, the message in its composer. */
  fork(conversationId: string, messageId: number): Promise<ConversationView>;
  /**
   * `when`: while a turn works, the message waits for its next step ("now") or its end ("queue").
   * `mode`: the owner chose plan for this one turn. `images`: pictures pasted or dropped with it.
   */
  send(
    conversationId: string,
    text: string,
    when?: 'now' | 'queue',
    extra?: { mode?: 'plan'; images?: OutgoingImage[] },
  ): Promise<void>;
  /** A turn the core starts from an owner's answer (a plan approved or revised, a slash command): shown as working at once, with the message it sends. */
  startWith(
    conversationId: string,
    text: string,
    start: () => Promise<{ turnId: string }>,
    ownerImages?: string[],
  ): Promise<void>;
  /** Text a stopped or failed turn handed back unsent, for the composer to put back; taken once. */
  returned: Record<string, string | null>;
  takeReturned(conversationId: string): string | null;
  retry(conversationId: string): Promise<void>;
  cancel(conversationId: string): Promise<void>;
  applyAgentEvents(events: AgentEvent[]): void;
  /** After a lost connection: reload every open conversation; a turn still running says so by its next event. */
  reloadAfterGap(): void;
}

/** Merges a page into what is loaded, by id, oldest first. */
function mergeMessages(existing: MessageView[], page: MessageView[]): MessageView[] {
  if (existing.length === 0) return page;
  const byId = new Map(existing.map((message) => [message.id, message]));
  for (const message of page) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A conversation as the core now says it, in place in its agent's list. */
function replaceConversation(conversation: ConversationView): void {
  const state = useConversationStore.getState();
  const list = state.byAgent[conversation.agentId] ?? [];
  useConversationStore.setState({
    byAgent: {
      ...state.byAgent,
      [conversation.agentId]: list.map((c) => (c.id === conversation.id ? conversation : c)),
    },
  });
}

/** After the shown conversation left the list: the next one still in it, or none. */
function selectNextAfter(agentId: string, conversationId: string): void {
  const state = useConversationStore.getState();
  const next = (state.byAgent[agentId] ?? []).find((c) => c.id !== conversationId && c.archivedAt === null);
  useConversationStore.setState({ selected: { ...state.selected, [agentId]: next?.id ?? null } });
  if (next && !state.messages[next.id]) void state.loadLatest(next.id).catch(() => undefined);
}

/** Each agent's conversations.list in flight. */
const listing = new Map<string, Promise<void>>();

export const useConversationStore = create<ConversationState>((set, get) => ({
  byAgent: {},
  selected: {},
  messages: {},
  olderCursor: {},
  loadingOlder: {},
  live: {},
  usage: {},
  focus: null,
  drafts: {},
  async openAt(agentId, conversationId, messageId) {
    set({ selected: { ...get().selected, [agentId]: conversationId } });
    if (!get().messages[conversationId]) await get().loadLatest(conversationId);
    for (let page = 0; page < MAX_PAGES_TO_REACH; page++) {
      const loaded = get().messages[conversationId] ?? [];
      if (loaded.length > 0 && loaded[0]!.id <= messageId) break;
      if ((await get().loadOlder(conversationId)) === 0) break;
    }
    set({ focus: { conversationId, messageId, seq: (get().focus?.seq ?? 0) + 1 } });
  },
  takeDraft(conversationId) {
    const draft = get().drafts[conversationId];
    if (draft === undefined) return null;
    const { [conversationId]: _taken, ...rest } = get().drafts;
    set({ drafts: rest });
    return draft;
  },
  keepDraft(conversationId, text) {
    const { [conversationId]: _old, ...rest } = get().drafts;
    set({ drafts: text.trim() === '' ? rest : { ...rest, [conversationId]: text } });
  },
  async rename(conversationId, title) {
    replaceConversation(await call('conversations.rename', { conversationId, title }));
  },
  async setArchived(conversationId, archived) {
    const conversation = await call('conversations.archive', { conversationId, archived });
    replaceConversation(conversation);
    // An archived conversation leaves the list: the agent's next one is shown instead.
    if (archived && get().selected[conversation.agentId] === conversationId)
      selectNextAfter(conversation.agentId, conversationId);
  },
  async remove(conversationId) {
    const agentId = Object.keys(get().byAgent).find((id) => get().byAgent[id]?.some((c) => c.id === conversationId));
    await call('conversations.delete', { conversationId });
    if (!agentId) return;
    if (get().selected[agentId] === conversationId) selectNextAfter(agentId, conversationId);
    const { [conversationId]: _messages, ...messages } = get().messages;
    set({
      byAgent: { ...get().byAgent, [agentId]: (get().byAgent[agentId] ?? []).filter((c) => c.id !== conversationId) },
      messages,
    });
  },
  async fork(conversationId, messageId) {
    const { conversation, draft } = await call('conversations.fork', { conversationId, messageId });
    const agentId = conversation.agentId;
    set({
      byAgent: {
        ...get().byAgent,
        [agentId]: [conversation, ...(get().byAgent[agentId] ?? []).filter((c) => c.id !== conversation.id)],
      },
      selected: { ...get().selected, [agentId]: conversation.id },
      drafts: { ...get().drafts, [conversation.id]: draft },
    });
    await get().loadLatest(conversation.id);
    return conversation;
  },
  returned: {},
  takeReturned(conversationId) {
    const text = get().returned[conversationId] ?? null;
    if (text !== null) set({ returned: { ...get().returned, [conversationId]: null } });
    return text;
  },
  loadConversations(agentId) {
    // One request at a time per agent: the start and the pane may both ask.
    const pending = listing.get(agentId);
    if (pending) return pending;
    const loading = get()
      .listConversations(agentId)
      .finally(() => listing.delete(agentId));
    listing.set(agentId, loading);
    return loading;
  },
  async listConversations(agentId) {
    const list = await call('conversations.list', { agentId });
    const current = get().selected[agentId];
    const selected =
      current && list.some((c) => c.id === current) ? current : (list.find((c) => c.archivedAt === null)?.id ?? null);
    set({ byAgent: { ...get().byAgent, [agentId]: list }, selected: { ...get().selected, [agentId]: selected } });
    if (selected && !get().messages[selected]) await get().loadLatest(selected);
  },
  async create(agentId) {
    const conversation = await call('conversations.create', { agentId });
    const list = [conversation, ...(get().byAgent[agentId] ?? []).filter((c) => c.id !== conversation.id)];
    set({
      byAgent: { ...get().byAgent, [agentId]: list },
      selected: { ...get().selected, [agentId]: conversation.id },
      messages: { ...get().messages, [conversation.id]: [] },
      olderCursor: { ...get().olderCursor, [conversation.id]: null },
    });
    return conversation;
  },
  select(agentId, conversationId) {
    set({ selected: { ...get().selected, [agentId]: conversationId } });
    if (!get().messages[conversationId]) void get().loadLatest(conversationId);
  },
  async loadLatest(conversationId, options) {
    const page = await call('conversations.messages', { conversationId, limit: PAGE });
    const known = get().messages[conversationId];
    useToolCallsStore.getState().upsert(page.calls);
    // One update: were the stored messages set before the streamed copy is dropped, the window would
    // draw the turn's last words twice for a frame.
    const turn = options?.settleLive ? get().live[conversationId] : undefined;
    set({
      messages: { ...get().messages, [conversationId]: mergeMessages(known ?? [], page.messages) },
      olderCursor: known ? get().olderCursor : { ...get().olderCursor, [conversationId]: page.olderCursor },
      ...(turn && !turn.working
        ? {
            live: {
              ...get().live,
              [conversationId]: {
                ...idle(turn.lastSent, turn.usage ?? null),
                error: turn.error,
                budget: turn.budget ?? null,
              },
            },
          }
        : {}),
    });
    // Usage is a footnote: a failure to read it leaves the transcript as it is.
    void call('conversations.usage', { conversationId })
      .then((view) => {
        const byMessage = new Map<number, UsageTotals>();
        for (const turn of view.turns) if (turn.lastMessageId !== null) byMessage.set(turn.lastMessageId, turn);
        set({ usage: { ...get().usage, [conversationId]: byMessage } });
      })
      .catch(() => undefined);
  },
  async loadOlder(conversationId) {
    const before = get().olderCursor[conversationId];
    if (before == null || get().loadingOlder[conversationId]) return 0;
    set({ loadingOlder: { ...get().loadingOlder, [conversationId]: true } });
    try {
      const page = await call('conversations.messages', { conversationId, before, limit: PAGE });
      set({
        messages: {
          ...get().messages,
          [conversationId]: mergeMessages(get().messages[conversationId] ?? [], page.messages),
        },
        olderCursor: { ...get().olderCursor, [conversationId]: page.olderCursor },
      });
      useToolCallsStore.getState().upsert(page.calls);
      return page.messages.length;
    } finally {
      set({ loadingOlder: { ...get().loadingOlder, [conversationId]: false } });
    }
  },
  async send(conversationId, text, when, extra = {}) {
    const images = extra.images ?? [];
    const pictures = images.length > 0 ? { images: images.map((image) => ({ base64: image.base64 })) } : {};
    if (when !== undefined && get().live[conversationId]?.working) {
      // The working turn takes it (its owner_waiting event shows it); one that ended meanwhile opened a new turn with it.
      try {
        const { turnId, held } = await call('conversations.send', { conversationId, text, when, ...pictures });
        if (held === null) {
          const usage = get().live[conversationId]?.usage ?? null;
          set({
            live: {
              ...get().live,
              [conversationId]: {
                ...idle(text, usage),
                ownerText: text,
                working: true,
                startedAt: Date.now(),
                step: 1,
                turnId,
              },
            },
          });
        }
      } catch (reason) {
        set({ returned: { ...get().returned, [conversationId]: text } });
        throw reason;
      }
      return;
    }
    await get().startWith(
      conversationId,
      text,
      () =>
        call('conversations.send', {
          conversationId,
          text,
          ...(when ? { when } : {}),
          ...(extra.mode ? { mode: extra.mode } : {}),
          ...pictures,
        }),
      images.map((image) => image.dataUrl),
    );
  },
  async startWith(conversationId, text, start, ownerImages = []) {
    const live = {
      ...idle(text, get().live[conversationId]?.usage ?? null),
      budget: get().live[conversationId]?.budget ?? null,
      ownerText: text,
      ownerImages,
      working: true,
      startedAt: Date.now(),
      step: 1,
    };
    set({ live: { ...get().live, [conversationId]: live } });
    try {
      const { turnId } = await start();
      const current = get().live[conversationId];
      if (current && current.turnId === null)
        set({ live: { ...get().live, [conversationId]: { ...current, turnId } } });
    } catch (reason) {
      const current = get().live[conversationId] ?? live;
      set({
        live: {
          ...get().live,
          [conversationId]: { ...current, working: false, error: { message: messageOf(reason), retryable: true } },
        },
      });
    }
  },
  async retry(conversationId) {
    const text = get().live[conversationId]?.lastSent;
    if (text) await get().send(conversationId, text);
  },
  async cancel(conversationId) {
    await call('conversations.cancel', { conversationId });
  },
  reloadAfterGap() {
    const live = { ...get().live };
    for (const [conversationId, turn] of Object.entries(live)) {
      if (turn.working) live[conversationId] = { ...idle(turn.lastSent), error: turn.error };
    }
    set({ live });
    for (const conversationId of Object.keys(get().messages))
      void get()
        .loadLatest(conversationId)
        .catch(() => undefined);
  },
  applyAgentEvents(events) {
    const live = { ...get().live };
    const returned = { ...get().returned };
    const ended = new Set<string>();
    for (const event of events) {
      const turn = live[event.conversationId] ?? idle();
      live[event.conversationId] = applyLiveEvent(turn, event);
      if (event.type === 'turn_ended') ended.add(event.conversationId);
      if (event.type === 'owner_returned')
        returned[event.conversationId] = [returned[event.conversationId], ...event.texts].filter(Boolean).join('\n\n');
    }
    set({ live, returned });
    // The stored transcript is the truth once a turn ends: fetch it, then drop the streamed copy
    // (keeping an error and the text to retry, which the stored messages do not carry).
    for (const conversationId of ended)
      void get()
        .loadLatest(conversationId, { settleLive: true })
        .catch(() => undefined);
  },
}));
