import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useCheckpointsStore } from '../../stores/useCheckpointsStore';
import { useConversationStore } from '../../stores/useConversationStore';
import { TranscriptRow } from './TranscriptRow';
import { itemKeyOf, transcriptItems, unfoldedItems } from './transcriptItems';
import { useToolCallsStore } from '../../stores/useToolCallsStore';

const NO_MESSAGES: never[] = [];
const NEAR_BOTTOM_PX = 80;
const NEAR_TOP_PX = 200;

/**
 * The conversation, virtualised: only the rows on screen are in the DOM, so 10,000 messages cost
 * what 30 do. It follows the bottom while the owner is there, and loads older pages at the top.
 */
export function Transcript({ agentId, conversationId }: { agentId: string; conversationId: string }) {
  const messages = useConversationStore((state) => state.messages[conversationId] ?? NO_MESSAGES);
  const live = useConversationStore((state) => state.live[conversationId]);
  const hasOlder = useConversationStore((state) => state.olderCursor[conversationId] != null);
  const loadOlder = useConversationStore((state) => state.loadOlder);
  const checkpoints = useCheckpointsStore((state) => state.byConversation[conversationId] ?? NO_MESSAGES);
  const loadCheckpoints = useCheckpointsStore((state) => state.load);
  const usage = useConversationStore((state) => state.usage[conversationId]);
  const folded = useToolCallsStore((state) => state.folded);
  const allItems = useMemo(
    () => transcriptItems(messages, live, usage, checkpoints),
    [messages, live, usage, checkpoints],
  );
  const items = useMemo(() => unfoldedItems(allItems, folded), [allItems, folded]);
  const focus = useConversationStore((state) => (state.focus?.conversationId === conversationId ? state.focus : null));
  const focusedKey = useMemo(
    () => (focus ? itemKeyOf(messages, items, focus.messageId) : null),
    [focus, messages, items],
  );

  useEffect(() => {
    void loadCheckpoints(conversationId).catch(() => undefined);
  }, [conversationId, loadCheckpoints]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /**
   * Whether the owner has moved the view (wheel, touch, keys, the scrollbar) since the conversation
   * opened. Until then the view is landing on the newest message: the scroll events of that landing
   * (rows measured taller than estimated move the bottom away under it) neither unpin it nor load
   * older pages.
   */
  const ownerMoved = useRef(false);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    // A first guess only (real rows are ~45–250 px): every row is measured when it renders, and the
    // view scrolls again whenever the measured total changes (below).
    estimateSize: () => 120,
    overscan: 8,
    getItemKey: (index) => items[index]?.key ?? index,
  });
  const totalSize = virtualizer.getTotalSize();

  // Opening a conversation lands on its newest message. A layout effect, declared before the one
  // that follows, so the new conversation is pinned before its first rows are placed.
  useLayoutEffect(() => {
    atBottom.current = true;
    ownerMoved.current = false;
  }, [conversationId]);

  // Follow the bottom while the owner is there: on new output, and again each time rows are
  // measured and the total height changes (issue 22: with 10,000 messages the estimate alone
  // stopped the view far short of the newest one).
  useLayoutEffect(() => {
    if (!atBottom.current || items.length === 0) return;
    const element = scrollRef.current;
    if (element && ownerMoved.current === false) element.scrollTop = element.scrollHeight;
    virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
  }, [items, totalSize, virtualizer]);

  // A search hit: the view leaves the bottom and lands on the message, which stays marked until the
  // next hit. Landed once per hit (seq), so the owner's own scrolling afterwards is left alone.
  const landed = useRef(0);
  useEffect(() => {
    if (!focus || !focusedKey || landed.current === focus.seq) return;
    const index = items.findIndex((item) => item.key === focusedKey);
    if (index < 0) return;
    landed.current = focus.seq;
    atBottom.current = false;
    ownerMoved.current = true;
    virtualizer.scrollToIndex(index, { align: 'center' });
    // Rows measured on the way change the offsets: land again once they are.
    const frame = requestAnimationFrame(() => virtualizer.scrollToIndex(index, { align: 'center' }));
    return () => cancelAnimationFrame(frame);
  }, [focus, focusedKey, items, virtualizer]);

  function ownerMoves(): void {
    ownerMoved.current = true;
  }

  async function onScroll(): Promise<void> {
    const element = scrollRef.current;
    if (!element || !ownerMoved.current) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < NEAR_TOP_PX && hasOlder) {
      const added = await loadOlder(conversationId);
      if (added > 0) virtualizer.scrollToIndex(added, { align: 'start' });
    }
  }

  return (
    <div
      className="transcript"
      ref={scrollRef}
      onScroll={() => void onScroll()}
      onWheel={ownerMoves}
      onTouchStart={ownerMoves}
      onPointerDown={ownerMoves}
      onKeyDown={ownerMoves}
      role="log"
      aria-label="Conversation"
      aria-live="off"
    >
      {items.length === 0 && (
        <p className="hint transcript-empty">Say what you want done. Enter sends, Shift+Enter adds a line.</p>
      )}
      <div className="transcript-inner" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index];
          if (!item) return null;
          return (
            <div
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              className={`transcript-row${item.key === focusedKey ? ' transcript-row-found' : ''}`}
              aria-current={item.key === focusedKey ? 'true' : undefined}
              style={{ transform: `translateY(${row.start}px)` }}
            >
              <TranscriptRow item={item} agentId={agentId} conversationId={conversationId} />
            </div>
          );
        })}
      </div>
    </div>
  );
}
