import { ScreenshotImage } from '../preview/ScreenshotImage';
import { memo } from 'react';
import { droppedSentence } from '../../lib/cappedText';
import { useCardsStore } from '../../stores/useCardsStore';
import { useFilesStore } from '../../stores/useFilesStore';
import { useToolCallsStore } from '../../stores/useToolCallsStore';
import { filePathOf, formatArgs, mainArgument, unifiedDiffIn } from './toolCallText';

export interface ToolCallRowProps {
  agentId: string;
  callId: string;
  tool: string;
  args: unknown;
  /** The tool's result as stored in the transcript, when the call has finished. */
  result?: { text: string; isError: boolean };
}

/** A compact line per call (tool, main argument, status) that opens to its arguments, result and live output. */
export const ToolCallRow = memo(function ToolCallRow({ agentId, callId, tool, args, result }: ToolCallRowProps) {
  const view = useToolCallsStore((state) => state.calls[callId]);
  const output = useToolCallsStore((state) => state.output[callId]);
  const expanded = useToolCallsStore((state) => state.expanded[callId] ?? false);
  const toggle = useToolCallsStore((state) => state.toggle);
  const card = useCardsStore((state) => state.cards.find((pending) => pending.callId === callId));
  const openFile = useFilesStore((state) => state.openFile);
  const openUnifiedDiff = useFilesStore((state) => state.openUnifiedDiff);

  const status = card ? 'waiting for you' : (view?.status ?? (result ? (result.isError ? 'failed' : 'done') : 'running'));
  const main = mainArgument(view?.args ?? args);
  const path = filePathOf(tool, view?.args ?? args);
  const resultDiff = unifiedDiffIn(result?.text);
  const dropped = output ? droppedSentence(output.dropped) : null;
  // A screenshot shows inline: the picture the model was sent, read back from Paddock's files.
  const shot = tool === 'screenshot' && result && !result.isError ? (/ saved to (\/\S+\.png)[;.]/.exec(result.text)?.[1] ?? null) : null;

  return (
    <div className={`tool-row status-${status.replace(/\s/g, '-')}`}>
      <div className="tool-row-line">
        <button
          type="button"
          className="tool-row-toggle"
          aria-expanded={expanded}
          aria-label={`${tool} ${main}`.trim()}
          onClick={() => toggle(callId)}
        >
          <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
          <span className="tool-name">{tool}</span>
          <span className="tool-main">{main}</span>
        </button>
        <span className="tool-status" aria-label="Status">
          {status}
        </span>
        {path && (
          <button type="button" className="link" onClick={() => void openFile(agentId, path)} aria-label={`Open ${path}`}>
            Open
          </button>
        )}
        {path && card?.diff && (
          <button
            type="button"
            className="link"
            onClick={() => void openUnifiedDiff(agentId, path, card.diff ?? '', 'pending', card.baseHash === null)}
            aria-label={`Diff of ${path}`}
          >
            Diff
          </button>
        )}
        {path && !card && resultDiff && (
          <button type="button" className="link" onClick={() => void openUnifiedDiff(agentId, path, resultDiff, 'applied')} aria-label={`Diff of ${path}`}>
            Diff
          </button>
        )}
      </div>
      {shot && (
        <div className="tool-row-image">
          <ScreenshotImage agentId={agentId} file={shot} />
        </div>
      )}
      {card && <p className="tool-row-card hint">{card.reason} — answer it in Pending approvals below.</p>}
      {expanded && (
        <div className="tool-row-body" role="region" aria-label={`Details of ${tool}`}>
          <div className="hint">Arguments</div>
          <pre className="tool-args">{formatArgs(view?.args ?? args)}</pre>
          {view?.reason && (
            <p className="hint">
              {view.tier === 'gated' ? 'Asked you: ' : 'Ran at once: '}
              {view.reason}
              {view.answer ? ` — ${view.answer}` : ''}
            </p>
          )}
          {view?.resultSummary && <p className="tool-summary">{view.resultSummary}</p>}
          {view?.error && <p className="form-error">{view.error}</p>}
          {output && output.text !== '' && (
            <>
              <div className="hint">Output</div>
              {dropped && <div className="hint">{dropped}</div>}
              <pre className="tool-output">{output.text}</pre>
            </>
          )}
          {result && (
            <>
              <div className="hint">{result.isError ? 'Error returned to the model' : 'Result returned to the model'}</div>
              <pre className="tool-output">{result.text}</pre>
            </>
          )}
        </div>
      )}
    </div>
  );
});
