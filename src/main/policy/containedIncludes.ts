// What the C preprocessor, a compiler running it, or an assembler reads through a source file of
// the workspace: its `#include`, `#import`, `#embed`, `.incbin`, `.include` and nasm's `%include`
// lines (rustc's: `include_str!`, `include_bytes!`, `include!`, and the files its `mod NAME;` and
// `#[path]` load), each file they name included in what it prints (`cpp p.c` with `#include "../.env"` prints
// the .env; a compiler's error quotes its line). Read from the files on disk at decision time, and
// from the files those include, a bounded number: a secrets file named is a card, a place outside is
// one, and a name a macro makes is one (this rule does not expand macros).
import fs from 'node:fs';
import path from 'node:path';
import type { FileView } from './containedFiles';
import { card, insideOrCard, type Where } from './containedJudging';
import { isSecretPath, mentionsSecret } from './secretFiles';

/** A source file larger than this is not read, and is a card (what it includes cannot be told; sqlite's amalgamation is 9 MiB). */
const MOST_BYTES = 16 * 1024 * 1024;

/** At most this many files are read for one command (its sources and what they include). */
const MOST_FILES = 64;

/** A directive that includes a file, and the text after it. */
const DIRECTIVE =
  /^[ \t]*(?:#[ \t]*(?:include_next|include|import|embed)|\.(?:incbin|include)|%[ \t]*include|incbin)\b(.*)$/gm;

/** rustc's: a macro that includes a file, and what follows its name. */
const RUST_INCLUDE = /\binclude(?:_str|_bytes)?\s*!\s*(.*)$/gm;
/** rustc's module files: `mod NAME;` (not `mod NAME { … }`), and a `#[path = "…"]` attribute. */
const RUST_MOD = /^[ \t]*(?:pub(?:\([^)]*\))?\s+)?mod\s+([A-Za-z_]\w*)\s*;/gm;
const RUST_PATH = /#\s*\[\s*path\s*=/;

/** What a source includes: each name, whether it is read from beside the file, and whether a name is made. */
interface Includes {
  names: { name: string; beside: boolean }[];
  /** The sentence for a name the source makes (a macro's, `concat!`, `#[path]`), when it makes one. */
  made: string | null;
}

/** The names a Rust source includes whole (each from beside it), and whether it makes one (`concat!`, `env!`, `#[path]`). */
function rustIncludes(text: string, file: string, shown: string): Includes {
  const names: Includes['names'] = [];
  let made = RUST_PATH.test(text);
  for (const m of text.matchAll(RUST_INCLUDE)) {
    const literal = /^\(\s*"([^"\\\n]*)"\s*\)/.exec(m[1]!.trim());
    if (literal) names.push({ name: literal[1]!, beside: true });
    else made = true;
  }
  // A module's file beside this one (`mod x;` in main.rs or mod.rs), or in its own folder.
  const own = /^(main|lib|mod)\.rs$/.test(path.basename(file)) ? '' : `${path.basename(file, '.rs')}/`;
  for (const m of text.matchAll(RUST_MOD))
    names.push({ name: `${own}${m[1]}.rs`, beside: true }, { name: `${own}${m[1]}/mod.rs`, beside: true });
  return {
    names,
    made: made
      ? `${shown} includes a file by a name it makes (or a #[path]), which this rule does not read, and rustc prints what it includes in its errors`
      : null,
  };
}

/**
 * The names a C or assembler source's directives give (a quoted one, or one absolute or climbing,
 * read from beside the file; `<stdio.h>` is the system's include path's), and whether a macro makes one.
 */
function directiveIncludes(text: string, program: string, shown: string): Includes {
  const names: Includes['names'] = [];
  for (const directive of text.matchAll(DIRECTIVE)) {
    const literal = literalName(directive[1]!);
    if (literal === null)
      return {
        names,
        made: `${shown} includes a file by a name a macro makes, which this rule does not read, and ${program} prints what it includes`,
      };
    const beside = literal.quoted || literal.name.startsWith('/') || literal.name.includes('..');
    names.push({ name: literal.name, beside });
  }
  return { names, made: null };
}

/** The name a directive gives whole (`"x.h"`, `<x.h>`), or null when a macro or an expression gives it. */
function literalName(rest: string): { name: string; quoted: boolean } | null {
  const text = rest.trim();
  const quoted = /^"([^"\n]*)"/.exec(text);
  if (quoted) return { name: quoted[1]!, quoted: true };
  const angled = /^<([^>\n]*)>/.exec(text);
  if (angled) return { name: angled[1]!, quoted: false };
  // nasm and gas also take a name in single quotes.
  const single = /^'([^'\n]*)'/.exec(text);
  if (single) return { name: single[1]!, quoted: true };
  return null;
}

/** Cards for what the source files among `program`'s words include. */
export function judgeSourceIncludes(program: string, argv: readonly string[], view: FileView, where: Where): void {
  const queue: string[] = [];
  for (const [k, word] of argv.entries()) {
    // (The output named after -o is written, not read.)
    if (k === 0 || word.startsWith('-') || argv[k - 1] === '-o') continue;
    const place = view.place(word, where.cwd);
    if (place.kind === 'inside' && place.stat?.isFile()) queue.push(place.abs);
  }
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (seen.size > MOST_FILES)
      card(
        'shell-construct',
        `${program} reads more included files than this rule follows, so what it prints cannot be told`,
      );
    let size: number;
    let text: string;
    try {
      size = fs.statSync(file).size;
      text = size > MOST_BYTES ? '' : fs.readFileSync(file, 'latin1');
    } catch (error) {
      if ((error as { code?: string }).code === undefined) throw error;
      continue; // Gone or unreadable here: the program cannot read it either.
    }
    if (size > MOST_BYTES)
      card('shell-construct', `${program} is given a source too large for this rule to read what it includes`);
    // An object file or a library given to a compiler is linked, not read as a source.
    if (text.slice(0, 8192).includes('\0')) continue;
    const shown = path.relative(view.workspace, file);
    const { names, made } =
      program === 'rustc' ? rustIncludes(text, file, shown) : directiveIncludes(text, program, shown);
    for (const { name, beside } of names) {
      const named = mentionsSecret(name);
      if (named)
        card(
          'shows-secret',
          `${shown} includes the secrets file ${named}, and what ${program} prints goes to the model`,
        );
      if (!beside) continue;
      const place = insideOrCard(
        view,
        name,
        { ...where, cwd: path.dirname(file) },
        `the file ${name} ${shown} includes`,
      );
      if (place.kind !== 'inside') continue;
      if (isSecretPath(place.rel))
        card(
          'shows-secret',
          `${shown} includes the secrets file ${place.rel}, and what ${program} prints goes to the model`,
        );
      if (place.stat?.isFile()) queue.push(place.abs);
    }
    if (made !== null) card('shell-construct', made);
  }
}
