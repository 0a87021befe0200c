import { useEffect } from 'react';
import { startWindow } from './eventRouter';
import { Sidebar } from './features/agents/Sidebar';
import { AgentPane } from './features/agents/AgentPane';
import { CardQueue } from './features/cards/CardQueue';
import { ConnectionBanner } from './features/connection/ConnectionIndicator';
import { CommandPalette } from './features/palette/CommandPalette';
import { useWindowKeys } from './features/palette/useWindowKeys';
import { SidePane } from './features/sidepane/SidePane';
import { DeveloperSettings } from './features/settings/DeveloperSettings';
import { FirstRun } from './features/setup/FirstRun';
import { useSetupStore } from './stores/useSetupStore';
import { useAppStore } from './stores/useAppStore';
import { useSidePaneStore } from './stores/useSidePaneStore';

export function App() {
  const view = useAppStore((state) => state.view);
  const error = useAppStore((state) => state.error);
  const showError = useAppStore((state) => state.showError);
  const paneWidth = useSidePaneStore((state) => state.width);
  const paneCollapsed = useSidePaneStore((state) => state.collapsed);
  const settingUp = useSetupStore((state) => state.open);

  useEffect(() => startWindow(), []);
  useWindowKeys();

  if (settingUp) return <FirstRun />;

  return (
    <div className="app" style={{ gridTemplateColumns: `var(--sidebar-width) minmax(400px, 1fr) ${paneCollapsed ? 'var(--pane-collapsed-width)' : `min(${paneWidth}px, 38vw)`}` }}>
      <Sidebar />
      <main className={`main ${view === 'settings' ? 'main-settings' : 'main-agent'}`} aria-label={view === 'settings' ? 'Settings' : 'Agent'}>
        <div className="main-content">
        <ConnectionBanner />
        {error && (
          <div className="banner banner-error" role="alert">
            <span>{error}</span>
            <button type="button" className="link" onClick={() => showError(null)} aria-label="Dismiss error">
              Dismiss
            </button>
          </div>
        )}
        {view === 'settings' ? <DeveloperSettings /> : <AgentPane />}
        </div>
        {/* An overlay above the composer: a card arriving never moves what the owner is reading. */}
        <CardQueue />
      </main>
      <SidePane />
      <CommandPalette />
    </div>
  );
}
