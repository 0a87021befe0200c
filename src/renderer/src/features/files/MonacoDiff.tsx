import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../lib/errors';
import { DiffView } from '../cards/DiffView';
import { languageFor, loadMonaco, monacoTheme } from './monacoLoader';

/** A read-only side-by-side diff; falls back to the light unified view when Monaco cannot load. */
export function MonacoDiff({
  path,
  before,
  after,
  unified,
}: {
  path: string;
  before: string;
  after: string;
  unified: string | null;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let disposed = false;
    let dispose: (() => void) | null = null;
    loadMonaco()
      .then((monaco) => {
        if (disposed || !host.current) return;
        const language = languageFor(path);
        const original = monaco.editor.createModel(before, language);
        const modified = monaco.editor.createModel(after, language);
        const editor = monaco.editor.createDiffEditor(host.current, {
          readOnly: true,
          originalEditable: false,
          automaticLayout: true,
          renderSideBySide: true,
          minimap: { enabled: false },
          theme: monacoTheme(),
          fontSize: 12.5,
        });
        editor.setModel({ original, modified });
        dispose = () => {
          editor.dispose();
          original.dispose();
          modified.dispose();
        };
      })
      .catch((reason: unknown) => setError(messageOf(reason)));
    return () => {
      disposed = true;
      dispose?.();
    };
  }, [path, before, after]);

  if (error) return unified ? <DiffView diff={unified} /> : <p className="form-error">{error}</p>;
  return <div className="monaco-host" ref={host} role="region" aria-label={`Diff of ${path}`} />;
}
