import { useCardsStore } from '../../stores/useCardsStore';
import { CardView } from './CardView';

/** Pending cards, oldest first; only the first takes keyboard answers. Space is reserved so a card never shifts the layout. */
export function CardQueue() {
  const cards = useCardsStore((state) => state.cards);
  if (cards.length === 0) return null;
  return (
    <section className="card-queue" aria-label="Pending approvals">
      <div className="card-queue-heading">
        {cards.length === 1 ? '1 call waits for you' : `${cards.length} calls wait for you`}
      </div>
      <CardView key={cards[0]!.id} card={cards[0]!} active />
      {cards.length > 1 && <p className="hint">{cards.length - 1} more after this one.</p>}
    </section>
  );
}
