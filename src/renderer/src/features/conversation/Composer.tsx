import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import type { SlashCommandView } from '../../../../shared/ipc';
import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { parseSlash, useCommandsStore } from '../../stores/useCommandsStore';
import { CommandAcceptance } from './CommandAcceptance';
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
  // Plan mode for the next turn only: the agent reads and proposes a plan; the choice clears once sent.
  const [planFirst, setPlanFirst] = useState(false);
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

  const commands = useCommandsStore((state) => state.byAgent[agent.id]);
  const loadCommands = useCommandsStore((state) => state.load);
  const runCommand = useCommandsStore((state) => state.run);
  const prefill = useCommandsStore((state) => state.prefill);
  const setPrefill = useCommandsStore((state) => state.setPrefill);
  const showError = useAppStore((state) => state.showError);
  // A project command whose text the owner has not accepted yet: shown before it is sent.
  const [asking, setAsking] = useState<{ command: SlashCommandView; args: string } | null>(null);

  useEffect(() => {
    void loadCommands(agent.id).catch(() => undefined);
  }, [agent.id, loadCommands]);
  useEffect(() => {
    if (prefill === null) return;
    setText(prefill);
    setPrefill(null);
    document.getElementById('composer-input')?.focus();
  }, [prefill, setPrefill]);

  const slash = parseSlash(text);
  const typingName = text.startsWith('/') && !/\s/.test(text);
  const suggestions = typingName
    ? (commands ?? []).filter((command) => command.name.startsWith(text.slice(1).toLowerCase()))
    : [];

  function runSlash(command: SlashCommandView, args: string): void {
    setText('');
    setPlanFirst(false);
    void runCommand(conversationId, command.name, args).catch((reason: unknown) => showError(messageOf(reason)));
  }
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
    const command = slash ? (commands ?? []).find((candidate) => candidate.name === slash.name) : undefined;
    if (command && slash) {
      // A slash command opens a turn of its own: not while one works.
      if (working) return;
      if (command.status === 'new' || command.status === 'changed') setAsking({ command, args: slash.args });
      else runSlash(command, slash.args);
      return;
    }
    setText('');
    setPictures([]);
    setPictureError(null);
    // Plan first opens a plan turn of its own; a message while a turn works joins that turn instead.
    const plan = planFirst && !working;
    if (plan) setPlanFirst(false);
    void send(conversationId, trimmed, working ? when : undefined, {
      ...(plan ? { mode: 'plan' as const } : {}),
      images: pictures,
    }).catch(() => undefined);
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
          <KeyRound size={14} aria-hidden="true" /> {agent.name} has no API key, so {agent.provider} would refuse every
          message.{' '}
          <button type="button" className="link" onClick={() => reopenSetup('provider')}>
            Add a key and test it
          </button>
        </p>
      )}
      {asking && (
        <CommandAcceptance
          command={asking.command}
          onCancel={() => setAsking(null)}
          onAccept={() => {
            const { command, args } = asking;
            setAsking(null);
            void useCommandsStore
              .getState()
              .accept(agent.id, command)
              .then(() => runSlash(command, args))
              .catch((reason: unknown) => showError(messageOf(reason)));
          }}
        />
      )}
      {suggestions.length > 0 && (
        <ul className="composer-suggestions" aria-label="Slash commands">
          {suggestions.map((command) => (
            <li key={command.name}>
              <button type="button" className="link" onClick={() => setText(`/${command.name} `)}>
                /{command.name}
              </button>{' '}
              <span className="hint">
                {command.source === 'owner'
                  ? 'yours'
                  : command.status === 'pinned'
                    ? 'project'
                    : 'project, not yet accepted'}{' '}
                · {command.text.split('\n')[0]!.slice(0, 80)}
              </span>
            </li>
          ))}
        </ul>
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
                <button
                  type="button"
                  className="link"
                  aria-label={`Remove picture ${index + 1}`}
                  onClick={() => setPictures((kept) => kept.filter((_, at) => at !== index))}
                >
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
              <button
                type="submit"
                disabled={text.trim() === '' || missingKey}
                title="The agent reads it at its next step, between tool results"
              >
                Send now <kbd>Enter</kbd>
              </button>
              <button
                type="button"
                disabled={text.trim() === '' || missingKey}
                onClick={() => submit('queue')}
                title="Sent when this turn ends"
              >
                Queue <kbd>Alt+Enter</kbd>
              </button>
              <button type="button" className="danger" onClick={() => void cancel(conversationId)}>
                Stop <kbd>{shortcutLabel('turn.stop')}</kbd>
              </button>
            </>
          ) : (
            <button type="submit" className="primary" disabled={text.trim() === '' || missingKey}>
              {planFirst ? 'Plan' : 'Send'} <kbd>Enter</kbd>
            </button>
          )}
          {agent.mode !== 'plan' && !working && (
            <label
              className="composer-plan"
              title="This turn only: the agent may only read, then proposes a plan you approve"
            >
              <input type="checkbox" checked={planFirst} onChange={(event) => setPlanFirst(event.target.checked)} />{' '}
              Plan first
            </label>
          )}
        </div>
      </form>
    </>
  );
}
