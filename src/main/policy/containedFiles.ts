// What contained mode asks the workspace's files (policy/contained.ts): where a word resolves (with
// the one resolver, so a path inside is fine however it is spelled), what an unquoted glob matches
// as sh would expand it, which files the checkpoint does not hold (git-ignored, over its size cap),
// and which secrets files a program that descends would read. One FileView per decision.
import fs from 'node:fs';
import path from 'node:path';
import type { Ignore } from 'ignore';
import { isGitComponent } from '../workspace/gitName';
import { isAlwaysCardPath } from '../workspace/alwaysCard';
import { expandGlob } from './containedGlob';
import { IgnoreRules } from './ignoreRules';
import { WALK_LIMIT, walkBelow } from './containedWalk';
import { resolveIn, type PathSession } from '../workspace/resolve';
import type { ShellWord } from './shellForm';
import { isBuildOutput } from './containedPrograms';
import { isSecretPath } from './secretFiles';
import type { SearchFilter } from './searchFilters';

/**
 * Outside the workspace, yet the sandbox's own: its null device and standard streams. (Its /tmp is
 * private too, but a path there is still carded: the owner reads it as a place outside.)
 */
const SANDBOX_OWN = /^\/dev\/(null|stdin|stdout|stderr|fd\/[012]|zero|urandom|random)$/;

/** Refusal codes of the resolver that mean "somewhere the workspace does not hold". */
const OUTSIDE_CODES = new Set([
  'outside-workspace',
  'climbs-out',
  'link-outside',
  'home-tilde',
  'device-alias',
  'data-dir',
  'deny-list',
  'absolute',
]);

/** What a list of files given to a program may hold that a card names (FileView.listProblem). */
export type ListProblemCode =
  'shows-secret' | 'place-outside' | 'shell-construct' | 'irreversible-loss' | 'git-dir' | 'always-card';

export type Place =
  /** Inside the workspace: its real path and workspace-relative path ('' for the root). */
  | { kind: 'inside'; abs: string; rel: string; stat: fs.Stats | undefined }
  /** The sandbox's own (/dev/null, /dev/stdout): nothing of the owner's. */
  | { kind: 'sandbox' }
  | { kind: 'outside'; reason: string }
  /** Not a path at all (a control character, an empty word): nothing to resolve. */
  | { kind: 'none' };

/** How a reader descends: hidden names, what git ignores, links it meets followed. */
export interface Descent {
  hidden: boolean;
  ignoredToo: boolean;
  /**
   * Whether it may read a git-ignored file though it skips ignored folders: rg and ag, which an
   * `.ignore` file (`!.env`) or a folder outside any repository makes read what .gitignore names.
   */
  ignoredFilesToo?: boolean;
  follows?: boolean;
}

/** Directories a secrets search does not descend into: other people's packages, not the owner's secrets. */
const NOT_SEARCHED = new Set(['.git', 'node_modules', '.venv', 'venv', 'site-packages', '.tox']);

export class FileView {
  private readonly ignores = new Map<string, Ignore | null>();
  /** Where each (cwd, word) landed in this decision: the session's lstats make it the same answer. */
  private readonly places = new Map<string, Place>();
  /**
   * Whether a search for literal text may be judged by what the secrets files hold now
   * (literalSearch.ts): only when nothing else on the command line could change them first.
   */
  literalSearchReadsNow = true;
  /**
   * Whether a command judged before the one being judged (in the order they run, an inner script's
   * and a loop's next turn included) may have changed files: what is there now is then not
   * necessarily what a listing reads (containedLists.ts lsOperands).
   */
  lineMayHaveChanged = false;
  /** Whether such a command may also have staged, committed or stashed files (any but git's own readers). */
  lineMayHaveStaged = false;
  /** A secrets file the repository's history holds though its tree does not (ContainedContext.historySecret). */
  historySecret?: () => string | null;
  /** Whether the command names an ignore file anywhere (`printf '!.env' > .ignore && rg …`): read as one there. */
  namesIgnoreFile = false;

  constructor(
    readonly session: PathSession,
    private readonly maxFileBytes: number,
    /** /tmp is the agent's own directory inside the sandbox (bubblewrap): a path there is the sandbox's. */
    private readonly privateTmp = false,
    /** Compiled .gitignore rules kept across decisions (absent: read in this decision). */
    private readonly ignoreRules: IgnoreRules = new IgnoreRules(),
  ) {}

