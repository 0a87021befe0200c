import { useEffect, useState } from 'react';
import { call } from '../../api';
import { messageOf } from '../../lib/errors';

/** The PNG a screenshot call saved, read back through the core (only files in Paddock's files directory). */
export function ScreenshotImage({ agentId, file }: { agentId: string; file: string }) {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setDataUrl(null);
    call('screenshots.read', { agentId, file })
      .then((result) => live && setDataUrl(result.dataUrl))
      .catch((reason: unknown) => live && setError(messageOf(reason)));
    return () => {
      live = false;
    };
  }, [agentId, file]);
  if (error) return <p className="form-error">{error}</p>;
  if (!dataUrl) return <p className="hint">Loading the screenshot…</p>;
  return <img className="screenshot-image" src={dataUrl} alt={`Screenshot saved to ${file}`} />;
}
