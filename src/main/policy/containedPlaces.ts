// Where the words and redirects of a simple command land (policy/contained.ts judges each place):
// every word that may name a place, inside or a card, globs expanded as sh will; a link named last
// read as the link itself by the programs that do so; `ln -s` targets read from the link's directory;
// code given on the command line read for what it runs and the names it opens.
import fs from 'node:fs';
import path from 'node:path';
import { flatten, indicesWhere } from './arrays';
import type { FileView, Place } from './containedFiles';
import {
  card,
  insideOrCard,
  outside,
  type Judged,
  type OperandPlace,
  type RedirectPlace,
  type Where,
} from './containedJudging';
import { pathTexts, scriptProblem } from './containedOperands';
import { INLINE_CODE_FLAGS } from './containedPrograms';
import { asShGives } from './containedShells';
import {
  codeListsNames,
  codeLoadsEnvFile,
  codeNetwork,
  codeOpensNames,
  codeWritesNames,
  inlineCodeProblem,
} from './inlineCode';
import { isSecretPath, mentionsSecret } from './secretFiles';
import type { ShellCommand } from './shellForm';

/**
 * Every word of the command that may name a place, with where it lands (a card for one outside):
 * not the words that are patterns, and not an echo's text; code words are read as code.
 */
export function operandPlaces(
  program: string,
  judged: Judged,
  { patterns, code }: { patterns: ReadonlySet<number>; code: ReadonlySet<number> },
  textOnly: boolean,
  view: FileView,
  where: Where,
  /** Where the files that code on the command line writes are added, each as a redirect to it. */
  writes: RedirectPlace[],
): OperandPlace[] {
  const { argv, words } = judged;
  // readlink, and stat, a long ls and file without -L, read a link named last as the link itself.
  const readsLinkItself =
    !argv.some((w) => /^-[a-zA-Z]*[LH]/.test(w) || w.startsWith('--dereference')) &&
    ((program === 'readlink' && !argv.some((w) => /^-[a-zA-Z]*[fem]/.test(w) || w.startsWith('--canonicalize'))) ||
      (program === 'stat' && !argv.some((w) => /^-[a-zA-Z]*f/.test(w) || w.startsWith('--file-system'))) ||
      (program === 'ls' && argv.some((w) => /^-[a-zA-Z]*[lgnod]/.test(w))) ||
      // file follows a link only when told (-L), or when POSIXLY_CORRECT is set.
      (program === 'file' && !judged.assignments.some((a) => a.name === 'POSIXLY_CORRECT')));
  // Every word that may name a place: inside, or a card. Globs are expanded as sh will.
  const places: OperandPlace[] = [];
  // `ln -s TARGET… LINK`: a target is read from the link's directory, not from here.
  const linkTargets = new Map<number, string>();
  if (
    program === 'ln' &&
    argv.some((w) => /^-[a-zA-Z]*s/.test(w) || w === '--symbolic') &&
    !argv.some((w) => /^-[a-zA-Z]*[tT]/.test(w) || w.startsWith('--target'))
  ) {
    const operands = indicesWhere(argv, (w, k) => k > 0 && !w.startsWith('-'));
    const link = operands.length > 1 ? view.place(argv[operands[operands.length - 1]!]!, where.cwd) : null;
    if (link?.kind === 'inside') {
      const linkDir = link.stat?.isDirectory() ? link.abs : path.posix.dirname(link.abs);
      for (const k of operands.slice(0, -1))
        if (!words[k]!.glob && !words[k]!.tilde)
          linkTargets.set(k, argv[k]!.startsWith('/') ? argv[k]! : `${linkDir}/${argv[k]}`);
    }
  }
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    // A `~` there is text too: the sandbox's home directory, printed.
    if (patterns.has(i) || (textOnly && !word!.glob)) continue;
    const fromLink = linkTargets.get(i);
    if (fromLink !== undefined) {
      const target = view.place(fromLink, where.cwd);
      if (target.kind === 'outside')
        outside(`the link target ${word!.value}`, `read from the link's directory, ${target.reason}`);
      places.push({ word: word!.value, place: target, index: i });
      continue;
    }
    if (code.has(i)) {
      const runs =
        scriptProblem(program, word!.value) ??
        (INLINE_CODE_FLAGS[program] ? inlineCodeProblem(program, word!.value) : null);
      if (runs) card('shell-construct', runs);
      // A name the code opens or lists, written whole, is judged as any operand: outside is a card.
      // One it writes is judged as a redirect to it is (what no checkpoint holds: a card).
      if (INLINE_CODE_FLAGS[program]) {
        for (const name of codeOpensNames(word!.value)) {
          const opened = insideOrCard(view, name, where, `the file ${name} the code opens`);
          // A name that is a link to a secrets file is that file.
          if (opened.kind === 'inside' && isSecretPath(opened.rel))
            card(
              'shows-secret',
              `${program}'s code opens ${name}, the secrets file ${opened.rel}, and what it prints goes to the model`,
            );
        }
        const reaches = codeNetwork(word!.value);
        if (reaches)
          card(
            'needs-network',
            `${program}'s code reaches the network (${reaches}), which the sandbox gives this agent only for its allowed domains`,
          );
        for (const name of codeListsNames(word!.value))
          insideOrCard(view, name, where, `the folder ${name} the code lists`);
        for (const name of codeWritesNames(word!.value))
          writes.push({
            op: '>',
            place: insideOrCard(view, name, where, `the file ${name} the code writes`),
            text: name,
          });
      }
      // A jq filter opens no file (`.key` is a field; its files are its operands and --rawfile's value).
      const named = program === 'jq' || program === 'yq' ? null : mentionsSecret(word!.value);
      if (named)
        card('shows-secret', `${program}'s code names the secrets file ${named}, and what it prints goes to the model`);
      if (INLINE_CODE_FLAGS[program]) loadsEnvFile(program, argv, word!.value, view, where);
      continue;
    }
    if (word!.tilde) outside(`${word!.value}`, '`~` names a home directory');
    if (word!.value.startsWith('/dev/tcp/') || word!.value.startsWith('/dev/udp/'))
      card('needs-network', `${word!.value} opens a network connection`);
    const expanded = view.expand(word!, where.cwd);
    if (expanded === null) card('shell-construct', `the pattern ${word!.value} matches more than 2000 names`);
    const option = word!.glob ? asShGives(word!, expanded, where.cwd).find((name) => name.startsWith('-')) : undefined;
    if (option)
      card('shell-construct', `the pattern ${word!.value} matches ${option}, which ${program} would read as an option`);
    for (const text of word!.glob ? expanded : flatten(expanded, (w) => pathTexts(w))) {
      const link = readsLinkItself ? linkItself(view, text, where.cwd) : null;
      places.push({ word: text, place: link ?? insideOrCard(view, text, where, `the path ${text}`), index: i });
    }
  }
  return places;
}

