// Desktop notifications in the Electron host (issue 32 item 1): while the window is not focused, a
// card that starts waiting, or a turn that ends, fails or hits a limit, is told with Electron's
// Notification; the text comes from the typed events (src/shared/attention.ts). A click brings
// the window forward at that conversation or card. On macOS a card that names no danger carries
// Approve and Deny, answered through the same card-answer path as the window's buttons (the core
// checks it the same way: a stale or forged answer is refused, and then the card only opens).
// Electron offers actions on macOS only; on Windows and Linux a notification opens, nothing more.
import { createAttentionWatch, type AttentionNames, type AttentionNote } from '../../../shared/attention';
import type { AttentionSettings, Card, CardAnswer } from '../../../shared/domain';
import type { PaddockEvent } from '../../../shared/ipc';
import type { AttentionWindow, HostNotification, HostNotifier } from './surface';

export interface ElectronAttentionDeps {
  notifier: HostNotifier;
  platform: NodeJS.Platform;
  window(): AttentionWindow | null;
  names: AttentionNames;
  settings(): AttentionSettings;
  /** The card as the core holds it now (its hash is the one an answer must carry). */
  pendingCard(cardId: string): Card | null;
  /** The core's card-answer path; throws (or rejects with) its refusal. */
  answer(answer: CardAnswer): unknown;
  /** Tells the window which conversation (and card) to show. */
  open(target: { agentId: string; conversationId: string; cardId: string | null }): void;
  log(message: string): void;
}

export const APPROVE_INDEX = 0;
export const DENY_INDEX = 1;

export function createElectronAttention(deps: ElectronAttentionDeps) {
  const watch = createAttentionWatch(deps.names);
  // Held so a shown notification's handlers live as long as it does (Electron drops collected ones).
  const shown = new Map<string, HostNotification>();

  function bringForward(note: AttentionNote): void {
    const window = deps.window();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
    }
    deps.open({ agentId: note.agentId, conversationId: note.conversationId, cardId: note.cardId });
  }

  function answerFromNotification(note: AttentionNote, decision: CardAnswer['decision']): void {
    const card = note.cardId ? deps.pendingCard(note.cardId) : null;
    if (!card || card.danger) {
      bringForward(note);
      return;
    }
    const refused = (error: unknown): void => {
      deps.log(`a notification's ${decision} was refused: ${(error as Error).message}`);
      bringForward(note);
    };
    try {
      const answered = deps.answer({
        cardId: card.id,
        decision,
        ...(card.baseHash !== undefined ? { baseHash: card.baseHash } : {}),
      });
      if (answered instanceof Promise) answered.catch(refused);
    } catch (error) {
      refused(error);
    }
  }

  function show(note: AttentionNote): void {
    const settings = deps.settings();
    if (!settings.enabled || !settings.kinds[note.kind]) return;
    if (!deps.notifier.isSupported()) return;
    if (deps.window()?.isFocused()) return;
    const actions =
      note.answerable && deps.platform === 'darwin'
        ? [
            { type: 'button' as const, text: 'Approve' },
            { type: 'button' as const, text: 'Deny' },
          ]
        : undefined;
    const notification = deps.notifier.create({
      title: note.title,
      body: note.body,
      silent: !settings.sound,
      ...(actions ? { actions } : {}),
    });
    shown.get(note.tag)?.close();
    shown.set(note.tag, notification);
    notification.on('click', () => bringForward(note));
    notification.on('close', () => {
      if (shown.get(note.tag) === notification) shown.delete(note.tag);
    });
    if (actions)
      notification.on('action', (_event, index) =>
        answerFromNotification(note, index === APPROVE_INDEX ? 'approve' : 'deny'),
      );
    notification.show();
  }

  return {
    take(event: PaddockEvent): void {
      // A card answered elsewhere takes its notification away.
      if (event.type === 'card.resolved') {
        shown.get(`card-${event.cardId}`)?.close();
        return;
      }
      const note = watch.take(event);
      if (note) show(note);
    },
  };
}
