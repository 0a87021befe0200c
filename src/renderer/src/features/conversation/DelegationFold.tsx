import { useEffect } from 'react';
import { revealHiddenCharacters } from '../../../../shared/hiddenCharacters';
import { describeUsage } from '../../lib/usageText';
import { useDelegationStore } from '../../stores/useDelegationStore';
import { formatArgs } from './toolCallText';

/**
 * A delegate's conversation, folded under the delegate call (seed 003 §10.5): the question and text
 * it was handed, what it answered, every call it asked for with the refusal it got, and its cost.
 */
export function DelegationFold({ callId }: { callId: string }) {
  const delegation = useDelegationStore((state) => state.delegations[callId]);
  const load = useDelegationStore((state) => state.loadDelegation);
  const known = delegation !== undefined;
  useEffect(() => {
    if (!known) void load(callId).catch(() => undefined);
  }, [callId, known, load]);
  if (!delegation) return null;
  const { helper, usage } = delegation;
  const refused = delegation.messages.filter((message) => message.role === 'refused').length;
  const state = delegation.status === 'running' ? 'thinking…' : delegation.status === 'failed' ? 'failed' : 'answered';
  return (
    <details className="delegation-fold" aria-label={`Conversation with ${helper.handle}`}>
      <summary>
        {helper.name} ({helper.handle}, {helper.model}) {state} · {usage.requests}{' '}
        {usage.requests === 1 ? 'request' : 'requests'} · {describeUsage(usage)}
        {refused > 0 ? ` · ${refused} tool ${refused === 1 ? 'call' : 'calls'} refused` : ''}
      </summary>
      <ol className="delegation-messages">
        {delegation.messages.map((message, index) => {
          switch (message.role) {
            case 'question':
              return (
                <li key={index} className="delegation-question">
                  <div className="hint">Asked</div>
                  <pre tabIndex={0}>{revealHiddenCharacters(message.text)}</pre>
                </li>
              );
            case 'assistant':
              return (
                <li key={index} className="delegation-answer">
                  <div className="hint">{helper.handle}</div>
                  <p>{revealHiddenCharacters(message.text)}</p>
                </li>
              );
            case 'refused':
              return (
                <li key={index} className="delegation-refused outcome-refused">
                  <div className="hint">
                    {helper.handle} asked for <span className="tool-name">{message.tool}</span> — refused, nothing ran
                  </div>
                  <pre className="tool-args" tabIndex={0}>
                    {formatArgs(message.args)}
                  </pre>
                  <p className="form-error">{message.text}</p>
                </li>
              );
            default:
              return null;
          }
        })}
      </ol>
      {delegation.error && <p className="form-error">{delegation.error}</p>}
    </details>
  );
}
