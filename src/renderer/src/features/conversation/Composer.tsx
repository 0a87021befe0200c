import { useState, type KeyboardEvent } from 'react';
import { shortcutLabel } from '../palette/shortcuts';
import { useConversationStore } from '../../stores/useConversationStore';

/** Enter sends, Shift+Enter adds a line. Stopping is the Stop button or its own key, never Escape (which belongs to cards). */
export function Composer({ conversationId }: { conversationId: string }) {
  const [text, setText] = useState('');
  const working = useConversationStore((state) => state.live[conversationId]?.working ?? false);
  const send = useConversationStore((state) => state.send);
  const cancel = useConversationStore((state) => state.cancel);

  function submit(): void {
    const trimmed = text.trim();
    if (trimmed === '' || working) return;
    setText('');
    void send(conversationId, trimmed);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form
      className="composer"
      aria-label="Message"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <textarea
        id="composer-input"
        aria-label="Message to the agent"
        value={text}
        rows={3}
        placeholder={working ? `The agent is working… (${shortcutLabel('turn.stop')} or Stop ends the turn)` : 'Ask for a change, a test, a fix…'}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="composer-actions">
        {working ? (
          <button type="button" className="danger" onClick={() => void cancel(conversationId)}>
            Stop <kbd>{shortcutLabel('turn.stop')}</kbd>
          </button>
        ) : (
          <button type="submit" className="primary" disabled={text.trim() === ''}>
            Send <kbd>Enter</kbd>
          </button>
        )}
      </div>
    </form>
  );
}