  get workspace(): string {
    return this.session.ws;
  }

  /** Where `text` lands when a program in `cwd` (a real absolute directory) opens it. */
  place(text: string, cwd: string): Place {
    const key = `${cwd}\0${text}`;
    let known = this.places.get(key);
    if (known === undefined) {
      known = this.placeOnce(text, cwd);
      this.places.set(key, known);
    }
    return known;
  }

  private placeOnce(text: string, cwd: string): Place {
    if (text === '' || /[\0-\x1f\x7f]/.test(text)) return { kind: 'none' };
    const abs = text.startsWith('/') ? text : `${cwd}/${text}`;
    const lexical = path.posix.normalize(abs);
    if (SANDBOX_OWN.test(lexical)) return { kind: 'sandbox' };
    // Inside the sandbox /tmp is the agent's own directory (bubblewrap). A path there whose first
    // name under /tmp the machine does not have is the agent's scratch (`> /tmp/out.log`, then `cat
    // /tmp/out.log`), nothing of anybody's; one the machine has (another program's, the workspace's
    // or the home's parents in a test) is judged as every other path.
    if (this.privateTmp && lexical.startsWith('/tmp/')) {
      const first = lexical.split('/')[2];
      if (first !== undefined && first !== '' && this.session.lstat(`/tmp/${first}`) === undefined)
        return { kind: 'sandbox' };
    }
    const r = resolveIn(this.session, { path: abs, for: 'read' });
    // The resolver walks no component for the workspace itself: its stat is read here, so that every
    // reader of a place sees the root as the folder it is.
    if (r.ok)
      return {
        kind: 'inside',
        abs: r.path,
        rel: r.rel.join('/'),
        stat: r.stat ?? (r.rel.length === 0 ? this.session.lstat(r.path) : undefined),
      };
    if (OUTSIDE_CODES.has(r.code))
      return { kind: 'outside', reason: r.reason.replace(/^refused: /, '').replace(/\.$/, '') };
    return { kind: 'none' };
  }

  /** What sh puts in place of a glob word (containedGlob.ts). */
  expand(word: ShellWord, cwd: string): string[] | null {
    return expandGlob(this, word, cwd);
  }

  /** The `.gitignore` rules of a workspace directory (relative, '' for the root), looked at once per decision. */
  private rulesOf(dirRel: string): Ignore | null {
    if (this.ignores.has(dirRel)) return this.ignores.get(dirRel) ?? null;
    const files = [path.join(this.workspace, dirRel, '.gitignore')];
    if (dirRel === '') files.push(path.join(this.workspace, '.git', 'info', 'exclude'));
    const present: { file: string; st: fs.Stats }[] = [];
    for (const file of files) {
      const st = this.session.lstat(file);
      if (st?.isFile()) present.push({ file, st });
    }
    const rules = present.length > 0 ? this.ignoreRules.rulesOf(present) : null;
    this.ignores.set(dirRel, rules);
    return rules;
  }

  /** Whether git ignores the workspace-relative path (a directory ignored hides all below it). */
  ignored(rel: string, isDir: boolean): boolean {
    const parts = rel.split('/').filter((p) => p !== '');
    for (let n = 1; n <= parts.length; n++) {
      const dirFlag = n < parts.length || isDir;
      let verdict = false;
      for (let d = 0; d < n; d++) {
        const rules = this.rulesOf(parts.slice(0, d).join('/'));
        if (!rules) continue;
        const sub = parts.slice(d, n).join('/') + (dirFlag ? '/' : '');
        const t = rules.test(sub);
        if (t.ignored) verdict = true;
        else if (t.unignored) verdict = false;
      }
      if (verdict) return true;
    }
    return false;
  }

