import { Bot, User } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import type { UsageTotals } from '../../../../shared/domain';
import type { LiveRetry } from '../../stores/liveTurn';
import { useConversationStore } from '../../stores/useConversationStore';
import { useBudgetsStore } from '../../stores/useBudgetsStore';
import { useAppStore } from '../../stores/useAppStore';
import { messageOf } from '../../lib/errors';
import { CheckpointRow, RestoreBeforeButton } from '../checkpoints/CheckpointRow';
import { ForkButton } from './ForkButton';
import { describeUsage } from '../../lib/usageText';
import { Markdown } from './Markdown';
import { StepSummary } from './StepSummary';
import { TranscriptCall } from './QuietCallRow';
import { WorkingRow } from './WorkingRow';
import { ScreenshotImage } from '../preview/ScreenshotImage';
import type { TranscriptItem } from './transcriptItems';

export const TranscriptRow = memo(function TranscriptRow({
  item,
  agentId,
  conversationId,
}: {
  item: TranscriptItem;
  agentId: string;
  conversationId: string;
}) {
  const retry = useConversationStore((state) => state.retry);
  const cancel = useConversationStore((state) => state.cancel);
  switch (item.kind) {
    case 'owner':
      return (
        <div
          className={`message message-owner${item.undone ? ' undone' : ''}`}
          aria-label={item.undone ? 'You (undone)' : 'You'}
        >
          {/* The restore button shares the author's line: hidden until hover, it takes no band of its own. */}
          <div className="message-header">
            <div className="message-author" aria-hidden="true">
              <User size={13} /> You
            </div>
            {item.messageId !== undefined && (
              <span className="message-actions">
                <ForkButton conversationId={conversationId} messageId={item.messageId} />
                {!item.undone && <RestoreBeforeButton conversationId={conversationId} messageId={item.messageId} />}
              </span>
            )}
          </div>
          <div className="message-text">{item.text}</div>
          {item.images && item.images.length > 0 && (
            <div className="message-images">
              {item.images.map((image) =>
                image.startsWith('data:') ? (
                  <img key={image.slice(-32)} className="owner-image" src={image} alt="A picture you sent" />
                ) : (
                  <ScreenshotImage key={image} agentId={agentId} file={image} />
                ),
              )}
            </div>
          )}
        </div>
      );
    case 'assistant':
      return (
        <div className={`message message-assistant${item.undone ? ' undone' : ''}`}>
          <div className="message-author" aria-hidden="true">
            <Bot size={13} /> Agent
          </div>
          <Markdown text={item.text} />
        </div>
      );
    case 'step':
      return <StepSummary item={item} />;
    case 'call':
      // The task list and a plan change nothing but the conversation's records: one quiet line, as their outcome says.
      return (
        <TranscriptCall
          className={`${item.step ? 'in-step' : ''}${item.undone ? ' undone' : ''}`.trim() || undefined}
          agentId={agentId}
          callId={item.callId}
          tool={item.tool}
          args={item.args}
          result={item.result}
        />
      );
    case 'waiting':
      return (
        <div
          className="message message-owner message-waiting"
          aria-label={item.when === 'now' ? 'You (waiting for the next step)' : 'You (queued)'}
        >
          <div className="message-header">
            <div className="message-author" aria-hidden="true">
              <User size={13} /> You ·{' '}
              {item.when === 'now' ? 'the agent reads this at its next step' : 'queued: sent when this turn ends'}
            </div>
          </div>
          <div className="message-text">{item.text}</div>
        </div>
      );
    case 'notice':
      return (
        <p className={`message-notice${item.undone ? ' undone' : ''}${item.budget ? ' budget-stop' : ''}`} role="note">
          {item.text}
          {item.budget && item.last && <ContinueAnyway conversationId={conversationId} />}
        </p>
      );
    case 'checkpoint':
      return <CheckpointRow checkpoint={item.checkpoint} />;
    case 'error':
      return (
        <div className="message-error" role="alert">
          <span>{item.message}</span>
          {item.retryable && (
            <button type="button" onClick={() => void retry(conversationId)}>
              Retry
            </button>
          )}
        </div>
      );
    case 'thinking':
      return (
        <details className="message-thinking">
          <summary>{item.redacted ? 'Thinking (redacted by the provider)' : 'Thinking'}</summary>
          {!item.redacted && <div className="message-thinking-text">{item.text}</div>}
        </details>
      );
    case 'usage':
      return <UsageLine turn={item.turn} conversation={item.conversation} />;
    case 'working':
      return item.retry ? (
        <RetryBanner retry={item.retry} onCancel={() => void cancel(conversationId)} />
      ) : (
        <WorkingRow conversationId={conversationId} />
      );
  }
});

/** After a spending limit stopped the turn: raises the reached limits once and sends the conversation again. */
function ContinueAnyway({ conversationId }: { conversationId: string }) {
  const continueAnyway = useBudgetsStore((state) => state.continueAnyway);
  const working = useConversationStore((state) => state.live[conversationId]?.working ?? false);
  const showError = useAppStore((state) => state.showError);
  return (
    <button
      type="button"
      className="continue-anyway"
      disabled={working}
      onClick={() => void continueAnyway(conversationId).catch((reason: unknown) => showError(messageOf(reason)))}
    >
      Continue anyway
    </button>
  );
}

/** "retrying in 8 s: overloaded (2 of 5)", counting down, with a way to stop waiting. */
function RetryBanner({ retry, onCancel }: { retry: LiveRetry; onCancel: () => void }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [retry]);
  const seconds = Math.max(0, Math.ceil((retry.at - now) / 1000));
  return (
    <div className="message-retry" role="status">
      <span>
        retrying in {seconds} s: {retry.reason} ({retry.attempt} of {retry.of})
      </span>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

function UsageLine({ turn, conversation }: { turn: UsageTotals; conversation: UsageTotals | null }) {
  return (
    <p className="message-usage hint" aria-label="Model usage">
      <span>
        turn: {describeUsage(turn)} ({turn.requests} {turn.requests === 1 ? 'request' : 'requests'})
      </span>
      {conversation && <span> — conversation: {describeUsage(conversation)}</span>}
    </p>
  );
}
