import { useEffect, useState } from 'react';
import type { Card, CardChoice, RememberKind } from '../../../../shared/domain';
// Bidi controls and invisible characters are shown as ⟨U+…⟩ wherever the card prints text of the
// model's or of a file (the core's danger line says why: dispatch/dispatcher.ts).
import { revealHiddenCharacters as shown } from '../../../../shared/hiddenCharacters';
import { messageOf } from '../../lib/errors';
import { useCardsStore } from '../../stores/useCardsStore';
import { useFilesStore } from '../../stores/useFilesStore';
import { DiffView } from './DiffView';
import { HunkList } from './HunkList';
import { CARD_KEY_DELAY_MS, useCardKeys } from './useCardKeys';

export { CARD_KEY_DELAY_MS };

export function CardView({ card, active }: { card: Card; active: boolean }) {
  const answer = useCardsStore((state) => state.answer);
  const openUnifiedDiff = useFilesStore((state) => state.openUnifiedDiff);
  const [armed, setArmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rejected, setRejected] = useState<ReadonlySet<string>>(new Set());
  const danger = card.danger ?? null;
  const args = JSON.stringify(card.args, null, 2) ?? '';
  // One hunk is the whole change: Approve and Deny already say it; toggles appear from two hunks.
  const hunks = (card.hunks?.length ?? 0) > 1 ? (card.hunks ?? []) : [];
  const acceptedHunks = hunks.filter((hunk) => !rejected.has(hunk.id)).map((hunk) => hunk.id);
  const partial = rejected.size > 0;
  const noneAccepted = hunks.length > 0 && acceptedHunks.length === 0;

  function toggleHunk(id: string, accept: boolean): void {
    const next = new Set(rejected);
    if (accept) next.delete(id);
    else next.add(id);
    setRejected(next);
  }

  useEffect(() => {
    const timer = setTimeout(() => setArmed(true), CARD_KEY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  async function respond(decision: 'approve' | 'deny', remember?: RememberKind, choice?: CardChoice): Promise<void> {
    // Every hunk rejected is a Deny: approving nothing is not an answer the core takes.
    if (decision === 'approve' && noneAccepted) return;
    try {
      await answer({
        cardId: card.id,
        decision,
        baseHash: card.baseHash,
        remember,
        ...(choice ? { choice } : {}),
        ...(decision === 'approve' && partial ? { acceptedHunks } : {}),
      });
    } catch (reason) {
      setError(messageOf(reason));
    }
  }

  useCardKeys(active, (decision) => void respond(decision), danger !== null);

  return (
    <article className={`card${danger ? ' card-danger' : ''}`} aria-label={`Approval: ${card.tool}`} data-armed={armed}>
      <header className="card-header">
        <span className="card-tool">{card.tool}</span>
        <span className="card-reason">{card.reason}</span>
      </header>
      {danger && (
        <p className="card-danger-line" role="alert">
          <strong>Dangerous:</strong> {danger}
        </p>
      )}

      {card.argv && (
        <div className="card-command">
          <code>
            {card.argv.map((word) => (/^[\w./:=@%+-]+$/.test(word) ? word : shown(JSON.stringify(word)))).join(' ')}
          </code>
          {card.cwd && <span className="hint"> in {shown(card.cwd)}</span>}
        </div>
      )}
      {card.path && (
        <div className="card-path">
          <code>{shown(card.path)}</code>
          {card.baseHash !== undefined && (
            <span className="hint" title="sha256 of the content the diff was computed against">
              {' '}
              base {card.baseHash ? card.baseHash.slice(0, 12) : '(new file)'}
            </span>
          )}
        </div>
      )}
      {card.diff !== undefined && card.path && (
        <button
          type="button"
          className="link card-side-by-side"
          onClick={() =>
            void openUnifiedDiff(card.agentId, card.path ?? '', card.diff ?? '', 'pending', card.baseHash === null)
          }
        >
          Side by side in Files
        </button>
      )}
      {hunks.length > 0 ? (
        <HunkList hunks={hunks} rejected={rejected} onToggle={toggleHunk} />
      ) : (
        card.diff !== undefined && <DiffView diff={card.diff} />
      )}
      {card.details && (
        <ul className="card-details">
          {card.details.map((line) => (
            <li key={line}>{shown(line)}</li>
          ))}
        </ul>
      )}
      {!card.argv && !card.path && card.tool !== 'checkpoint' && (
        <pre className="card-args" tabIndex={0}>
          {shown(args)}
        </pre>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <footer className="card-actions">
        {danger ? (
          <>
            {/* Deny first and primary; approving takes a click, never a key, and is never remembered. */}
            <button type="button" className="primary" onClick={() => void respond('deny')} disabled={!armed}>
              Deny <kbd>n</kbd>
            </button>
            <button type="button" className="danger" onClick={() => void respond('approve')} disabled={!armed}>
              Run anyway
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="primary"
              onClick={() => void respond('approve')}
              disabled={!armed || noneAccepted}
            >
              {partial ? `Apply ${acceptedHunks.length} of ${hunks.length} hunks` : 'Approve'} <kbd>y</kbd>
            </button>
            {card.rememberChoices?.map((choice) => (
              <button
                key={choice.kind}
                type="button"
                onClick={() => void respond('approve', choice.kind)}
                disabled={!armed}
              >
                Approve and always allow {choice.label}
              </button>
            ))}
            {card.choices?.map((choice) => (
              <button
                key={choice.kind}
                type="button"
                onClick={() => void respond('approve', undefined, choice.kind)}
                disabled={!armed}
              >
                {/* "Allow registry.npmjs.org for this agent" says it all: it approves this call too. */}
                {choice.kind === 'allow-domains' ? choice.label : `Approve and ${choice.label}`}
              </button>
            ))}
            <button type="button" className="danger" onClick={() => void respond('deny')} disabled={!armed}>
              Deny <kbd>n</kbd>
            </button>
          </>
        )}
      </footer>
    </article>
  );
}
