// The live owner requests (seed 003 §3): every developer tool's call must name one, and the floor
// checks that the id names a request still live in that conversation, not merely that one is given.
// An agent turn is live from its start to its end (the loop answers); an MCP client's session is
// live while it is open (the session opens and closes it here).

export interface OwnerRequests {
  /** Opens a live request; the returned function ends it. */
  open(id: string, conversationId: string): () => void;
  isLive(id: string, conversationId: string): boolean;
}

export function createOwnerRequests(): OwnerRequests {
  const live = new Map<string, string>();
  return {
    open(id, conversationId) {
      live.set(id, conversationId);
      return () => {
        if (live.get(id) === conversationId) live.delete(id);
      };
    },
    isLive: (id, conversationId) => live.get(id) === conversationId,
  };
}
