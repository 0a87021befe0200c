import { useEffect, useState } from 'react';
import type { ConnectionState } from '../../stores/host';
import { useConnectionStore } from '../../stores/useConnectionStore';

function label(state: ConnectionState): string {
  switch (state.status) {
    case 'connected':
      return 'Connected';
    case 'connecting':
      return 'Connecting…';
    case 'disconnected':
      return 'Not connected';
    case 'unauthorised':
      return 'Refused';
  }
}

/** Always visible: a dot and a word for the link to the core. */
export function ConnectionIndicator() {
  const state = useConnectionStore((store) => store.state);
  return (
    <span
      className={`connection-indicator connection-${state.status}`}
      role="status"
      aria-label="Connection to Paddock"
    >
      <span className="connection-dot" aria-hidden="true" />
      {label(state)}
    </span>
  );
}

function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (at === null) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Says, at the top of the window, that the core went away or refused this tab, and what to do. */
export function ConnectionBanner() {
  const state = useConnectionStore((store) => store.state);
  const seconds = useSecondsUntil(state.status === 'disconnected' ? state.retryAt : null);
  if (state.status === 'disconnected') {
    return (
      <div className="banner banner-error connection-banner" role="alert" aria-label="Connection lost">
        <span>
          <strong>Paddock went away.</strong> The window cannot reach the core, so nothing here is live: a turn or a
          command shown as running may have stopped. {seconds > 0 ? `Trying again in ${seconds} s…` : 'Trying again…'}{' '}
          If you restarted <code>paddock serve</code> on another port, open the address it printed.
        </span>
      </div>
    );
  }
  if (state.status === 'unauthorised') {
    return (
      <div className="banner banner-error connection-banner" role="alert" aria-label="Connection refused">
        <span>
          <strong>{state.message}</strong>{' '}
          {state.why === 'restarted' ? 'This tab holds the key of the previous launch, which the new one refuses.' : ''}
        </span>
      </div>
    );
  }
  return null;
}
