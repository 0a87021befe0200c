import { useEffect, useState } from 'react';
import { usePreviewStore } from '../../stores/usePreviewStore';
import { messageOf } from '../../lib/errors';

/** The PNG a screenshot call saved, read back through the core (only files in Paddock's files directory). */
export function ScreenshotImage({ agentId, file }: { agentId: string; file: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setDataUrl(null);
    usePreviewStore
      .getState()
      .readScreenshot(agentId, file)
      .then((url) => live && setDataUrl(url))
      .catch((reason: unknown) => live && setError(messageOf(reason)));
    return () => {
      live = false;
    };
  }, [agentId, file]);
  if (error) return <p className="form-error">{error}</p>;
  if (!dataUrl) return <p className="hint">Loading the screenshot…</p>;
  return <img className="screenshot-image" src={dataUrl} alt={`Screenshot saved to ${file}`} />;
}
