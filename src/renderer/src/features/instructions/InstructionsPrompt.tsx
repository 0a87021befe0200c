import { useEffect } from 'react';
import type { InstructionFileView } from '../../../../shared/ipc';
import { revealHiddenCharacters as shown } from '../../../../shared/hiddenCharacters';
import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { useInstructionsStore } from '../../stores/useInstructionsStore';
import { DiffView } from '../cards/DiffView';

const NONE: InstructionFileView[] = [];
const NO_SHAS: string[] = [];

function FilePrompt({
  agentId,
  conversationId,
  file,
}: {
  agentId: string;
  conversationId: string;
  file: InstructionFileView;
}) {
  const accept = useInstructionsStore((state) => state.accept);
  const dismiss = useInstructionsStore((state) => state.dismiss);
  const showError = useAppStore((state) => state.showError);
  const changed = file.status === 'changed';
  return (
    <article className="instructions-prompt" aria-label={`Instructions: ${file.relPath}`}>
      <header className="instructions-prompt-header">
        <strong>This project has instructions for agents: use them?</strong>
        <code>{file.relPath}</code>
      </header>
      <p className="hint">
        {changed
          ? 'This file changed since you accepted it. Until you accept the new text, agents keep the text you accepted; the new one is an ordinary file to them.'
          : 'Until you accept it, agents are told it is an ordinary file, not your instructions. Accepted, its text goes to the agent as yours, and a later change asks you again.'}
      </p>
      {changed && file.diff ? (
        <DiffView diff={file.diff} />
      ) : (
        <pre className="instructions-text" tabIndex={0}>
          {shown(file.text ?? '')}
        </pre>
      )}
      <div className="row">
        <button
          type="button"
          className="primary"
          onClick={() =>
            void accept(agentId, file, conversationId).catch((reason: unknown) => showError(messageOf(reason)))
          }
        >
          {changed ? 'Use the new text' : 'Use them'}
        </button>
        <button type="button" onClick={() => dismiss(agentId, file)}>
          Not now
        </button>
      </div>
    </article>
  );
}

/** Above the transcript: each instruction file waiting for the owner, with its text or its diff. */
export function InstructionsPrompt({ agentId, conversationId }: { agentId: string; conversationId: string }) {
  const waiting = useInstructionsStore((state) => state.waiting[agentId] ?? NONE);
  const notNow = useInstructionsStore((state) => state.notNow[agentId] ?? NO_SHAS);
  const loadWaiting = useInstructionsStore((state) => state.loadWaiting);
  useEffect(() => {
    void loadWaiting(agentId, conversationId).catch(() => undefined);
  }, [agentId, conversationId, loadWaiting]);
  const shownFiles = waiting.filter((file) => file.sha256 !== null && !notNow.includes(file.sha256));
  if (shownFiles.length === 0) return null;
  return (
    <div className="instructions-prompts">
      {shownFiles.map((file) => (
        <FilePrompt
          key={`${file.relPath}@${file.sha256}`}
          agentId={agentId}
          conversationId={conversationId}
          file={file}
        />
      ))}
    </div>
  );
}
