import { ChevronDown, ChevronRight } from 'lucide-react';
import { memo } from 'react';
import { useCardsStore } from '../../stores/useCardsStore';
import { useToolCallsStore } from '../../stores/useToolCallsStore';
import { callOutcome } from './callOutcome';
import type { TranscriptItem } from './transcriptItems';

type StepItem = Extract<TranscriptItem, { kind: 'step' }>;

/** "7 calls · 2 cards · 1 failed": what one step did, counted from its calls' records. */
export function describeStep(counts: {
  calls: number;
  cards: number;
  failed: number;
  refused: number;
  denied: number;
  running: number;
}): string {
  const parts = [`${counts.calls} calls`];
  if (counts.cards > 0) parts.push(`${counts.cards} ${counts.cards === 1 ? 'card' : 'cards'}`);
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  if (counts.refused > 0) parts.push(`${counts.refused} refused`);
  if (counts.denied > 0) parts.push(`${counts.denied} denied`);
  if (counts.running > 0) parts.push(`${counts.running} running`);
  return parts.join(' · ');
}

/** The header of a step's tool rows: its summary, folding and unfolding them. */
export const StepSummary = memo(function StepSummary({ item }: { item: StepItem }) {
  const views = useToolCallsStore((state) => state.calls);
  const folded = useToolCallsStore((state) => state.folded[item.step] ?? false);
  const toggleStep = useToolCallsStore((state) => state.toggleStep);
  const pending = useCardsStore((state) => state.cards);
  const counts = { calls: item.calls.length, cards: 0, failed: 0, refused: 0, denied: 0, running: 0 };
  for (const call of item.calls) {
    const view = views[call.callId];
    const waiting = pending.some((card) => card.callId === call.callId);
    if (view?.tier === 'gated' || waiting) counts.cards += 1;
    const outcome = callOutcome({ view, result: call.result, waitingForCard: waiting, cutOff: false });
    if (outcome.kind === 'failed' || outcome.kind === 'exit-nonzero') counts.failed += 1;
    else if (outcome.kind === 'refused') counts.refused += 1;
    else if (outcome.kind === 'denied') counts.denied += 1;
    else if (outcome.kind === 'running') counts.running += 1;
  }
  const summary = describeStep(counts);
  const Chevron = folded ? ChevronRight : ChevronDown;
  return (
    <button
      type="button"
      className={`step-summary${counts.failed + counts.refused > 0 ? ' step-has-failure' : ''}${item.undone ? ' undone' : ''}`}
      aria-expanded={!folded}
      aria-label={`Step: ${summary}`}
      onClick={() => toggleStep(item.step)}
    >
      <Chevron size={14} aria-hidden="true" />
      <span>{summary}</span>
    </button>
  );
});
