import { useEffect, useRef, useState } from 'react';
import type { Card, CardChoice, RememberKind } from '../../../../shared/domain';
import { CallError } from '../../api';
import { useCardsStore } from '../../stores/useCardsStore';
import { useFilesStore } from '../../stores/useFilesStore';
import { DiffView } from './DiffView';

/** A keypress only counts once the card has been visible this long: a stray key never approves. */
export const CARD_KEY_DELAY_MS = 500;

export function CardView({ card, active }: { card: Card; active: boolean }) {
  const answer = useCardsStore((state) => state.answer);
  const openUnifiedDiff = useFilesStore((state) => state.openUnifiedDiff);
  const shownAt = useRef(performance.now());
  const [armed, setArmed] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setArmed(true), CARD_KEY_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  async function respond(decision: 'approve' | 'deny', remember?: RememberKind, choice?: CardChoice): Promise<void> {
    try {
      await answer({ cardId: card.id, decision, baseHash: card.baseHash, remember, ...(choice ? { choice } : {}) });
    } catch (reason) {
      setError(reason instanceof CallError ? reason.message : String(reason));
    }
  }

  useEffect(() => {
    if (!active) return undefined;
    function onKey(event: KeyboardEvent): void {
      if (performance.now() - shownAt.current < CARD_KEY_DELAY_MS) return;
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (event.key === 'y' || (event.key === 'Enter' && (event.metaKey || event.ctrlKey))) {
        event.preventDefault();
        void respond('approve');
      } else if (event.key === 'n' || event.key === 'Escape') {
        event.preventDefault();
        void respond('deny');
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <article className="card" aria-label={`Approval: ${card.tool}`} data-armed={armed}>
      <header className="card-header">
        <span className="card-tool">{card.tool}</span>
        <span className="card-reason">{card.reason}</span>
      </header>
      {card.argv && (
        <div className="card-command">
          <code>{card.argv.map((word) => (/^[\w./:=@%+-]+$/.test(word) ? word : JSON.stringify(word))).join(' ')}</code>
          {card.cwd && <span className="hint"> in {card.cwd}</span>}
        </div>
      )}
      {card.path && (
        <div className="card-path">
          <code>{card.path}</code>
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
          onClick={() => void openUnifiedDiff(card.agentId, card.path ?? '', card.diff ?? '', 'pending', card.baseHash === null)}
        >
          Side by side in Files
        </button>
      )}
      {card.diff !== undefined && <DiffView diff={card.diff} />}
      {card.details && (
        <ul className="card-details">
          {card.details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {!card.argv && !card.path && card.tool !== 'checkpoint' && <pre className="card-args">{JSON.stringify(card.args, null, 2)}</pre>}
      {error && <p className="form-error" role="alert">{error}</p>}
      <footer className="card-actions">
        <button type="button" className="primary" onClick={() => void respond('approve')} disabled={!armed}>
          Approve <kbd>y</kbd>
        </button>
        {card.rememberChoices?.map((choice) => (
          <button key={choice.kind} type="button" onClick={() => void respond('approve', choice.kind)} disabled={!armed}>
            Approve and always allow {choice.label}
          </button>
        ))}
        {card.choices?.map((choice) => (
          <button key={choice.kind} type="button" onClick={() => void respond('approve', undefined, choice.kind)} disabled={!armed}>
            Approve and {choice.label}
          </button>
        ))}
        <button type="button" className="danger" onClick={() => void respond('deny')} disabled={!armed}>
          Deny <kbd>n</kbd>
        </button>
      </footer>
    </article>
  );
}
