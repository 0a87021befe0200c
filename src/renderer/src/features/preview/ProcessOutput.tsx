import { useEffect, useRef, useState } from 'react';
import { useProcessesStore } from '../../stores/useProcessesStore';
import { appendCapped, droppedSentence, EMPTY_CAPPED } from '../../lib/cappedText';
import { messageOf } from '../../lib/errors';

const OUTPUT_CAP = 512 * 1024;
const POLL_MS = 1000;

/** A started process's log, read with the core's offset cursor while the pane shows it. */
export function ProcessOutput({ agentId, name, active }: { agentId: string; name: string; active: boolean }) {
  const [output, setOutput] = useState(EMPTY_CAPPED);
  const [running, setRunning] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const cursor = useRef(0);
  const pre = useRef<HTMLPreElement>(null);

  useEffect(() => {
    cursor.current = 0;
    setOutput(EMPTY_CAPPED);
    setRunning(true);
    setError(null);
  }, [agentId, name]);

  useEffect(() => {
    if (!active) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    async function poll(): Promise<void> {
      try {
        const page = await useProcessesStore.getState().output(agentId, name, cursor.current);
        if (stopped) return;
        cursor.current = page.next;
        if (page.text !== '') setOutput((current) => appendCapped(current, page.text, OUTPUT_CAP));
        setRunning(page.running);
        if (page.running) timer = setTimeout(() => void poll(), POLL_MS);
      } catch (reason) {
        if (!stopped) setError(messageOf(reason));
      }
    }
    void poll();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [agentId, name, active]);

  useEffect(() => {
    const element = pre.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [output]);

  const dropped = droppedSentence(output.dropped);
  return (
    <section className="process-output" aria-label={`Output of ${name}`}>
      <div className="hint">
        Output of <code>{name}</code> {running ? '(running)' : '(ended)'}
      </div>
      {error && <p className="form-error">{error}</p>}
      {dropped && <div className="hint">{dropped}</div>}
      <pre ref={pre} className="tool-output process-log" tabIndex={0}>
        {output.text}
      </pre>
    </section>
  );
}
