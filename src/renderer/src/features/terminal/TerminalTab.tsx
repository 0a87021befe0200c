import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { useEffect, useRef, useState } from 'react';
import { useTerminalStore } from '../../stores/useTerminalStore';
import { messageOf } from '../../lib/errors';

const EARLY_CAP = 256 * 1024;

/**
 * The owner's own terminal in the workspace (xterm.js over the core's pty): never a model tool.
 * The core batches output (about 16 ms or 200 KB a message) and xterm batches its own rendering.
 */
export function TerminalTab({ agentId, visible }: { agentId: string; visible: boolean }) {
  const host = useRef<HTMLDivElement>(null);
  const fitRef = useRef<(() => void) | null>(null);
  const [session, setSession] = useState(0);
  const [exited, setExited] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!host.current) return undefined;
    const terminal = new Terminal({
      convertEol: false,
      cursorBlink: true,
      fontSize: 12.5,
      scrollback: 5000,
      fontFamily: getComputedStyle(document.documentElement).getPropertyValue('--mono').trim() || 'monospace',
    });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    terminal.open(host.current);
    const terminals = useTerminalStore.getState();
    let terminalId: string | null = null;
    let closed = false;
    // Data can arrive before `terminal.open` answers (the shell's first prompt): hold it by id.
    const early = new Map<string, string>();

    const unsubscribe = terminals.follow((event) => {
      if (event.type === 'terminal.data') {
        if (event.terminalId === terminalId) terminal.write(event.data);
        else if (terminalId === null)
          early.set(event.terminalId, ((early.get(event.terminalId) ?? '') + event.data).slice(-EARLY_CAP));
      } else if (event.type === 'terminal.exit' && event.terminalId === terminalId) {
        setExited(event.exitCode === null ? 'The shell ended.' : `The shell exited with code ${event.exitCode}.`);
      }
    });

    const safeFit = (): void => {
      if (!host.current || host.current.clientWidth === 0) return;
      fit.fit();
      if (terminalId)
        void terminals
          .resize(terminalId, Math.max(10, terminal.cols), Math.max(5, terminal.rows))
          .catch(() => undefined);
    };
    fitRef.current = safeFit;
    safeFit();

    void terminals
      .open(agentId, Math.max(10, terminal.cols), Math.max(5, terminal.rows))
      .then((id) => {
        if (closed) {
          void terminals.close(id).catch(() => undefined);
          return;
        }
        terminalId = id;
        const held = early.get(id);
        if (held) terminal.write(held);
        early.clear();
        terminal.focus();
      })
      .catch((reason: unknown) => setError(messageOf(reason)));

    const input = terminal.onData((data) => {
      if (terminalId) void terminals.write(terminalId, data).catch(() => undefined);
    });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(() => safeFit()) : null;
    observer?.observe(host.current);

    return () => {
      closed = true;
      observer?.disconnect();
      input.dispose();
      unsubscribe();
      if (terminalId) void terminals.close(terminalId).catch(() => undefined);
      terminal.dispose();
      fitRef.current = null;
    };
  }, [agentId, session]);

  useEffect(() => {
    if (visible) fitRef.current?.();
  }, [visible]);

  return (
    <div className="terminal-tab">
      <p className="hint">
        Your own terminal: it runs as you, outside the agents’ sandbox, and no agent can type in it.
      </p>
      {error && <p className="form-error">{error}</p>}
      {exited && (
        <p className="hint" role="status">
          {exited}{' '}
          <button
            type="button"
            onClick={() => {
              setExited(null);
              setError(null);
              setSession(session + 1);
            }}
          >
            Open a new terminal
          </button>
        </p>
      )}
      <div className="terminal-host" ref={host} aria-label="Terminal in the workspace" role="region" />
    </div>
  );
}
