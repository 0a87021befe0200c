import { Globe } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { hostKind } from '../../stores/host';
import { messageOf } from '../../lib/errors';
import { usePreview, usePreviewStore } from '../../stores/usePreviewStore';
import { runningOf, useProcessesStore } from '../../stores/useProcessesStore';
import { useState } from 'react';
import { ProcessOutput } from './ProcessOutput';
import { ScreenshotImage } from './ScreenshotImage';
import { PreviewView } from './PreviewView';

/** The app the agent is building, live, beside its process output (SPEC §9). */
export function PreviewTab({ agentId, visible }: { agentId: string; visible: boolean }) {
  const processes = useProcessesStore((state) => state.processes);
  const preview = usePreview(agentId);
  const show = usePreviewStore((state) => state.show);
  const freshLink = usePreviewStore((state) => state.freshLink);
  const [showShot, setShowShot] = useState(true);
  const [taking, setTaking] = useState(false);
  const takeScreenshot = usePreviewStore((state) => state.takeScreenshot);

  // The Screenshot button takes a new picture of the process now, not the last one again.
  async function takeNewScreenshot(): Promise<void> {
    if (!name) return;
    setShowShot(true);
    setTaking(true);
    setError(null);
    try {
      await takeScreenshot(agentId, name);
    } catch (reason) {
      setError(messageOf(reason));
    } finally {
      setTaking(false);
    }
  }
  const [error, setError] = useState<string | null>(null);
  const running = runningOf(processes, agentId);
  const name = preview.name ?? running[0]?.name ?? null;

  async function openInTab(): Promise<void> {
    if (!name) return;
    try {
      window.open(await freshLink(agentId, name), '_blank', 'noopener,noreferrer');
    } catch (reason) {
      setError(messageOf(reason));
    }
  }

  return (
    <div className="preview-tab">
      <div className="preview-toolbar">
        <label>
          Process{' '}
          <select
            aria-label="Preview process"
            value={name ?? ''}
            onChange={(event) => void show(agentId, event.target.value)}
            disabled={running.length === 0}
          >
            {name === null && <option value="">none running</option>}
            {name !== null && !running.some((process) => process.name === name) && (
              <option value={name}>{name} (ended)</option>
            )}
            {running.map((process) => (
              <option key={process.name} value={process.name}>
                {process.name}
                {process.port ? ` :${process.port}` : ''}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => name && void show(agentId, name)} disabled={!name}>
          {preview.url ? 'Reload' : 'Show preview'}
        </button>
        <button type="button" onClick={() => void openInTab()} disabled={!name}>
          Open in a tab
        </button>
        <button type="button" onClick={() => void takeNewScreenshot()} disabled={!name || taking}>
          {taking ? 'Taking a screenshot…' : 'Screenshot'}
        </button>
        {preview.screenshot && (
          <button type="button" aria-pressed={showShot} onClick={() => setShowShot(!showShot)}>
            {showShot ? 'Hide picture' : 'Show picture'}
          </button>
        )}
      </div>
      {preview.absoluteAssets && (
        <p className="banner banner-info" role="note">
          This app references absolute paths (/…); under a preview path some assets may not load.
        </p>
      )}
      {(preview.error ?? error) && <p className="form-error">{preview.error ?? error}</p>}
      {showShot && (
        <section className="screenshot" aria-label="Latest screenshot">
          {preview.screenshot ? (
            <>
              <ScreenshotImage agentId={agentId} file={preview.screenshot} />
              <p className="hint">
                Saved to <code>{preview.screenshot}</code>
              </p>
            </>
          ) : (
            <p className="hint">No screenshot yet: the agent takes one with its screenshot tool.</p>
          )}
        </section>
      )}
      <div className="preview-body">
        {hostKind === 'electron' && preview.url && name ? (
          <PreviewView agentId={agentId} name={name} visible={visible} />
        ) : preview.url && name ? (
          <iframe
            key={preview.url}
            className="preview-frame"
            title={`Preview of ${name}`}
            src={preview.url}
            sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
            referrerPolicy="no-referrer"
          />
        ) : (
          <EmptyState icon={Globe} title={running.length === 0 ? 'No preview yet' : 'No preview shown'}>
            <p className="hint">
              {running.length === 0
                ? 'Ask the agent to start the dev server (its start tool); its page shows here.'
                : 'Choose a process above and show its preview.'}
            </p>
          </EmptyState>
        )}

        {name && <ProcessOutput agentId={agentId} name={name} active={visible} />}
      </div>
    </div>
  );
}
