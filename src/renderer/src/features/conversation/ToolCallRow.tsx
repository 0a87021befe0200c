import { ScreenshotImage } from '../preview/ScreenshotImage';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo } from 'react';
import { DiffView } from '../cards/DiffView';
import { DelegationFold } from './DelegationFold';
import { ToolIcon } from './toolIcons';
import { droppedSentence } from '../../lib/cappedText';
import { outputAccountSentence } from '../../lib/outputAccount';
import { formatElapsed, useNow } from '../../lib/elapsed';
import { useCardsStore } from '../../stores/useCardsStore';
import { isCutOff, useConnectionStore } from '../../stores/useConnectionStore';
import { useFilesStore } from '../../stores/useFilesStore';
import { useDelegationStore } from '../../stores/useDelegationStore';
import { useToolCallsStore } from '../../stores/useToolCallsStore';
import { revealHiddenCharacters } from '../../../../shared/hiddenCharacters';
import { callOutcome, spanOf } from './callOutcome';
import { TerminalText } from './TerminalText';
import { formatArgs, mainArgument } from './toolCallText';

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
  // A delegation the core already told about (delegation.changed) folds under its call while it runs.
  const helperWorking = useDelegationStore((state) => Boolean(state.delegations[callId]));
  const output = useToolCallsStore((state) => state.output[callId]);
  const expanded = useToolCallsStore((state) => state.expanded[callId] ?? false);
  const toggle = useToolCallsStore((state) => state.toggle);
  const card = useCardsStore((state) => state.cards.find((pending) => pending.callId === callId));
  const openFile = useFilesStore((state) => state.openFile);
  const openUnifiedDiff = useFilesStore((state) => state.openUnifiedDiff);

  const cutOff = useConnectionStore((state) => isCutOff(state.state));
  const outcome = callOutcome({ view, result, waitingForCard: card !== undefined, cutOff });

  const now = useNow(outcome.kind === 'running');
  const began = view?.startedAt ?? view?.createdAt;
  const status =
    outcome.kind === 'running' && began ? `running · ${formatElapsed(now - Date.parse(began))}` : outcome.word;
  // How a command ended is the core's outcome of the call; the model's text is only shown, never read for it.
  const command = view?.outcome?.command;
  // The output the model received: the part of its text the outcome points at, when the window holds that text.
  const sent = command ? spanOf(view, result?.text, command.outputStart) : null;
  const sentOutput = sent !== null && command?.printedNothing ? '' : sent;
  // The output is shown once: the live stream when this window saw it, else what the model received.
  const shownOutput = output && output.text !== '' ? output.text : (sentOutput ?? '');
  const sentDiffers =
    result !== undefined && (command ? sentOutput !== shownOutput && !output?.dropped : result.text !== view?.error);
  const main = mainArgument(view?.args ?? args);
  // A path the fence refused was never opened, and may not be the owner's to open: no Open, no Diff.
  // Which file a call names is the tool's own answer, recorded with the call.
  const path = outcome.kind === 'refused' ? null : (view?.file ?? null);
  const resultDiff = spanOf(view, result?.text, view?.outcome?.diffStart);
  // The core's account once the command ended: printed in all, and what the window, the log and
  // the model each kept. While it runs, only what this window itself dropped is known.
  const account = view?.outputAccount ?? null;
  const dropped = account
    ? outputAccountSentence(account, output && output.text !== '' ? output.text.length : null)
    : output
      ? droppedSentence(output.dropped)
      : null;
  // A screenshot shows inline: the picture the model was sent, read back from Paddock's files.
  const shot = outcome.kind === 'ok' ? (view?.outcome?.image ?? null) : null;

  return (
    <div className={`tool-row outcome-${outcome.kind}`}>
      <div className="tool-row-line">
        <button
          type="button"
          className="tool-row-toggle"
          aria-expanded={expanded}
          aria-label={`${tool} ${main}`.trim()}
          onClick={() => toggle(callId)}
        >
          {expanded ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
          <ToolIcon icon={view?.icon} />
          <span className="tool-name">{tool}</span> <span className="tool-main">{main}</span>
        </button>
        <span className="tool-status" aria-label="Status" data-outcome={outcome.kind}>
          {status}
        </span>
        {path && (
          <button
            type="button"
            className="link"
            onClick={() => void openFile(agentId, path)}
            aria-label={`Open ${path}`}
          >
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
          <button
            type="button"
            className="link"
            onClick={() => void openUnifiedDiff(agentId, path, resultDiff, 'applied')}
            aria-label={`Diff of ${path}`}
          >
            Diff
          </button>
        )}
      </div>
      {shot && (
        <div className="tool-row-image">
          <ScreenshotImage agentId={agentId} file={shot} />
        </div>
      )}
      {(view?.outcome?.delegated || helperWorking) && <DelegationFold callId={callId} />}
      {card && <p className="tool-row-card hint">{card.reason} — answer it in Pending approvals below.</p>}
      {expanded && (
        <div className="tool-row-body" role="region" aria-label={`Details of ${tool}`}>
          <div className="hint">Arguments</div>
          <pre className="tool-args" tabIndex={0}>
            {formatArgs(view?.args ?? args)}
          </pre>
          {view?.reason && (
            <p className="hint">
              {view.tier === 'gated' ? 'Asked you: ' : 'Ran at once: '}
              {view.reason}
              {view.answer ? ` — ${view.answer}` : ''}
            </p>
          )}
          {!result && view?.resultSummary && !shownOutput && <p className="tool-summary">{view.resultSummary}</p>}
          {view?.error && <p className="form-error">{view.error}</p>}
          {resultDiff && <DiffView diff={resultDiff} />}
          {command && (
            <p className="hint">
              $ {revealHiddenCharacters(command.shown)} — {command.ending}
            </p>
          )}
          {dropped && <p className="hint output-account">{dropped}</p>}
          {shownOutput !== '' && (
            <>
              <div className="hint">Output</div>
              <TerminalText text={shownOutput} label="Output" />
            </>
          )}
          {result && sentDiffers && !(command && sentOutput === '' && shownOutput === '') && (
            <>
              <div className="hint">{result.isError ? 'Error sent to the model' : 'Sent to the model'}</div>
              <TerminalText text={result.text} label="Sent to the model" raw />
            </>
          )}
        </div>
      )}
    </div>
  );
});
