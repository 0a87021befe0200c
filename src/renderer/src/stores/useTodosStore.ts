import { create } from 'zustand';
import type { TodoItemView } from '../../../shared/ipc';
import { call } from '../api';

interface TodosState {
  byConversation: Record<string, TodoItemView[]>;
  load(conversationId: string): Promise<void>;
}

export const useTodosStore = create<TodosState>((set, get) => ({
  byConversation: {},
  async load(conversationId) {
    set({
      byConversation: { ...get().byConversation, [conversationId]: await call('todos.list', { conversationId }) },
    });
  },
}));
