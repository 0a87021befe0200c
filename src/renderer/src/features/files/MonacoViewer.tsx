import { useEffect, useRef, useState } from 'react';
import { messageOf } from '../../lib/errors';
import { languageFor, loadMonaco, monacoTheme } from './monacoLoader';

/** A read-only editor for one file, with syntax colouring; Monaco is fetched on first use. */
export function MonacoViewer({ path, content }: { path: string; content: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let disposed = false;
    let dispose: (() => void) | null = null;
    loadMonaco()
      .then((monaco) => {
        if (disposed || !host.current) return;
        const model = monaco.editor.createModel(content, languageFor(path));
        const editor = monaco.editor.create(host.current, {
          model,
          readOnly: true,
          domReadOnly: true,
          automaticLayout: true,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          theme: monacoTheme(),
          fontSize: 12.5,
        });
        dispose = () => {
          editor.dispose();
          model.dispose();
        };
      })
      .catch((reason: unknown) => setError(messageOf(reason)));
    return () => {
      disposed = true;
      dispose?.();
    };
  }, [path, content]);

  if (error) {
    return (
      <div className="monaco-fallback">
        <p className="hint">The editor could not load ({error}); showing plain text.</p>
        <pre className="file-plain" tabIndex={0}>
          {content}
        </pre>
      </div>
    );
  }
  return (
    <div
      className="monaco-host"
      ref={host}
      data-testid="monaco-viewer"
      aria-label={`Contents of ${path}`}
      role="region"
    />
  );
}
