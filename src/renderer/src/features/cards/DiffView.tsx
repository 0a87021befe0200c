export type DiffLineKind = 'meta' | 'add' | 'del' | 'hunk' | 'ctx';

export function diffLineKind(line: string): DiffLineKind {
  if (line.startsWith('+++') || line.startsWith('---')) return 'meta';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  if (line.startsWith('@@')) return 'hunk';
  return 'ctx';
}

/** A unified diff, coloured by line; read-only. */
export function DiffView({ diff }: { diff: string }) {
  // createTwoFilesPatch's "=====" separator says nothing the file headers below it do not.
  const lines = diff.split('\n').filter((line) => !/^={10,}$/.test(line));
  return (
    <pre className="diff" aria-label="Diff">
      {lines.map((line, index) => (
        <span key={index} className={`diff-line diff-${diffLineKind(line)}`}>
          {line + '\n'}
        </span>
      ))}
    </pre>
  );
}
