import { lazy, Suspense, useEffect } from 'react';
import { DiffView } from '../cards/DiffView';
import { useFilesStore } from '../../stores/useFilesStore';
import { FileTree } from './FileTree';

// The editor components import Monaco lazily; keeping them in their own chunk keeps start-up light.
const MonacoViewer = lazy(() => import('./MonacoViewer').then((module) => ({ default: module.MonacoViewer })));
const MonacoDiff = lazy(() => import('./MonacoDiff').then((module) => ({ default: module.MonacoDiff })));

export function FilesTab({ agentId }: { agentId: string }) {
  const tree = useFilesStore((state) => state.trees[agentId]);
  const treeError = useFilesStore((state) => state.treeError[agentId]);
  const open = useFilesStore((state) => state.open[agentId]);
  const diff = useFilesStore((state) => state.diff[agentId]);
  const openError = useFilesStore((state) => state.openError[agentId]);
  const loadTree = useFilesStore((state) => state.loadTree);
  const openFile = useFilesStore((state) => state.openFile);
  const close = useFilesStore((state) => state.close);
  const changed = useFilesStore((state) => state.changed[agentId]);

  useEffect(() => {
    void loadTree(agentId);
  }, [agentId, loadTree]);

  const shownPath = diff?.path ?? open?.path ?? null;
  return (
    <div className="files-tab">
      <div className="files-tree-pane">
        <div className="files-toolbar">
          <button type="button" className="link" onClick={() => void loadTree(agentId)}>
            Refresh
          </button>
          {tree?.truncated && <span className="hint">list truncated</span>}
        </div>
        {treeError && <p className="form-error">{treeError}</p>}
        {tree && (
          <FileTree
            entries={tree.entries}
            onOpen={(path) => void openFile(agentId, path)}
            selected={shownPath}
            changed={changed}
          />
        )}
        {tree && tree.skippedLinks > 0 && (
          <p className="hint">
            {tree.skippedLinks === 1 ? '1 symbolic link' : `${tree.skippedLinks} symbolic links`} not followed.
          </p>
        )}
      </div>
      <div className="files-viewer">
        {openError && <p className="form-error">{openError}</p>}
        {shownPath && (
          <div className="files-viewer-header">
            <code>{shownPath}</code>
            {diff && <span className="hint"> diff</span>}
            {open?.truncated && !diff && <span className="hint"> (truncated)</span>}
            <button type="button" className="link" onClick={() => close(agentId)} aria-label="Close file">
              Close
            </button>
          </div>
        )}
        <Suspense fallback={<p className="hint">Loading the editor…</p>}>
          {diff?.sides ? (
            <MonacoDiff path={diff.path} before={diff.sides.before} after={diff.sides.after} unified={diff.unified} />
          ) : diff?.unified ? (
            <DiffView diff={diff.unified} />
          ) : open ? (
            <MonacoViewer path={open.path} content={open.content} />
          ) : (
            !openError && <p className="hint">Choose a file in the tree, or open one from a tool call.</p>
          )}
        </Suspense>
      </div>
    </div>
  );
}
