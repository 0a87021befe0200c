// The core's event bus to the window. Output chunks are coalesced (~16 ms or 200 KB per message,
// as Hyper does) so a flood of output never floods the window.
import type { PaddockEvent } from '../shared/ipc';
import { createCoalescer } from './processes/coalesce';

export type EventListener = (event: PaddockEvent) => void;

export function createEventBus() {
  const listeners = new Set<EventListener>();

  function deliver(event: PaddockEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        /* a broken window must not break the core */
      }
    }
  }

  // Each call's output is joined in order; calls are delivered in the order they first spoke.
  const output = createCoalescer<{ callId: string; chunk: string }>(
    (items) => {
      const byCall = new Map<string, string[]>();
      for (const { callId, chunk } of items) {
        const chunks = byCall.get(callId);
        if (chunks) chunks.push(chunk);
        else byCall.set(callId, [chunk]);
      }
      for (const [callId, chunks] of byCall) deliver({ type: 'toolCall.output', callId, chunk: chunks.join('') });
    },
    { sizeOf: (item) => item.chunk.length },
  );
  const flush = (): void => output.flush();

  return {
    subscribe(listener: EventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event: PaddockEvent): void {
      if (event.type === 'toolCall.output') {
        output.push({ callId: event.callId, chunk: event.chunk });
        return;
      }
      flush();
      deliver(event);
    },
    flush,
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