  /**
   * Why deleting or overwriting this place loses what a checkpoint cannot give back, or null: it is
   * ignored (and not build output), over the size cap, or — for a tree — holds such a file.
   */
  lossAt(place: Extract<Place, { kind: 'inside' }>, recursive: boolean): string | null {
    const st = place.stat;
    if (!st || place.rel === '') return null;
    if (isBuildOutput(place.rel)) return null;
    const isDir = st.isDirectory();
    if (this.ignored(place.rel, isDir))
      return `${place.rel}${isDir ? '/' : ''} is ignored by git, so no checkpoint holds it`;
    if (st.isFile() && st.size > this.maxFileBytes)
      return `${place.rel} is larger than the checkpoint's ${Math.round(this.maxFileBytes / 1048576)} MiB cap, so no checkpoint holds it`;
    if (!isDir || !recursive) return null;
    let seen = 0;
    let found: string | null = null;
    const tooMany = walkBelow(
      place.abs,
      place.rel,
      { hidden: true, ignoredToo: true, skip: () => false },
      (rel, entry) => {
        seen++;
        if (isBuildOutput(rel)) return 'skip';
        if (this.ignored(rel, entry.isDirectory())) {
          found = `${rel}${entry.isDirectory() ? '/' : ''} is ignored by git, so no checkpoint holds it`;
          return 'stop';
        }
        if (entry.isFile()) {
          const size = this.session.lstat(path.join(this.workspace, rel))?.size ?? 0;
          if (size > this.maxFileBytes) {
            found = `${rel} is larger than the checkpoint's cap, so no checkpoint holds it`;
            return 'stop';
          }
        }
        return 'go';
      },
    );
    if (found) return found;
    if (tooMany)
      return `${place.rel}/ holds more than ${WALK_LIMIT} entries (${seen} seen), too many to check that a checkpoint holds them`;
    return null;
  }

  /**
   * The first secrets file a program descending from this directory would read, or null. `hidden`:
   * whether it reads hidden names (rg does not by default); `ignoredToo`: whether it reads what git
   * ignores (rg does not by default); `follows`: whether it follows the links it meets (grep -R,
   * rg -L), when a link out, to a secrets file or to a folder counts as one.
   */
  secretBelow(
    place: Extract<Place, { kind: 'inside' }>,
    how: Descent,
    filter: SearchFilter | null = null,
    /** A secrets file this returns true for shows nothing to this reader (literalSearch.ts). */
    spares: (abs: string) => boolean = () => false,
  ): string | null {
    if (place.rel !== '' && !place.stat?.isDirectory())
      return isSecretPath(place.rel) && !spares(place.abs) ? place.rel : null;
    let found: string | null = null;
    const tooMany = this.walkKept(place, how, filter, false, (rel, entry) => {
      if (how.follows && entry.isSymbolicLink()) {
        const through = this.linkLeads(rel);
        if (through !== null) {
          found = through.what;
          return 'stop';
        }
      }
      if (isSecretPath(rel) && (entry.isSymbolicLink() || !spares(path.join(this.workspace, rel)))) {
        found = rel;
        return 'stop';
      }
      return 'go';
    });
    if (found) return found;
    return tooMany ? `${place.rel || '.'}/ (more than ${WALK_LIMIT} entries, too many to check)` : null;
  }

