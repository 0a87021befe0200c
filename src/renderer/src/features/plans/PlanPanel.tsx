import { useEffect, useState } from 'react';
import type { PlanView } from '../../../../shared/ipc';
import { revealHiddenCharacters as shown } from '../../../../shared/hiddenCharacters';
import { messageOf } from '../../lib/errors';
import { useAppStore } from '../../stores/useAppStore';
import { usePlansStore } from '../../stores/usePlansStore';

const NONE: PlanView[] = [];

function PlanBody({ plan }: { plan: PlanView }) {
  return (
    <>
      <ol className="plan-steps">
        {plan.steps.map((step, index) => (
          <li key={index}>{shown(step)}</li>
        ))}
      </ol>
      {plan.files.length > 0 && (
        <p className="plan-facts">
          <span className="hint">Files it expects to touch:</span>{' '}
          {plan.files.map((file) => (
            <code key={file}>{shown(file)}</code>
          ))}
        </p>
      )}
      {plan.commands.length > 0 && (
        <p className="plan-facts">
          <span className="hint">Commands it expects to run:</span>{' '}
          {plan.commands.map((command) => (
            <code key={command}>{shown(command)}</code>
          ))}
        </p>
      )}
    </>
  );
}

/** The plan waiting for the owner: approve into edit or run, or send it back with what to change. */
function PlanCard({ plan }: { plan: PlanView }) {
  const answer = usePlansStore((state) => state.answer);
  const showError = useAppStore((state) => state.showError);
  const [revising, setRevising] = useState(false);
  const [message, setMessage] = useState('');
  const act = (decision: 'edit' | 'run' | 'revise', text?: string) =>
    void answer(plan, decision, text).catch((reason: unknown) => showError(messageOf(reason)));
  return (
    <article className="plan-card" aria-label={`Plan: ${plan.title}`}>
      <header className="plan-header">
        <span className="plan-label">Plan</span>
        <strong>{shown(plan.title)}</strong>
      </header>
      <PlanBody plan={plan} />
      {revising ? (
        <form
          className="plan-revise"
          onSubmit={(event) => {
            event.preventDefault();
            if (message.trim() !== '') act('revise', message.trim());
          }}
        >
          <textarea
            aria-label="What to change in the plan"
            rows={2}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            autoFocus
          />
          <div className="row">
            <button type="submit" className="primary" disabled={message.trim() === ''}>
              Send back to revise
            </button>
            <button type="button" onClick={() => setRevising(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="row">
          <button type="button" className="primary" onClick={() => act('edit')}>
            Approve and switch to edit
          </button>
          <button type="button" onClick={() => act('run')}>
            Approve and switch to run
          </button>
          <button type="button" onClick={() => setRevising(true)}>
            Revise
          </button>
        </div>
      )}
    </article>
  );
}

/** The approved plan, pinned above the conversation while its work goes on. */
function ApprovedPlan({ plan }: { plan: PlanView }) {
  return (
    <details className="plan-pinned" aria-label={`Approved plan: ${plan.title}`}>
      <summary>
        <span className="plan-label">Approved plan</span> <strong>{shown(plan.title)}</strong>
        <span className="hint">
          {' '}
          · {plan.steps.length} steps · switched to {plan.approvedMode}
        </span>
      </summary>
      <PlanBody plan={plan} />
    </details>
  );
}

/** Above the transcript: the plan waiting for an answer, else the last approved one. */
export function PlanPanel({ conversationId }: { conversationId: string }) {
  const plans = usePlansStore((state) => state.byConversation[conversationId] ?? NONE);
  const load = usePlansStore((state) => state.load);
  useEffect(() => {
    void load(conversationId).catch(() => undefined);
  }, [conversationId, load]);
  const waiting = plans.findLast((plan) => plan.status === 'proposed');
  const approved = plans.findLast((plan) => plan.status === 'approved');
  if (waiting) return <PlanCard key={waiting.id} plan={waiting} />;
  if (approved) return <ApprovedPlan plan={approved} />;
  return null;
}
