import { shortcutLabel, type ShortcutAction } from '../palette/shortcuts';
import { FolderOpen, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSelectedAgent } from '../../stores/useAgentsStore';
import { PANE_TABS, useSidePaneStore, type PaneTab } from '../../stores/useSidePaneStore';
import { ResizeHandle } from './ResizeHandle';

// Each tab's body is fetched when the tab is first shown, after the window's first screen: xterm
// with the terminal, the chart (recharts) with Summary; Files, Preview and Tasks likewise.
const FilesTab = lazy(() => import('../files/FilesTab').then((module) => ({ default: module.FilesTab })));
const TerminalTab = lazy(() => import('../terminal/TerminalTab').then((module) => ({ default: module.TerminalTab })));
const PreviewTab = lazy(() => import('../preview/PreviewTab').then((module) => ({ default: module.PreviewTab })));
const SummaryTab = lazy(() => import('../summary/SummaryTab').then((module) => ({ default: module.SummaryTab })));
const TasksTab = lazy(() => import('../todos/TasksTab').then((module) => ({ default: module.TasksTab })));

/** Files, Terminal, Preview, Summary, Tasks (Ctrl/Cmd+1…5). A tab once opened stays mounted, so a terminal keeps its shell. */
export function SidePane() {
  const tab = useSidePaneStore((state) => state.tab);
  const setTab = useSidePaneStore((state) => state.setTab);
  const badges = useSidePaneStore((state) => state.badges);
  const collapsed = useSidePaneStore((state) => state.collapsed);
  const setCollapsed = useSidePaneStore((state) => state.setCollapsed);
  const agent = useSelectedAgent();
  const [visited, setVisited] = useState<Partial<Record<PaneTab, boolean>>>({});
  if (!visited[tab]) setVisited({ ...visited, [tab]: true });

  const workspaceKey = agent?.workspace ? `${agent.id}:${agent.workspace.directory}` : null;
  function body(name: PaneTab): ReactNode {
    if (!agent || !agent.workspace || !workspaceKey)
      return (
        <EmptyState icon={FolderOpen} title="No workspace yet">
          <p className="hint">
            Give the agent a folder to see its files, a terminal in it, its preview and a summary of its changes.
          </p>
        </EmptyState>
      );
    switch (name) {
      case 'Files':
        return (
          <Suspense fallback={<p className="hint">Loading the files…</p>}>
            <FilesTab key={workspaceKey} agentId={agent.id} />
          </Suspense>
        );
      case 'Terminal':
        return (
          <Suspense fallback={<p className="hint">Loading the terminal…</p>}>
            <TerminalTab key={workspaceKey} agentId={agent.id} visible={tab === 'Terminal'} />
          </Suspense>
        );
      case 'Preview':
        return (
          <Suspense fallback={<p className="hint">Loading the preview…</p>}>
            <PreviewTab key={workspaceKey} agentId={agent.id} visible={tab === 'Preview'} />
          </Suspense>
        );
      case 'Tasks':
        return (
          <Suspense fallback={<p className="hint">Loading the tasks…</p>}>
            <TasksTab agentId={agent.id} />
          </Suspense>
        );
      case 'Summary':
        return (
          <Suspense fallback={<p className="hint">Loading Summary…</p>}>
            <SummaryTab key={workspaceKey} agentId={agent.id} />
          </Suspense>
        );
    }
  }

  if (collapsed) {
    return (
      <aside className="sidepane sidepane-collapsed" aria-label="Side pane">
        <button
          type="button"
          className="icon-only"
          aria-label="Show the side pane"
          title="Show the side pane"
          onClick={() => setCollapsed(false)}
        >
          <PanelRightOpen size={16} aria-hidden="true" />
        </button>
      </aside>
    );
  }

  return (
    <aside className="sidepane" aria-label="Side pane">
      <ResizeHandle />
      <div className="sidepane-inner">
        <div className="tabs-bar">
          <div className="tabs" role="tablist" aria-label="Side pane tabs">
            {PANE_TABS.map((name, index) => (
              <button
                key={name}
                id={`tab-${name}`}
                type="button"
                role="tab"
                aria-selected={tab === name}
                aria-controls={`panel-${name}`}
                className={tab === name ? 'tab selected' : 'tab'}
                title={`${name} (${shortcutLabel(`pane.${index + 1}` as ShortcutAction)})`}
                onClick={() => setTab(name)}
              >
                {name}
                {badges[name] && (
                  <span className="tab-badge" role="status" aria-label={`New in ${name}`}>
                    ●
                  </span>
                )}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="icon-only"
            aria-label="Hide the side pane"
            title="Hide the side pane"
            onClick={() => setCollapsed(true)}
          >
            <PanelRightClose size={16} aria-hidden="true" />
          </button>
        </div>
        {PANE_TABS.filter((name) => visited[name]).map((name) => (
          <div
            key={name}
            id={`panel-${name}`}
            className="tab-body"
            role="tabpanel"
            aria-labelledby={`tab-${name}`}
            hidden={tab !== name}
          >
            {body(name)}
          </div>
        ))}
      </div>
    </aside>
  );
}
