import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import type { AgentView } from '../../../../shared/ipc';
import { useSetupStore } from '../../stores/useSetupStore';
import { shortcutLabel } from '../palette/shortcuts';
import { useConversationStore, type OutgoingImage } from '../../stores/useConversationStore';
import { picturesFrom, MAX_PICTURES } from './pictures';

/**
 * Enter sends, Shift+Enter adds a line. While a turn works, Enter sends now (the agent reads it at
 * its next step) and Alt+Enter queues it (sent when the turn ends). Stopping is the Stop button or
 * its own key, never Escape (which belongs to cards).
 */
export function Composer({ conversationId, agent }: { conversationId: string; agent: AgentView }) {
  const [text, setText] = useState('');
  const [pictures, setPictures] = useState<OutgoingImage[]>([]);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const reopenSetup = useSetupStore((state) => state.reopen);
  // Never silent: with no key where one is needed, the composer says so and links to the fix.
  const missingKey = agent.needsApiKey;
  const working = useConversationStore((state) => state.live[conversationId]?.working ?? false);
  const send = useConversationStore((state) => state.send);
  const cancel = useConversationStore((state) => state.cancel);
  const hasDraft = useConversationStore((state) => state.drafts[conversationId] !== undefined);
  const takeDraft = useConversationStore((state) => state.takeDraft);
  const keepDraft = useConversationStore((state) => state.keepDraft);
  const shownFor = useRef(conversationId);
  const latestText = useRef(text);
  latestText.current = text;

  // Each conversation keeps its unsent text while another is shown; a fork's first words are the
  // message it was forked before, to send again or change.
  useEffect(() => {
    if (shownFor.current !== conversationId) {
      keepDraft(shownFor.current, latestText.current);
      shownFor.current = conversationId;
      setText(takeDraft(conversationId) ?? '');
      return;
    }
    if (!hasDraft) return;
    const draft = takeDraft(conversationId);
    if (draft !== null) setText(draft);
  }, [conversationId, hasDraft, takeDraft, keepDraft]);
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
    setPictures([]);
    setPictureError(null);
    void send(conversationId, trimmed, working ? when : undefined, pictures).catch(() => undefined);
  }

  /** A pasted or dropped picture joins the message (at most MAX_PICTURES); anything else is left to the textarea. */
  function takePictures(files: File[], event: { preventDefault(): void }): void {
    const images = files.filter((file) => file.type.startsWith('image/'));
    if (images.length === 0) return;
    event.preventDefault();
    void picturesFrom(images, MAX_PICTURES - pictures.length).then(
      (read) => {
        setPictures((kept) => [...kept, ...read.pictures].slice(0, MAX_PICTURES));
        setPictureError(read.refused);
      },
      (reason: unknown) => setPictureError(String(reason)),
    );
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
      {(pictures.length > 0 || pictureError) && (
        <div className="composer-pictures" aria-label="Pictures to send">
          {pictures.map((picture, index) => (
            <figure key={picture.dataUrl.slice(-32) + index} className="composer-picture">
              <img src={picture.dataUrl} alt={`Picture ${index + 1} to send`} />
              <button type="button" className="link" aria-label={`Remove picture ${index + 1}`} onClick={() => setPictures((kept) => kept.filter((_, at) => at !== index))}>
                ×
              </button>
            </figure>
          ))}
          {pictureError && (
            <p className="form-error" role="alert">
              {pictureError}
            </p>
          )}
        </div>
      )}
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
        onPaste={(event: ClipboardEvent<HTMLTextAreaElement>) => takePictures([...event.clipboardData.files], event)}
        onDrop={(event: DragEvent<HTMLTextAreaElement>) => takePictures([...event.dataTransfer.files], event)}
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
