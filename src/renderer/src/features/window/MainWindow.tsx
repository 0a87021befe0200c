import { lazy, Suspense, useEffect } from 'react';
import { AgentPane } from '../agents/AgentPane';
import { Sidebar } from '../agents/Sidebar';
import { CardQueue } from '../cards/CardQueue';
import { ConnectionBanner } from '../connection/ConnectionIndicator';
import { CommandPalette } from '../palette/CommandPalette';
import { useWindowKeys } from '../palette/useWindowKeys';
import { SearchDialog } from '../search/SearchDialog';
import { SidePane } from '../sidepane/SidePane';
import { useAppStore } from '../../stores/useAppStore';
import { useConnectionStore } from '../../stores/useConnectionStore';
import { useSidePaneStore } from '../../stores/useSidePaneStore';
import { useAttentionStore, useNeedsOwner } from '../../stores/useAttentionStore';
import { useAfterFirstPaint } from '../../lib/afterFirstPaint';

// Settings is fetched when first opened: the working window does not wait for it.
const DeveloperSettings = lazy(() =>
  import('../settings/DeveloperSettings').then((module) => ({ default: module.DeveloperSettings })),
);

/**
 * The working window: agents, the conversation with its cards, and the side pane. The conversation
 * and its composer are painted first; the agents, the side pane and the dialogs join them the
 * moment that frame is on screen (in their places already held, so nothing moves).
 */
export function MainWindow() {
  const view = useAppStore((state) => state.view);
  const error = useAppStore((state) => state.error);
  // A refused connection is said once, by the connection banner: a call that failed for it says the same.
  const connection = useConnectionStore((state) => state.state);
  const shownError =
    error !== null && !(connection.status === 'unauthorised' && error === connection.message) ? error : null;
  const showError = useAppStore((state) => state.showError);
  const paneWidth = useSidePaneStore((state) => state.width);
  const paneCollapsed = useSidePaneStore((state) => state.collapsed);
  useWindowKeys();
  const needsTotal = useNeedsOwner().total;
  const showTotal = useAttentionStore((state) => state.showTotal);
  useEffect(() => showTotal(needsTotal), [needsTotal, showTotal]);
  const beside = useAfterFirstPaint();

  return (
    <div
      className="app"
      style={{
        gridTemplateColumns: `var(--sidebar-width) minmax(400px, 1fr) ${paneCollapsed ? 'var(--pane-collapsed-width)' : `min(${paneWidth}px, 38vw)`}`,
      }}
    >
      {beside ? <Sidebar /> : <nav className="sidebar" aria-hidden="true" />}
      <main
        className={`main ${view === 'settings' ? 'main-settings' : 'main-agent'}`}
        aria-label={view === 'settings' ? 'Settings' : 'Agent'}
      >
        <div className="main-content">
          <ConnectionBanner />
          {shownError && (
            <div className="banner banner-error" role="alert">
              <span>{shownError}</span>
              <button type="button" className="link" onClick={() => showError(null)} aria-label="Dismiss error">
                Dismiss
              </button>
            </div>
          )}
          {view === 'settings' ? (
            <Suspense fallback={<p className="hint">Loading Settings…</p>}>
              <DeveloperSettings />
            </Suspense>
          ) : (
            <AgentPane />
          )}
        </div>
        {/* An overlay above the composer: a card arriving never moves what the owner is reading. */}
        <CardQueue />
      </main>
      {beside ? (
        <>
          <SidePane />
          <CommandPalette />
          <SearchDialog />
        </>
      ) : (
        <aside className={paneCollapsed ? 'sidepane sidepane-collapsed' : 'sidepane'} aria-hidden="true" />
      )}
    </div>
  );
}
