// The core's event bus to the window. Output chunks are coalesced (~16 ms or 200 KB per message,
// as Hyper does) so a flood of output never floods the window.
import type { ToolName } from '../shared/domain';
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

/** What a successful call produced that the side pane shows: a preview, a screenshot, a new summary. */
export function showInWindow(bus: EventBus, tool: ToolName, agentId: string, args: unknown, data: unknown): void {
  const fields = (data ?? {}) as { process?: unknown; absoluteAssets?: unknown; file?: unknown };
  const named = (args ?? {}) as { name?: unknown };
  if (tool === 'preview' && typeof fields.process === 'string') {
    bus.emit({ type: 'preview.shown', agentId, name: fields.process, absoluteAssets: fields.absoluteAssets === true });
  } else if (tool === 'screenshot' && typeof fields.file === 'string') {
    bus.emit({ type: 'screenshot.taken', agentId, name: String(named.name ?? ''), file: fields.file });
  } else if (tool === 'summarise' || tool === 'write' || tool === 'edit' || tool === 'git') {
    bus.emit({ type: 'summary.changed', agentId });
  }
}
