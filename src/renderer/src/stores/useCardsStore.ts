import { create } from 'zustand';
import type { Card, CardAnswer } from '../../../shared/domain';
import { call } from '../api';

interface CardsState {
  cards: Card[];
  load(): Promise<void>;
  added(card: Card): void;
  resolved(cardId: string): void;
  answer(answer: CardAnswer): Promise<void>;
}

export const useCardsStore = create<CardsState>((set, get) => ({
  cards: [],
  async load() {
    set({ cards: await call('cards.list', {}) });
  },
  added(card) {
    if (!get().cards.some((existing) => existing.id === card.id)) set({ cards: [...get().cards, card] });
  },
  resolved(cardId) {
    set({ cards: get().cards.filter((card) => card.id !== cardId) });
  },
  async answer(answer) {
    await call('cards.answer', answer);
    get().resolved(answer.cardId);
  },
}));
