// Issue 23 §3: colours are chosen once, in tokens.css, for light and dark; a literal anywhere else
// in the window's styles or components is a colour the dark scheme (or the contrast check) misses.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const RENDERER = path.resolve(__dirname, '../../src/renderer/src');
const COLOUR = /#[0-9a-fA-F]{3,8}\b|\brgba?\(|\bhsla?\(|\b(?:white|black)\b(?=\s*[;'"})])/g;

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return /\.(css|tsx?)$/.test(entry.name) ? [full] : [];
  });
}

/** Colour literals outside tokens.css, as "file:line: text". ANSI colours in terminal output are data, not style. */
export function colourLiterals(sources: { file: string; text: string }[]): string[] {
  const found: string[] = [];
  for (const { file, text } of sources) {
    if (path.basename(file) === 'tokens.css') continue;
    text.split('\n').forEach((line, index) => {
      const code = line.replace(/\/\/.*$|\/\*.*?\*\//g, '');
      if (/rgb\(\$\{part\.(fg|bg)\}\)/.test(code)) return;
      if (COLOUR.test(code)) found.push(`${path.relative(RENDERER, file)}:${index + 1}: ${line.trim()}`);
      COLOUR.lastIndex = 0;
    });
  }
  return found;
}

describe('design tokens', () => {
  it('finds a colour literal when one is written in a component (the check can fail)', () => {
    expect(colourLiterals([{ file: '/x/Button.tsx', text: "const style = { color: '#ff0000' };" }])).toHaveLength(1);
    expect(colourLiterals([{ file: '/x/a.css', text: '.a { background: rgba(0,0,0,.2); }' }])).toHaveLength(1);
    expect(colourLiterals([{ file: '/x/tokens.css', text: ':root { --bg: #fff; }' }])).toHaveLength(0);
  });

  it('no component or stylesheet outside tokens.css holds a colour literal', () => {
    const sources = files(RENDERER).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
    expect(colourLiterals(sources)).toEqual([]);
  });

  it('defines every token in both schemes, and every var() used is defined', () => {
    const tokens = fs.readFileSync(path.join(RENDERER, 'tokens.css'), 'utf8');
    const [light, dark] = tokens.split('@media (prefers-color-scheme: dark)');
    const names = (text: string): Set<string> => new Set([...text.matchAll(/(--[\w-]+)\s*:/g)].map((m) => m[1]!));
    const lightNames = names(light!);
    const colourNames = [...lightNames].filter((name) =>
      /#|rgba/.test(new RegExp(`${name}\\s*:\\s*([^;]+);`).exec(light!)?.[1] ?? ''),
    );
    for (const name of colourNames) if (name !== '--canvas') expect(names(dark!), name).toContain(name);
    const used = new Set(
      files(RENDERER).flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]),
      ),
    );
    for (const name of used) expect(lightNames, `${name} is used but not a token`).toContain(name);
  });
});
