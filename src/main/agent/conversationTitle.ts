// A conversation is named by its first request, so the sidebar lists what each one was about.
import type { ConversationsRepository } from '../store/conversations';

export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0]!.trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** Renames a conversation that has no message yet after `text`; true when it did. */
export function nameByFirstRequest(
  conversations: ConversationsRepository,
  conversationId: string,
  text: string,
): boolean {
  if (conversations.count(conversationId) !== 0) return false;
  conversations.rename(conversationId, titleFrom(text));
  return true;
}
