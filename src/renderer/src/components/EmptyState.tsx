import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** What is missing and what to do next (issue 23 §4): an icon, a heading, a sentence, an action. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  compact = false,
  level = 2,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  compact?: boolean;
  /** The heading's level where it stands in the page's outline. */
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={`empty-panel${compact ? ' empty-compact' : ''}`} role="note" aria-label={title}>
      <Icon size={compact ? 18 : 28} aria-hidden="true" className="empty-icon" />
      <Heading>{title}</Heading>
      {children}
    </div>
  );
}
