import { useState, type KeyboardEvent } from 'react';
import { useConversationStore } from '../../stores/useConversationStore';

/** Enter sends, Shift+Enter adds a line, Escape stops the turn. */
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
    } else if (event.key === 'Escape' && working) {
      event.preventDefault();
      void cancel(conversationId);
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
        placeholder={working ? 'The agent is working… (Escape stops it)' : 'Ask for a change, a test, a fix…'}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="composer-actions">
        {working ? (
          <button type="button" className="danger" onClick={() => void cancel(conversationId)}>
            Stop <kbd>Esc</kbd>
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