/** The .env files bun loads for itself from the directory it runs in. */
const BUN_LOADS = ['.env', '.env.local', '.env.development', '.env.production', '.env.test'].flatMap((name) =>
  name === '.env' || name === '.env.local' ? [name] : [name, `${name}.local`],
);

/**
 * Code from the command line that runs with a `.env` loaded — by a loader it calls, a preload of
 * `dotenv/config` among the program's words, or bun, which loads the .env files of its directory —
 * and may print what it loaded: a card.
 */
function loadsEnvFile(program: string, argv: readonly string[], code: string, view: FileView, where: Where): void {
  const loader = codeLoadsEnvFile(code) ?? argv.find((w) => /dotenv/i.test(w));
  if (loader)
    card(
      'shows-secret',
      `${program}'s code loads the .env file (${loader}) and may print what it holds, which goes to the model`,
    );
  if (program !== 'bun') return;
  for (const name of BUN_LOADS) {
    const place = view.place(name, where.cwd);
    if (place.kind === 'inside' && place.stat !== undefined)
      card('shows-secret', `bun loads ${place.rel} for the code it is given, which may print it to the model`);
  }
}

/** The places of the command's redirects to files (a card for one outside, a pattern, or a socket). */
export function redirectPlacesOf(cmd: ShellCommand, view: FileView, where: Where): RedirectPlace[] {
  // Redirect targets.
  const redirectPlaces: RedirectPlace[] = [];
  for (const r of cmd.redirects) {
    if (r.kind !== 'file') continue;
    if (r.target.tilde) outside(`the redirect target ${r.target.value}`, '`~` names a home directory');
    if (r.target.value.startsWith('/dev/tcp/') || r.target.value.startsWith('/dev/udp/'))
      card('needs-network', `the redirect to ${r.target.value} opens a network connection`);
    if (r.target.glob) card('shell-construct', `the redirect target ${r.target.value} is a pattern`);
    redirectPlaces.push({
      op: r.op,
      place: insideOrCard(view, r.target.value, where, `the redirect target ${r.target.value}`),
      text: r.target.value,
    });
  }
  return redirectPlaces;
}

/**
 * A link named last in a path whose folder is inside the workspace, as a place of its own (the
 * link itself, not where it leads), or null when the path is no such link.
 */
function linkItself(view: FileView, text: string, cwd: string): Place | null {
  if (text.endsWith('/') || text === '.' || text === '..') return null;
  const parent = view.place(path.posix.dirname(text.startsWith('/') ? text : `${cwd}/${text}`), cwd);
  if (parent.kind !== 'inside') return null;
  if (!(parent.stat ?? fs.lstatSync(parent.abs, { throwIfNoEntry: false }))?.isDirectory()) return null;
  const abs = path.posix.join(parent.abs, path.posix.basename(text));
  const stat = fs.lstatSync(abs, { throwIfNoEntry: false });
  if (!stat?.isSymbolicLink()) return null;
  const rel = parent.rel === '' ? path.posix.basename(text) : `${parent.rel}/${path.posix.basename(text)}`;
  return { kind: 'inside', abs, rel, stat };
}
