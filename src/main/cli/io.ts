import { StringDecoder } from 'node:string_decoder';

export interface CliIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/**
 * The input's lines, split on LF only (a CRLF's CR is dropped). readline would also split on a lone
 * CR — which JSON allows as whitespace inside one object — and answer one line twice, shifting
 * every later answer onto the wrong request: a corpus line would then be read with its neighbour's
 * verdict. One input line, one answer line, always. A byte-order mark before the first line is an
 * encoding artefact, not part of the request, and is dropped.
 */
export async function* inputLines(stdin: NodeJS.ReadableStream): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let first = true;
  const strip = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);
  for await (const chunk of stdin) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    // Only the new text can hold the next LF: a huge line arriving in many chunks is scanned once.
    let from = 0;
    let nl = text.indexOf('\n');
    while (nl >= 0) {
      yield bomless(strip(pending + text.slice(from, nl)));
      pending = '';
      from = nl + 1;
      nl = text.indexOf('\n', from);
    }
    pending += text.slice(from);
  }
  pending += decoder.end();
  if (pending.length > 0) yield bomless(strip(pending));

  function bomless(line: string): string {
    const body = first && line.startsWith('\ufeff') ? line.slice(1) : line;
    first = false;
    return body;
  }
}