  /**
   * What makes giving a program every file a listing names below this directory unsafe, or null:
   * `content`, it prints what it reads (a secrets file among them, or a link to one or to a folder);
   * `links`, the listing names links, which the program follows (one out of the workspace);
   * `split`, xargs splits the names on blanks and reads quotes and backslashes in them;
   * `bareNames`, the names are printed without a leading directory, so one may start with `-`;
   * `writes`, it rewrites each file in place (`sed -i`, `prettier --write`): one no checkpoint
   * holds, a link (whose target it may rewrite), one inside `.git` or one that is always a card
   * is named (`layout`: it only lays each out again, so an always-card file is not); or it writes beside each (`beside`, py_compile's `__pycache__`): one inside `.git`
   * or an always-card folder is. Other people's packages are then walked too.
   */
  listProblem(
    place: Extract<Place, { kind: 'inside' }>,
    how: Descent,
    filter: SearchFilter | null,
    given: {
      content: boolean;
      links: boolean;
      split: boolean;
      bareNames: boolean;
      writes?: 'no' | 'in-place' | 'layout' | 'beside';
      /** False: a secrets file listed by its own name is not looked for (a link leading to one still is). */
      secretsByName?: boolean;
    },
  ): { code: ListProblemCode; sentence: string } | null {
    const secretsByName = given.secretsByName ?? true;
    const writes = given.writes ?? 'no';
    // xargs splits the whole name it is given, the folders above the file included (`x .env /y.txt`).
    const splits = (rel: string): { code: ListProblemCode; sentence: string } | null =>
      given.split && /[\s'"\\]/.test(rel)
        ? { code: 'shell-construct', sentence: `xargs would split the name ${JSON.stringify(rel)} into several` }
        : null;
    const startSplits = splits(place.rel);
    if (startSplits) return startSplits;
    // A file given as the listing's start (`find .env`) is what it lists, as where it resolves.
    if (place.rel !== '' && !place.stat?.isDirectory()) {
      if (place.stat === undefined) return null;
      const written = writes !== 'no' ? this.rewriteProblem(place.rel, null, writes) : null;
      if (written) return written;
      return given.content && secretsByName && isSecretPath(place.rel)
        ? { code: 'shows-secret', sentence: `the secrets file ${place.rel} among them` }
        : null;
    }
    let found: { code: ListProblemCode; sentence: string } | null = null;
    const tooMany = this.walkKept(place, how, filter, writes !== 'no', (rel, entry, below) => {
      const name = path.posix.basename(rel);
      const written = writes !== 'no' && !entry.isDirectory() ? this.rewriteProblem(rel, entry, writes) : null;
      if (written) found = written;
      else if (splits(rel)) found = splits(rel);
      else if (given.bareNames && !below.includes('/') && name.startsWith('-'))
        found = {
          code: 'shell-construct',
          sentence: `the listed name ${rel} starts with - and would be read as an option`,
        };
      else if (given.links && entry.isSymbolicLink()) {
        const through = this.linkLeads(rel);
        if (through?.outside) found = { code: 'place-outside', sentence: `would read ${through.what}` };
        else if (through && given.content) found = { code: 'shows-secret', sentence: `would read ${through.what}` };
      } else if (given.content && secretsByName && isSecretPath(rel))
        found = { code: 'shows-secret', sentence: `the secrets file ${rel} among them` };
      return found ? 'stop' : 'go';
    });
    if (found) return found;
    return tooMany
      ? {
          code: 'shell-construct',
          sentence: `${place.rel || '.'}/ holds more than ${WALK_LIMIT} entries, too many to check`,
        }
      : null;
  }

  /**
   * Where the link at `rel` leads when it is out of the workspace, to a secrets file or to a folder
   * (whose files the walk, which follows no link, did not look at): `what`, for the card. Else null.
   */
  private linkLeads(rel: string): { outside: boolean; what: string } | null {
    const target = this.place(path.join(this.workspace, rel), this.workspace);
    if (target.kind === 'outside')
      return { outside: true, what: `${rel}, a link out of the workspace (${target.reason})` };
    // One the resolver will not follow (a loop, a link to a folder above it): counted, not passed.
    if (target.kind === 'none') return { outside: false, what: `${rel}, a link this rule cannot follow` };
    if (target.kind !== 'inside') return null;
    if (isSecretPath(target.rel)) return { outside: false, what: `${target.rel}, through the link ${rel}` };
    if (target.stat?.isDirectory())
      return { outside: false, what: `${rel}, a link to the folder ${target.rel || '.'} whose files were not checked` };
    return null;
  }

  /** What rewriting the listed file at `rel` in place (or writing beside it) does that a card must name, or null. */
  private rewriteProblem(
    rel: string,
    entry: fs.Dirent | null,
    writes: 'in-place' | 'layout' | 'beside',
  ): { code: ListProblemCode; sentence: string } | null {
    if (rel.split('/').some(isGitComponent))
      return {
        code: 'git-dir',
        sentence: `${rel} among them, inside .git, which git reads and runs as you outside the sandbox`,
      };
    const written = writes === 'beside' ? path.posix.join(path.posix.dirname(rel), '__pycache__', 'x.pyc') : rel;
    // A formatter that only lays a file out again (`layout`) changes nothing another program runs.
    const always = writes === 'layout' ? null : isAlwaysCardPath(written);
    if (always !== null) return { code: 'always-card', sentence: `${rel} among them: ${always}` };
    if (writes === 'beside') return null;
    if (entry?.isSymbolicLink() === true)
      return { code: 'irreversible-loss', sentence: `the link ${rel} among them, whose target it may rewrite` };
    const abs = path.join(this.workspace, rel);
    const loss = this.lossAt({ kind: 'inside', abs, rel, stat: this.session.lstat(abs) }, false);
    return loss ? { code: 'irreversible-loss', sentence: `it rewrites each one, and ${loss}` } : null;
  }

  /**
   * The walk of a descending reader: its hidden, ignored and filter rules applied; `visit` sees what
   * it opens. `packagesToo`: folders of other people's packages are walked as well.
   */
  private walkKept(
    place: Extract<Place, { kind: 'inside' }>,
    how: Descent,
    filter: SearchFilter | null,
    packagesToo: boolean,
    visit: (rel: string, entry: fs.Dirent, below: string) => 'go' | 'stop',
  ): boolean {
    const below = (rel: string): string => (place.rel === '' ? rel : rel.slice(place.rel.length + 1));
    // A folder of other people's packages is not searched for secrets, unless the reader follows the
    // links it meets (one in node_modules may lead anywhere); a link by such a name is looked at.
    const skip = (entry: fs.Dirent): boolean =>
      !packagesToo && how.follows !== true && NOT_SEARCHED.has(entry.name) && !entry.isSymbolicLink();
    return walkBelow(place.abs, place.rel, { ...how, skip }, (rel, entry) => {
      const dir = entry.isDirectory();
      if (!how.ignoredToo && !(how.ignoredFilesToo === true && !dir) && this.ignored(rel, dir)) return 'skip';
      // A search given file filters opens only the files they keep (a secrets folder: its files).
      if (filter && dir && filter.skipsDir(below(rel))) return 'skip';
      // A reader that follows links follows one to a folder whatever its name: each is looked at.
      const followed = how.follows === true && entry.isSymbolicLink();
      if (filter?.filtersFiles && !followed && (dir || !filter.reads(below(rel)))) return 'go';
      return visit(rel, entry, below(rel));
    });
  }

  /**
   * What deleting every entry a listing keeps below this directory (`find -name … -delete`, or
   * `-exec rm -rf {} +`) loses that no checkpoint holds, or writes inside `.git`; null when nothing.
   * Every folder is walked, `.git` and other people's packages included, since find walks them too.
   */
  lossAmongListed(place: Extract<Place, { kind: 'inside' }>, filter: SearchFilter): string | null {
    // A file given as find's start (`find local-data/x.db -name '*.db' -delete`) is what it finds.
    if (place.rel !== '' && !place.stat?.isDirectory()) {
      if (place.stat === undefined) return null;
      if (place.rel.split('/').some(isGitComponent))
        return `${place.rel}, inside .git, which git reads and runs as you outside the sandbox`;
      return this.lossAt(place, false);
    }
    let found: string | null = null;
    const below = (rel: string): string => (place.rel === '' ? rel : rel.slice(place.rel.length + 1));
    const tooMany = walkBelow(
      place.abs,
      place.rel,
      { hidden: true, ignoredToo: true, skip: () => false },
      (rel, entry) => {
        if (!filter.reads(below(rel))) return 'go';
        if (rel.split('/').some(isGitComponent)) {
          found = `${rel}, inside .git, which git reads and runs as you outside the sandbox`;
          return 'stop';
        }
        const abs = path.join(this.workspace, rel);
        const loss = this.lossAt({ kind: 'inside', abs, rel, stat: this.session.lstat(abs) }, entry.isDirectory());
        if (loss) {
          found = loss;
          return 'stop';
        }
        return 'go';
      },
    );
    if (found) return found;
    return tooMany
      ? `${place.rel || '.'}/ holds more than ${WALK_LIMIT} entries, too many to check what would be lost`
      : null;
  }

  /**
   * Whether this is a virtualenv's `bin/activate`: a regular file (not a link) in the `bin` of a
   * directory holding a regular `pyvenv.cfg`, as `python -m venv` and virtualenv make them.
   */
  /**
   * Whether rg or ag, descending from `start`, may read a file .gitignore names: the workspace is no
   * repository of its own (they honour .gitignore only in one), or an ignore file of theirs (`names`)
   * stands in the workspace's root or in a folder on the way down to `start`, where `!NAME` takes a
   * name back in; or one of theirs, or a `.gitignore` (which this reads only at the root), stands in
   * a folder below `start` they descend into and takes a name back in (`printf '!.env\n' >
   * backend/.ignore`); a project's own nested `.gitignore` without a `!` line takes none.
   */
  mayUnignore(start: Extract<Place, { kind: 'inside' }>, names: readonly string[]): boolean {
    if (this.namesIgnoreFile || this.session.lstat(path.join(this.workspace, '.git')) === undefined) return true;
    const parts = start.rel === '' ? [] : start.rel.split('/');
    for (let depth = 0; depth <= parts.length; depth++) {
      const dir = path.join(this.workspace, ...parts.slice(0, depth));
      if (names.some((n) => this.session.lstat(path.join(dir, n)) !== undefined)) return true;
      if (depth > 0 && takesBack(path.join(dir, '.gitignore'))) return true;
      // rg 13 and ag, started below a folder whose ignore file names a path (`config/credentials.json`),
      // do not apply that rule there: what it ignores below the start is read.
      const below = parts.slice(depth).join('/');
      if (below !== '') {
        const files = [
          path.join(dir, '.gitignore'),
          ...(depth === 0 ? [path.join(dir, '.git', 'info', 'exclude')] : []),
        ];
        if (files.some((f) => pathRuleReaches(f, below))) return true;
      }
    }
    let found = false;
    const tooMany = walkBelow(
      start.abs,
      start.rel,
      { hidden: true, ignoredToo: true, skip: (entry) => entry.name === '.git' },
      (rel, entry) => {
        if (entry.isDirectory()) return this.ignored(rel, true) ? 'skip' : 'go';
        if (
          (names.includes(entry.name) || (entry.name === '.gitignore' && rel !== '.gitignore')) &&
          takesBack(path.join(this.workspace, rel))
        ) {
          found = true;
          return 'stop';
        }
        return 'go';
      },
    );
    return found || tooMany;
  }

  isVirtualenvActivate(place: Extract<Place, { kind: 'inside' }>): boolean {
    if (!/(^|\/)bin\/activate$/.test(place.rel)) return false;
    const own = this.session.lstat(path.join(this.workspace, place.rel));
    if (!own?.isFile()) return false;
    const venv = path.posix.dirname(path.posix.dirname(place.rel));
    return this.session.lstat(path.join(this.workspace, venv, 'pyvenv.cfg'))?.isFile() === true;
  }

  /**
   * Whether `text` (as written, from `cwd`) is a symbolic link, or names a directory holding one (or
   * too large to tell).
   */
  holdsLink(text: string, cwd: string, place: Extract<Place, { kind: 'inside' }>): boolean {
    if (this.session.lstat(text.startsWith('/') ? text : `${cwd}/${text}`.replace(/\/+$/, ''))?.isSymbolicLink())
      return true;
    const st = this.session.lstat(path.join(this.workspace, place.rel));
    if (st?.isSymbolicLink()) return true;
    if (!st?.isDirectory()) return false;
    let found = false;
    const tooMany = walkBelow(
      place.abs,
      place.rel,
      { hidden: true, ignoredToo: true, skip: () => false },
      (_rel, entry) => {
        if (entry.isSymbolicLink()) {
          found = true;
          return 'stop';
        }
        return 'go';
      },
    );
    return found || tooMany;
  }
}

/** An ignore file's lines: [] when it is not there, null when it cannot be read whole (not a file, over 1 MiB). */
function ignoreLines(abs: string): string[] | null {
  try {
    const st = fs.lstatSync(abs, { throwIfNoEntry: false });
    if (st === undefined) return [];
    if (!st.isFile() || st.size > 1024 * 1024) return null;
    return fs.readFileSync(abs, 'utf8').split('\n');
  } catch {
    return null;
  }
}

/**
 * Whether an ignore file holds a rule naming a path (a `/` inside it, not only at its end) that
 * may reach into `below` (its folder's relative path to a search's start): one written under it,
 * or one with a pattern in its folders. Unreadable or too large: it may.
 */
function pathRuleReaches(abs: string, below: string): boolean {
  const lines = ignoreLines(abs);
  if (lines === null) return true;
  return lines.some((line) => {
    const rule = line.trim().replace(/^!/, '').replace(/^\//, '').replace(/\/+$/, '');
    if (rule === '' || rule.startsWith('#') || !rule.includes('/')) return false;
    const folders = rule.slice(0, rule.lastIndexOf('/'));
    return (
      /[*?[]/.test(folders) ||
      `${rule}/`.startsWith(`${below}/`) ||
      below.startsWith(`${folders}/`) ||
      below === folders
    );
  });
}

/** Whether an ignore file holds a `!` line (which takes a name back in), or cannot be read whole. */
function takesBack(abs: string): boolean {
  const lines = ignoreLines(abs);
  return lines === null || lines.some((line) => line.trimStart().startsWith('!'));
}
