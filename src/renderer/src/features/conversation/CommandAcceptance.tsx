import type { SlashCommandView } from '../../../../shared/ipc';
import { revealHiddenCharacters as shown } from '../../../../shared/hiddenCharacters';
import { DiffView } from '../cards/DiffView';

/** Before a project's command is first used (or after its file changed): its text, which would be sent as the owner's own message. */
export function CommandAcceptance({
  command,
  onAccept,
  onCancel,
}: {
  command: SlashCommandView;
  onAccept: () => void;
  onCancel: () => void;
}) {
  const changed = command.status === 'changed';
  return (
    <article className="instructions-prompt" aria-label={`Command: /${command.name}`}>
      <header className="instructions-prompt-header">
        <strong>This project has a command: use it?</strong>
        <code>/{command.name}</code>
        <code>{command.relPath}</code>
      </header>
      <p className="hint">
        {changed
          ? 'The file changed since you accepted it. Sent, its new text is your message to the agent.'
          : 'The project wrote this file, not you. Sent, its text (with $ARGUMENTS replaced) is your message to the agent; a later change asks you again.'}
      </p>
      {changed && command.diff ? (
        <DiffView diff={command.diff} />
      ) : (
        <pre className="instructions-text" tabIndex={0}>
          {shown(command.text)}
        </pre>
      )}
      <div className="row">
        <button type="button" className="primary" onClick={onAccept}>
          Use it and send
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </article>
  );
}
