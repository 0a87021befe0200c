import { revealHiddenCharacters as shown } from '../../../../shared/hiddenCharacters';
import type { CardHunk } from '../../../../shared/domain';

// Inside a hunk there are no file headers: a removed "-- comment" line is a deletion, not "---".
const kindOf = (line: string): string => (line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : 'ctx');

/**
 * A write or edit card's diff, hunk by hunk, each with Accept and Reject (issue 17); a task's Summary
 * reviews its diff against the base with the same list. The answer names hunk ids only; the core
 * applies (or reverts) its own copy of those hunks.
 */
export function HunkList({
  hunks,
  rejected,
  onToggle,
  rejectedNote = 'rejected: not applied',
}: {
  hunks: CardHunk[];
  rejected: ReadonlySet<string>;
  onToggle(id: string, accept: boolean): void;
  /** What a rejected hunk's header says will happen to it. */
  rejectedNote?: string;
}) {
  return (
    <div
      className="hunks"
      role="group"
      aria-label={`Hunks: ${hunks.length - rejected.size} of ${hunks.length} accepted`}
    >
      {hunks.map((hunk, index) => {
        const isRejected = rejected.has(hunk.id);
        const label = `Hunk ${index + 1} of ${hunks.length}`;
        return (
          <section
            key={hunk.id}
            className={`hunk${isRejected ? ' hunk-rejected' : ''}`}
            aria-label={label}
            data-hunk={hunk.id}
          >
            <div className="hunk-header">
              <span className="hunk-title">{label}</span>
              <code className="diff-hunk">{hunk.header}</code>
              <span className="hunk-toggle" role="group" aria-label={`${label}: accept or reject`}>
                <button type="button" aria-pressed={!isRejected} onClick={() => onToggle(hunk.id, true)}>
                  Accept
                </button>
                <button type="button" aria-pressed={isRejected} onClick={() => onToggle(hunk.id, false)}>
                  Reject
                </button>
              </span>
              {isRejected && <span className="hunk-state">{rejectedNote}</span>}
            </div>
            <pre className="diff" aria-label={`${label} diff`}>
              {hunk.lines.map((line, lineIndex) => (
                <span key={lineIndex} className={`diff-line diff-${kindOf(line)}`}>
                  {shown(line) + '\n'}
                </span>
              ))}
            </pre>
          </section>
        );
      })}
    </div>
  );
}
