import { useCommandsStore } from '../../stores/useCommandsStore';
import { messageOf } from '../../lib/errors';
import { useAgentsStore } from '../../stores/useAgentsStore';
import { useAppStore } from '../../stores/useAppStore';
import { useConversationStore } from '../../stores/useConversationStore';
import { useProcessesStore } from '../../stores/useProcessesStore';
import { useSearchStore } from '../../stores/useSearchStore';
import { PANE_TABS, useSidePaneStore } from '../../stores/useSidePaneStore';
import { shortcutLabel, type ShortcutAction } from './shortcuts';

/** The common actions, shared by the command palette and the shortcuts. */
export interface WindowCommand {
  id: string;
  title: string;
  shortcut?: string;
  run(): void;
}

const fail = (reason: unknown): void => useAppStore.getState().showError(messageOf(reason));

export function newConversation(): void {
  const agentId = useAgentsStore.getState().selectedId;
  if (!agentId) return;
  useAppStore.getState().setView('agent');
  void useConversationStore.getState().create(agentId).then(focusComposer).catch(fail);
}

/** Stops the selected conversation's turn: the explicit stop key, the palette and the Stop button; never Escape. */
export function stopTurn(): boolean {
  const agentId = useAgentsStore.getState().selectedId;
  const conversationId = agentId ? useConversationStore.getState().selected[agentId] : null;
  if (!conversationId || !useConversationStore.getState().live[conversationId]?.working) return false;
  void useConversationStore.getState().cancel(conversationId).catch(fail);
  return true;
}

export function focusComposer(): void {
  setTimeout(() => document.getElementById('composer-input')?.focus(), 0);
}

function slashCommandsOf(agentId: string | null) {
  return agentId ? (useCommandsStore.getState().byAgent[agentId] ?? []) : [];
}

export function windowCommands(): WindowCommand[] {
  const app = useAppStore.getState();
  return [
    {
      id: 'conversation.new',
      title: 'New conversation',
      shortcut: shortcutLabel('conversation.new'),
      run: newConversation,
    },
    { id: 'composer.focus', title: 'Write a message', run: focusComposer },
    {
      id: 'search',
      title: 'Search conversations',
      shortcut: shortcutLabel('search'),
      run: () => useSearchStore.getState().setOpen(true),
    },
    { id: 'turn.stop', title: 'Stop the agent', shortcut: shortcutLabel('turn.stop'), run: () => void stopTurn() },
    {
      id: 'palette',
      title: 'Command palette',
      shortcut: shortcutLabel('palette'),
      run: () => app.setPaletteOpen(true),
    },
    { id: 'agent.new', title: 'New agent', run: () => app.setCreatingAgent(true) },
    ...PANE_TABS.map((tab, index) => ({
      id: `pane.${tab}`,
      title: `Show ${tab}`,
      shortcut: shortcutLabel(`pane.${index + 1}` as ShortcutAction),
      run: () => useSidePaneStore.getState().setTab(tab),
    })),
    // Slash commands of the selected agent: the palette puts the name in the composer, ready for its arguments.
    ...slashCommandsOf(useAgentsStore.getState().selectedId).map((command) => ({
      id: `command.${command.name}`,
      title: `/${command.name} — ${command.source === 'owner' ? 'your command' : 'project command'}`,
      run: () => {
        app.setView('agent');
        useCommandsStore.getState().setPrefill(`/${command.name} `);
      },
    })),
    { id: 'settings.open', title: 'Settings → Developer', run: () => app.setView('settings') },
    {
      id: 'processes.stopAll',
      title: 'Stop all processes',
      run: () => void useProcessesStore.getState().stopAll().catch(fail),
    },
    ...useAgentsStore.getState().agents.map((agent) => ({
      id: `agent.select.${agent.id}`,
      title: `Go to ${agent.name}`,
      run: () => {
        useAgentsStore.getState().select(agent.id);
        app.setView('agent');
      },
    })),
  ];
}
