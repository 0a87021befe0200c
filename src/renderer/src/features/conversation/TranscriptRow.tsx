import { memo } from 'react';
import { useConversationStore } from '../../stores/useConversationStore';
import { Markdown } from './Markdown';
import { ToolCallRow } from './ToolCallRow';
import { WorkingRow } from './WorkingRow';
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
        <div className="message message-owner" aria-label="You">
          <div className="message-text">{item.text}</div>
        </div>
      );
    case 'assistant':
      return (
        <div className="message message-assistant">
          <Markdown text={item.text} />
        </div>
      );
    case 'call':
      return <ToolCallRow agentId={agentId} callId={item.callId} tool={item.tool} args={item.args} result={item.result} />;
    case 'notice':
      return (
        <p className="message-notice" role="note">
          {item.text}
        </p>
      );
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
      return <WorkingRow conversationId={conversationId} />;
  }
});
