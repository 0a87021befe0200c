// The window learns how a call ended from the core's record of it (ToolCallView.outcome, status,
// file), never by reading the text the model was sent or the record's error and summary strings:
// a command prints what it likes, Paddock's own header included. Showing that text is fine;
// searching it for a fact is what this scan refuses.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const RENDERER = path.resolve(__dirname, '../../src/renderer/src');
const TEXT = String.raw`(?:result\??\.text|[\w?.]*resultSummary|view\??\.error|[\w?.]*\.summary)`;
const READS = [
  new RegExp(String.raw`${TEXT}\??\.(?:startsWith|endsWith|match|matchAll|search|includes|indexOf|split)\(`),
  new RegExp(String.raw`\.(?:exec|test)\(\s*${TEXT}`),
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

export function readsOfResultText(text: string): string[] {
  return text.split('\n').filter((line) => READS.some((read) => read.test(line)));
}

describe('the window never reads a result’s text to find a fact', () => {
  it('no renderer file searches a result, a summary or an error string', () => {
    const found = files(RENDERER).flatMap((file) =>
      readsOfResultText(fs.readFileSync(file, 'utf8')).map(
        (line) => `${path.relative(RENDERER, file)}: ${line.trim()}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('sees the readings the outcome replaced', () => {
    expect(
      readsOfResultText('const shot = result ? / saved to (\\/\\S+\\.png)[;.]/.exec(result.text) : null;'),
    ).toHaveLength(1);
    expect(readsOfResultText("return view?.error?.startsWith('refused:') ? refused : failed;")).toHaveLength(1);
    expect(readsOfResultText('<TerminalText text={result.text} label="Sent to the model" raw />')).toEqual([]);
  });
});
