// The search tool when ripgrep is absent (SPEC §6): the same rules as ripgrep's defaults as Paddock
// runs it — .gitignore honoured, hidden files, node_modules and links skipped, binary files skipped —
// bounded in files, bytes and time. A model-written regular expression runs under a vm timeout, so a
// catastrophic pattern stops the search instead of freezing the core.
import fs from 'node:fs';
import vm from 'node:vm';
import ignore from 'ignore';
import { openAt, openDirPath, closeDir, type SafeDir } from './safeOpen';
import { walkTree, type WalkOptions } from './walkTree';

export interface SearchHits {
  hits: string[];
  truncated: boolean;
  error: string | null;
}

export interface FallbackArgs {
  query: string;
  glob?: string;
  regex?: boolean;
}

const MAX_FILE_BYTES = 4 * 1024 * 1024;
const MAX_TOTAL_BYTES = 256 * 1024 * 1024;
const MAX_FILES = 100_000;
const TIME_LIMIT_MS = 20_000;
const LINE_MAX_CHARS = 300;

// One context for every search (a new one per call cost more than a small search): it holds only the
// function to run, set for the call and cleared after. Searches are synchronous, so never overlap.
const idle = (): SearchHits => ({ hits: [], truncated: false, error: null });
const sandbox = vm.createContext({ search: idle }) as { search: () => SearchHits };
const SEARCH_SCRIPT = new vm.Script('search()');

function clip(line: string): string {
  const l = line.replace(/\r$/, '');
  return l.length > LINE_MAX_CHARS ? `${l.slice(0, LINE_MAX_CHARS)}…` : l;
}

function readSmallFile(dir: SafeDir, name: string): Buffer | null {
  let fd: number;
  try {
    fd = openAt(dir, name, fs.constants.O_RDONLY);
  } catch {
    return null; // vanished or became a link: skipped like any link
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.size > MAX_FILE_BYTES) return null;
    const buf = Buffer.allocUnsafe(st.size); // only the bytes read are looked at
    let got = 0;
    while (got < st.size) {
      const n = fs.readSync(fd, buf, got, st.size - got, got);
      if (n === 0) break;
      got += n;
    }
    const data = buf.subarray(0, got);
    return data.subarray(0, 8192).includes(0) ? null : data;
  } finally {
    fs.closeSync(fd);
  }
}

function run(
  root: string,
  rel: readonly string[],
  isFile: boolean,
  args: FallbackArgs,
  limit: number,
  hits: string[],
  denied: WalkOptions['denied'],
): SearchHits {
  let matcher: (line: string) => boolean;
  let needle: Buffer | null = null;
  if (args.regex) {
    let re: RegExp;
    try {
      re = new RegExp(args.query);
    } catch (e) {
      return { hits: [], truncated: false, error: `the regular expression is not valid: ${(e as Error).message}` };
    }
    matcher = (line) => re.test(line);
  } else {
    matcher = (line) => line.includes(args.query);
    // A file whose bytes lack the query's UTF-8 cannot hold it once decoded (decoding only adds
    // U+FFFD for bad bytes), so most files are skipped undecoded. A query with U+FFFD or a lone
    // surrogate has no such byte form: every file is decoded.
    const bytes = Buffer.from(args.query, 'utf8');
    if (!args.query.includes('\uFFFD') && bytes.toString('utf8') === args.query) needle = bytes;
  }
  const base = rel.join('/');
  const globRules = args.glob ? ignore().add(args.glob) : null;
  let truncated = false;
  let files = 0;
  let bytes = 0;

  const searchFile = (dir: SafeDir, name: string, fileRel: string): boolean => {
    if (++files > MAX_FILES || bytes > MAX_TOTAL_BYTES) {
      truncated = true;
      return false;
    }
    const data = readSmallFile(dir, name);
    if (data === null) return true;
    bytes += data.length;
    if (needle !== null && data.indexOf(needle) < 0) return true;
    const lines = data.toString('utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!matcher(lines[i]!)) continue;
      if (hits.length >= limit) {
        truncated = true;
        return false;
      }
      hits.push(`${fileRel}:${i + 1}: ${clip(lines[i]!)}`);
    }
    return true;
  };

  if (isFile) {
    const dir = openDirPath(root, rel.slice(0, -1));
    try {
      searchFile(dir, rel[rel.length - 1]!, base);
    } finally {
      closeDir(dir);
    }
    return { hits, truncated, error: null };
  }
  walkTree(root, rel, {
    maxDepth: 64,
    includeHidden: false,
    denied,
    visit(entry, parent) {
      if (entry.kind !== 'file') return true;
      if (globRules) {
        const sub = base === '' ? entry.rel : entry.rel.slice(base.length + 1);
        if (!globRules.ignores(sub)) return true; // a glob selects files, as ripgrep's -g does
      }
      return searchFile(parent, entry.name, entry.rel);
    },
  });
  return { hits, truncated, error: null };
}

/**
 * Searches the directory (or file) `rel` below `root`; never throws for a slow pattern. `denied`
 * (from denyFilterFor) steps over deny-listed places below it.
 */
export function searchFallback(
  root: string,
  rel: readonly string[],
  args: FallbackArgs,
  limit: number,
  denied: WalkOptions['denied'] = null,
): SearchHits {
  let isFile = false;
  if (rel.length > 0) {
    const st = fs.lstatSync(`${root}/${rel.join('/')}`, { throwIfNoEntry: false });
    isFile = st?.isFile() ?? false;
  }
  const hits: string[] = [];
  try {
    sandbox.search = () => run(root, rel, isFile, args, limit, hits, denied);
    return SEARCH_SCRIPT.runInContext(sandbox, { timeout: TIME_LIMIT_MS }) as SearchHits;
  } catch (e) {
    const message = (e as Error).message ?? String(e);
    if (/timed out/.test(message)) {
      // Whatever was found before the stop is still an answer; nothing found is an error worth naming.
      return {
        hits,
        truncated: true,
        error: hits.length > 0 ? null : `the search took longer than ${TIME_LIMIT_MS / 1000} s and was stopped`,
      };
    }
    return { hits: [], truncated: false, error: message };
  } finally {
    sandbox.search = idle;
  }
}
