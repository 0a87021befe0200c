// The core's event bus to the window. Output chunks are coalesced (~16 ms or 200 KB per message,
// as Hyper does) so a flood of output never floods the window.
import type { ToolName } from '../shared/domain';
import type { PaddockEvent } from '../shared/ipc';

export type EventListener = (event: PaddockEvent) => void;

const FLUSH_MS = 16;
const FLUSH_BYTES = 200 * 1024;

export function createEventBus() {
  const listeners = new Set<EventListener>();
  const pendingOutput = new Map<string, string[]>();
  let pendingBytes = 0;
  let timer: NodeJS.Timeout | null = null;

  function deliver(event: PaddockEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        /* a broken window must not break the core */
      }
    }
  }

  function flush(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    pendingBytes = 0;
    const batches = [...pendingOutput.entries()];
    pendingOutput.clear();
    for (const [callId, chunks] of batches) deliver({ type: 'toolCall.output', callId, chunk: chunks.join('') });
  }

  return {
    subscribe(listener: EventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event: PaddockEvent): void {
      if (event.type === 'toolCall.output') {
        const chunks = pendingOutput.get(event.callId) ?? [];
        chunks.push(event.chunk);
        pendingOutput.set(event.callId, chunks);
        pendingBytes += event.chunk.length;
        if (pendingBytes >= FLUSH_BYTES) flush();
        else timer ??= setTimeout(flush, FLUSH_MS);
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
