/** A unified diff, coloured by line; read-only. */
export function DiffView({ diff }: { diff: string }) {
  const lines = diff.split('\n');
  return (
    <pre className="diff" aria-label="Diff">
      {lines.map((line, index) => {
        const kind = line.startsWith('+++') || line.startsWith('---') ? 'meta' : line.startsWith('+') ? 'add' : line.startsWith('-') ? 'del' : line.startsWith('@@') ? 'hunk' : 'ctx';
        return (
          <span key={index} className={`diff-line diff-${kind}`}>
            {line + '\n'}
          </span>
        );
      })}
    </pre>
  );
}
