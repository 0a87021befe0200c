// A conversation as the model reads it, kept in memory and appended to as the turn goes (issue 22):
// a model request costs the same at the thousandth call as at the first, because nothing is read
// back from SQLite or parsed again. Every append writes through to the store first, so the durable
// transcript (SPEC §8) is never behind what the model was sent. File contents live only here
// (SPEC §11): the store keeps a summary, the model gets the whole text while the process lives.
import type { ConversationsRepository, StoredToolCall } from '../store/conversations';
import type { ModelImage, ModelMessage, ThinkingBlock } from './providers/types';
import { INTERRUPTED_NOT_REPEATED, toModelMessages } from './transcript';

export interface HistoryEntry {
  message: ModelMessage;
  /** What the message weighs, in characters (images in their own count). */
  chars: number;
  images: number;
  /** Arguments of the call a tool result answers: for the compaction placeholder. */
  args?: unknown;
  /** Replaced by a placeholder to fit the context budget; never restored (keeps the cache prefix stable). */
  compacted: boolean;
}

/** What the elision marker stands for (the context budget, contextBudget.ts). */
export interface ElisionState {
  chars: number;
  markerChars: number;
  marker: string | null;
}

export interface ConversationHistory {
  readonly conversationId: string;
  /** Oldest first; entries before `elidedBefore` are summarised by one marker. */
  readonly entries: readonly HistoryEntry[];
  /** Characters of all entries as they are sent now (placeholders, not the compacted text). */
  readonly totalChars: number;
  readonly totalImages: number;
  /** Index of the first entry still sent; entries before it are elided behind one marker. */
  elidedBefore: number;
  elision: ElisionState;
  /** Measured characters per token for this conversation (provider's count ÷ characters sent). */
  charsPerToken: number | null;
  hasCall(callId: string): boolean;
  /** Returns the stored message's id. */
  /** `images`: pictures stored with the message (their files) and sent with it (their bytes). */
  appendOwner(text: string, images?: readonly { file: string; image: ModelImage }[]): number;
  /** Returns the stored message's id. */
  appendAssistant(input: { text: string; toolCalls: StoredToolCall[]; thinking?: ThinkingBlock[] }): number;
  /** `stored` is what the transcript keeps (a summary for file tools); `text` goes to the model whole. */
  appendResult(input: {
    callId: string;
    tool: string;
    stored: string;
    text: string;
    isError: boolean;
    images?: ModelImage[];
  }): void;
  /** Replaces entry `index`'s text (a tool result) by `placeholder` and drops its images. */
  compact(index: number, placeholder: string): void;
  /** Index of the last assistant message: it and what follows are the latest step, never compacted. */
  latestStepStart(): number;
  /** Each result the model was sent whole (not compacted), by call id: what a fork of this conversation starts from. */
  fullResults(): Map<string, string>;
}

/** A character budget for an image: Anthropic counts (w·h)/750 tokens; a 1280×800 shot is ~1,400. */
export const IMAGE_CHARS = 6_000;

export function messageChars(message: ModelMessage): number {
  switch (message.role) {
    case 'user':
      return message.text.length + 16;
    case 'assistant': {
      let chars = message.text.length + 16;
      for (const call of message.toolCalls) chars += call.name.length + JSON.stringify(call.args ?? {}).length + 48;
      for (const block of message.thinking ?? [])
        chars += block.type === 'thinking' ? block.thinking.length + block.signature.length : block.data.length;
      return chars;
    }
    case 'tool':
      return message.text.length + message.callId.length + 48;
  }
}

