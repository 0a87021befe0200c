import { memo } from 'react';
import { useConversationStore } from '../../stores/useConversationStore';
import { CheckpointRow, RestoreBeforeButton } from '../checkpoints/CheckpointRow';
import { Markdown } from './Markdown';
import { ToolCallRow } from './ToolCallRow';
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
  switch (item.kind) {
    case 'owner':
      return (
        <div className={`message message-owner${item.undone ? ' undone' : ''}`} aria-label={item.undone ? 'You (undone)' : 'You'}>
          <div className="message-text">{item.text}</div>
          {item.messageId !== undefined && !item.undone && <RestoreBeforeButton conversationId={conversationId} messageId={item.messageId} />}
        </div>
      );
    case 'assistant':
      return (
        <div className={`message message-assistant${item.undone ? ' undone' : ''}`}>
          <Markdown text={item.text} />
        </div>
      );
    case 'call':
      return (
        <div className={item.undone ? 'undone' : undefined}>
          <ToolCallRow agentId={agentId} callId={item.callId} tool={item.tool} args={item.args} result={item.result} />
        </div>
      );
    case 'notice':
      return (
        <p className={`message-notice${item.undone ? ' undone' : ''}`} role="note">
          {item.text}
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
    case 'working':
      return (
        <p className="message-working hint" role="status">
          Working…
        </p>
      );
  }
});
