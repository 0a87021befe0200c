/** How many things wait for the owner here (cards, failed turns): shown only when there are some. */
export function NeedsOwnerBadge({ count, what }: { count: number; what: string }) {
  if (count === 0) return null;
  return (
    <span
      className="needs-owner"
      aria-label={`${count} ${count === 1 ? 'thing needs' : 'things need'} you in ${what}`}
      title="Waiting cards and failed turns"
    >
      {count}
    </span>
  );
}
