import { HighlightedCode } from '../../components/HighlightedCode';
import { revealHiddenCharacters as shown } from '../../../../shared/hiddenCharacters';
import { languageOf } from '../../lib/languages';

/** A unified diff, coloured by line and by the file's language (from its +++ header); read-only. */
export function DiffView({ diff }: { diff: string }) {
  // createTwoFilesPatch's "=====" separator says nothing the file headers below it do not.
  const lines = diff.split('\n').filter((line) => !/^={10,}$/.test(line));
  const language = languageOf(/^\+\+\+ (?:b\/)?(\S+)/m.exec(diff)?.[1]);
  return (
    <pre className="diff" aria-label="Diff" tabIndex={0}>
      {lines.map((line, index) => {
        const kind =
          line.startsWith('+++') || line.startsWith('---')
            ? 'meta'
            : line.startsWith('+')
              ? 'add'
              : line.startsWith('-')
                ? 'del'
                : line.startsWith('@@')
                  ? 'hunk'
                  : 'ctx';
        const code = kind === 'add' || kind === 'del' || kind === 'ctx';
        return (
          <span key={index} className={`diff-line diff-${kind}`}>
            {code ? (
              <>
                <span className="diff-sign">{line.slice(0, 1)}</span>
                <HighlightedCode code={shown(line.slice(1))} language={language} />
              </>
            ) : (
              shown(line)
            )}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}
