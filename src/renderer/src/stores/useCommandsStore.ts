import { create } from 'zustand';
import type { SlashCommandView } from '../../../shared/ipc';
import { call } from '../api';
import { useConversationStore } from './useConversationStore';

interface CommandsState {
  byAgent: Record<string, SlashCommandView[]>;
  /** Text the palette puts in the composer (a command's name); the composer takes it and clears it. */
  prefill: string | null;
  load(agentId: string): Promise<void>;
  accept(agentId: string, command: SlashCommandView): Promise<void>;
  /** Sends `/name arguments`: the core expands it and starts the turn. */
  run(conversationId: string, name: string, args: string): Promise<void>;
  setPrefill(text: string | null): void;
}

export const useCommandsStore = create<CommandsState>((set, get) => ({
  byAgent: {},
  prefill: null,
  async load(agentId) {
    set({ byAgent: { ...get().byAgent, [agentId]: await call('commands.list', { agentId }) } });
  },
  async accept(agentId, command) {
    await call('commands.accept', { agentId, relPath: command.relPath, sha256: command.sha256 });
    await get().load(agentId);
  },
  async run(conversationId, name, args) {
    await useConversationStore
      .getState()
      .startWith(conversationId, `/${name}${args ? ` ${args}` : ''}`, () =>
        call('commands.run', { conversationId, name, arguments: args }),
      );
  },
  setPrefill(prefill) {
    set({ prefill });
  },
}));

/** `/name rest` → the name and the rest, when the text starts with a slash command word. */
export function parseSlash(text: string): { name: string; args: string } | null {
  const match = /^\/([a-z0-9][a-z0-9_-]{0,63})(?:\s+([\s\S]*))?$/i.exec(text.trim());
  return match ? { name: match[1]!.toLowerCase(), args: (match[2] ?? '').trim() } : null;
}
