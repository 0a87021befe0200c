// Values glued to an option or a separator inside a word (`gcc -include.env`, `-Wl,@.env`,
// `java -XX:Flags=.env`, `date -fcredentials`, curl's `-d@.env` and `-F 'x=<.env'`): a program may
// take any tail of such a word as a file. A tail that names an entry of the directory the command
// runs in is judged as a place: a secrets file (itself or through a link) shows it to the model, a
// link out is a place outside. (A word that is a place whole is operandPlaces's.)
import fs from 'node:fs';
import path from 'node:path';
import type { FileView } from './containedFiles';
import { card, outside, type Where } from './containedJudging';
import { isSecretPath } from './secretFiles';

/** Most entries of one directory read for this; a larger one is not looked through. */
const MOST_ENTRIES = 20_000;

/** Above this many distinct names in one command, its directory is read once instead of each looked up. */
const MOST_LOOKUPS = 24;

interface Listing {
  /** The names read from the directory, or null when it could not be read or is too large. */
  read?: ReadonlySet<string> | null;
  /** Names looked up one by one (an lstat each, much cheaper than reading a directory). */
  looked: Map<string, boolean>;
}

const listings = new WeakMap<FileView, Map<string, Listing>>();

function listingOf(view: FileView, dir: string): Listing {
  let byDir = listings.get(view);
  if (!byDir) {
    byDir = new Map();
    listings.set(view, byDir);
  }
  let listing = byDir.get(dir);
  if (!listing) {
    listing = { looked: new Map() };
    byDir.set(dir, listing);
  }
  return listing;
}

/** The names in `dir`, read once per decision. */
function entriesOf(listing: Listing, dir: string): ReadonlySet<string> | null {
  if (listing.read === undefined) {
    try {
      const entries = fs.readdirSync(dir);
      listing.read = entries.length > MOST_ENTRIES ? null : new Set(entries);
    } catch {
      listing.read = null;
    }
  }
  return listing.read;
}

/** Whether `name` is an entry of `dir` (a link counts as itself, not followed). */
function hasEntry(listing: Listing, dir: string, name: string): boolean {
  let known = listing.looked.get(name);
  if (known === undefined) {
    try {
      known = fs.lstatSync(path.join(dir, name), { throwIfNoEntry: false }) !== undefined;
    } catch {
      known = false; // ENOTDIR and the like: no such entry.
    }
    listing.looked.set(name, known);
  }
  return known;
}

/** Characters after which a word's tail may be a file's name for the program reading it. */
const SEPARATORS = new Set(['=', '@', '<', ',', ':']);

/**
 * Whether the absolute name after `word[i - 1]` is one a program reads as a file: after `@` or `<`
 * that starts the word or follows an option's name, `=` or `,` (`-d@/x`, `x=</x`, `-Wl,@/x`), or in
 * gcc's `-Wl,`/`-Wp,`/`-Wa,` lists. (A sed script's `s@/a@/b@` or `/a/,/b/p` names no file.)
 */
function readsAbsolute(word: string, i: number): boolean {
  const sigil = word[i - 1];
  const head = word.slice(0, i - 1);
  if (sigil === '@' || sigil === '<') return head === '' || /[=,]$/.test(head) || /^-{1,2}[\w-]*$/.test(head);
  return sigil === ',' && /^-W[alp],/.test(word);
}

/**
 * Long options whose glued value is not a file the program reads to print: a .env it loads for
 * itself (`node --env-file=.env`), and a filter naming what to leave out or take in
 * (`--exclude=.env`; what a recursive reader takes in is judged by its descent). A short option is
 * no filter however it is spelled (`gcc -includeenv-link` reads that file).
 */
const NOT_READ_TO_PRINT =
  /^--(env-file|env-file-if-exists|envfile|dotenv|[\w-]*(exclude|include|ignore|glob|skip)[\w-]*)(=|$)/;

interface Candidate {
  /** The name as the program may read it. */
  tail: string;
  /** Its first component, looked up in the directory the command runs in. */
  first: string;
  word: string;
  /** Judged as a place whatever the directory holds: it climbs out (`../x`) or is absolute after a sigil. */
  direct: boolean;
}

/** The names a word may hold glued to an option or a separator: each tail, and each tail cut at the next separator. */
function candidatesOf(word: string, out: Candidate[]): void {
  const option = word.startsWith('-') || word.startsWith('+');
  for (let i = 1; i < word.length; i++) {
    const before = word[i - 1]!;
    if (!option && !SEPARATORS.has(before)) continue;
    const whole = word.slice(i);
    const cut = whole.search(/[=@<,:]/);
    for (const tail of cut > 0 ? [whole, whole.slice(0, cut)] : [whole]) {
      if (tail.startsWith('-') || tail.startsWith('=')) continue;
      if (tail.startsWith('/')) {
        if (readsAbsolute(word, i)) out.push({ tail, first: '', word, direct: true });
        continue;
      }
      const first = tail.split('/')[0]!;
      if (first === '' || first === '.') continue;
      out.push({ tail, first, word, direct: first === '..' });
    }
  }
}

/**
 * Each tail of each word given to `program` that may be a file glued to an option (any tail of a
 * word starting with `-` or `+`) or to a separator (`=`, `@`, `<`, `,`, `:`), also cut at the next
 * separator (gcc's `-Wl,@FILE,-v`), and names an entry of the directory it runs in, climbs out of it
 * (`../x`) or is absolute after a sigil (`@/etc/x`): a card when it is a secrets file or leads outside.
 */
export function judgeAttachedValues(program: string, argv: readonly string[], view: FileView, where: Where): void {
  const candidates: Candidate[] = [];
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (word.length < 3 || word.length > 4096 || NOT_READ_TO_PRINT.test(word)) continue;
    candidatesOf(word, candidates);
  }
  if (candidates.length === 0) return;
  const listing = listingOf(view, where.cwd);
  const lookUp = new Set(candidates.map((c) => c.first)).size <= MOST_LOOKUPS;
  for (const { tail, first, word, direct } of candidates) {
    if (!direct) {
      // A directory that cannot be read whole (too large, unreadable) is looked up name by name.
      const entries = lookUp ? null : entriesOf(listing, where.cwd);
      if (entries === null ? !hasEntry(listing, where.cwd, first) : !entries.has(first)) continue;
    }
    const place = view.place(tail, where.cwd);
    if (place.kind === 'outside')
      outside(`${tail} (in ${word})`, `${program} may read ${tail} as the value glued there, and ${place.reason}`);
    if (place.kind === 'inside' && isSecretPath(place.rel))
      card(
        'shows-secret',
        `${program} may read ${tail} in \`${word}\` as a file, the secrets file ${place.rel}, and what it prints goes to the model`,
      );
  }
}
