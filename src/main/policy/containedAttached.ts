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
 * Options whose glued value is not a file the program reads to print: a .env it loads for itself
 * (`node --env-file=.env`), and a filter naming what to leave out or take in (`--exclude=.env`).
 */
const NOT_READ_TO_PRINT =
  /^--?(env-file|env-file-if-exists|envfile|dotenv|[\w-]*(exclude|include|ignore|glob|skip)[\w-]*)(=|$)/;

/**
 * Each tail of each word given to `program` that may be a file glued to an option (any tail of a
 * word starting with `-` or `+`) or to a separator (`=`, `@`, `<`, `,`, `:`), and names an entry of
 * the directory it runs in: a card when it is a secrets file or leads outside.
 */
export function judgeAttachedValues(program: string, argv: readonly string[], view: FileView, where: Where): void {
  const candidates: { tail: string; first: string; word: string }[] = [];
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (word.length < 3 || word.length > 4096 || NOT_READ_TO_PRINT.test(word)) continue;
    const option = word.startsWith('-') || word.startsWith('+');
    for (let i = 1; i < word.length; i++) {
      if (!option && !SEPARATORS.has(word[i - 1]!)) continue;
      const tail = word.slice(i);
      if (tail.startsWith('/') || tail.startsWith('-') || tail.startsWith('=')) continue;
      const first = tail.split('/')[0]!;
      if (first === '' || first === '.' || first === '..') continue;
      candidates.push({ tail, first, word });
    }
  }
  if (candidates.length === 0) return;
  const listing = listingOf(view, where.cwd);
  const lookUp = new Set(candidates.map((c) => c.first)).size <= MOST_LOOKUPS;
  for (const { tail, first, word } of candidates) {
    if (lookUp) {
      if (!hasEntry(listing, where.cwd, first)) continue;
    } else {
      const entries = entriesOf(listing, where.cwd);
      if (entries === null || !entries.has(first)) continue;
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