// Read from the store when a conversation is first worked in: a fork (store/conversations.ts) is
// its copied rows, with the source's whole results while the source is in memory (`fullResults`),
// so its first request carries exactly the history the source's model read before the forked message.
export function createConversationHistory(
  store: ConversationsRepository,
  conversationId: string,
  fullResults: ReadonlyMap<string, string> = new Map(),
): ConversationHistory {
  const entries: HistoryEntry[] = [];
  const callIds = new Set<string>();
  const argsOf = new Map<string, unknown>();
  /** Calls of the latest assistant message still waiting for their result, in call order. */
  let pending: StoredToolCall[] = [];
  let totalChars = 0;
  let totalImages = 0;

  const push = (message: ModelMessage, args?: unknown): void => {
    const images = message.role === 'tool' || message.role === 'user' ? (message.images?.length ?? 0) : 0;
    const chars = messageChars(message);
    entries.push({ message, chars, images, args, compacted: false });
    totalChars += chars;
    totalImages += images;
  };
  // A call the turn never answered (it threw, or Paddock stopped) reads "interrupted, not repeated".
  const seal = (): void => {
    for (const call of pending) {
      push(
        { role: 'tool', callId: call.id, tool: call.name, text: INTERRUPTED_NOT_REPEATED, isError: true },
        call.args,
      );
    }
    pending = [];
  };

  for (const message of toModelMessages(store.all(conversationId), fullResults)) {
    if (message.role === 'assistant') {
      for (const call of message.toolCalls) {
        callIds.add(call.id);
        argsOf.set(call.id, call.args);
      }
    }
    push(message, message.role === 'tool' ? argsOf.get(message.callId) : undefined);
  }

  const history: ConversationHistory = {
    conversationId,
    entries,
    get totalChars() {
      return totalChars;
    },
    get totalImages() {
      return totalImages;
    },
    elidedBefore: 0,
    elision: { chars: 0, markerChars: 0, marker: null },
    charsPerToken: null,
    hasCall: (callId) => callIds.has(callId),
    appendOwner(text, images = []) {
      seal();
      const files = images.map((item) => item.file);
      const stored = store.append(conversationId, {
        role: 'owner',
        text,
        ...(files.length > 0 ? { images: files } : {}),
      });
      push({ role: 'user', text, ...(images.length > 0 ? { images: images.map((item) => item.image) } : {}) });
      return stored.id;
    },
    appendAssistant({ text, toolCalls, thinking }) {
      seal();
      const stored = store.append(conversationId, {
        role: 'assistant',
        text,
        toolCalls,
        ...(thinking && thinking.length > 0 ? { thinking } : {}),
      });
      for (const call of toolCalls) {
        callIds.add(call.id);
        argsOf.set(call.id, call.args);
      }
      push({ role: 'assistant', text, toolCalls, ...(thinking && thinking.length > 0 ? { thinking } : {}) });
      pending = [...toolCalls];
      return stored.id;
    },
    appendResult({ callId, tool, stored, text, isError, images }) {
      store.append(conversationId, { role: 'tool', callId, tool, text: stored, isError });
      const index = pending.findIndex((call) => call.id === callId);
      // Results arrive in call order; one for a call not waiting is kept in the store only.
      if (index < 0) return;
      pending.splice(index, 1);
      push(
        { role: 'tool', callId, tool, text, isError, ...(images && images.length > 0 ? { images } : {}) },
        argsOf.get(callId),
      );
    },
    compact(index, placeholder) {
      const entry = entries[index];
      if (!entry || entry.compacted || entry.message.role !== 'tool') return;
      const message: ModelMessage = {
        role: 'tool',
        callId: entry.message.callId,
        tool: entry.message.tool,
        text: placeholder,
        isError: entry.message.isError,
      };
      const chars = messageChars(message);
      totalChars += chars - entry.chars;
      totalImages -= entry.images;
      entries[index] = { message, chars, images: 0, args: entry.args, compacted: true };
    },
    fullResults() {
      const whole = new Map<string, string>();
      for (const entry of entries)
        if (entry.message.role === 'tool' && !entry.compacted) whole.set(entry.message.callId, entry.message.text);
      return whole;
    },
    latestStepStart() {
      for (let index = entries.length - 1; index >= 0; index--) {
        if (entries[index]!.message.role === 'assistant') return index;
      }
      return entries.length;
    },
  };
  return history;
}
