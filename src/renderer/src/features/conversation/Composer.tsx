import { KeyRound } from 'lucide-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { AgentView } from '../../../../shared/ipc';
import { useSetupStore } from '../../stores/useSetupStore';
import { shortcutLabel } from '../palette/shortcuts';
import { useConversationStore } from '../../stores/useConversationStore';

/**
 * Enter sends, Shift+Enter adds a line. While a turn works, Enter sends now (the agent reads it at
 * its next step) and Alt+Enter queues it (sent when the turn ends). Stopping is the Stop button or
 * its own key, never Escape (which belongs to cards).
 */
export function Composer({ conversationId, agent }: { conversationId: string; agent: AgentView }) {
  const [text, setText] = useState('');
  const reopenSetup = useSetupStore((state) => state.reopen);
  // Never silent: with no key where one is needed, the composer says so and links to the fix.
  const missingKey = agent.needsApiKey;
  const working = useConversationStore((state) => state.live[conversationId]?.working ?? false);
  const send = useConversationStore((state) => state.send);
  const cancel = useConversationStore((state) => state.cancel);
  const returned = useConversationStore((state) => state.returned[conversationId] ?? null);
  const takeReturned = useConversationStore((state) => state.takeReturned);

  // A stopped turn hands back what waited in it, unsent: it goes back into the composer, before what is typed.
  useEffect(() => {
    if (returned === null) return;
    const back = takeReturned(conversationId);
    if (back) setText((typed) => (typed.trim() === '' ? back : `${back}\n\n${typed}`));
  }, [returned, conversationId, takeReturned]);

  function submit(when: 'now' | 'queue' = 'now'): void {
    const trimmed = text.trim();
    if (trimmed === '' || missingKey) return;
    setText('');
    void send(conversationId, trimmed, working ? when : undefined).catch(() => undefined);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit(event.altKey ? 'queue' : 'now');
    }
  }

  return (
    <>
    {missingKey && (
      <p className="composer-missing" role="alert">
        <KeyRound size={14} aria-hidden="true" /> {agent.name} has no API key, so {agent.provider} would refuse every message.{' '}
        <button type="button" className="link" onClick={() => reopenSetup('provider')}>
          Add a key and test it
        </button>
      </p>
    )}
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
        placeholder={
          working
            ? `The agent is working. Enter: it reads your message at its next step · Alt+Enter: queued for when the turn ends · ${shortcutLabel('turn.stop')}: Stop`
            : 'Ask for a change, a test, a fix…'
        }
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="composer-actions">
        {working ? (
          <>
            <button type="submit" disabled={text.trim() === '' || missingKey} title="The agent reads it at its next step, between tool results">
              Send now <kbd>Enter</kbd>
            </button>
            <button type="button" disabled={text.trim() === '' || missingKey} onClick={() => submit('queue')} title="Sent when this turn ends">
              Queue <kbd>Alt+Enter</kbd>
            </button>
            <button type="button" className="danger" onClick={() => void cancel(conversationId)}>
              Stop <kbd>{shortcutLabel('turn.stop')}</kbd>
            </button>
          </>
        ) : (
          <button type="submit" className="primary" disabled={text.trim() === '' || missingKey}>
            Send <kbd>Enter</kbd>
          </button>
        )}
      </div>
    </form>
    </>
  );
}
