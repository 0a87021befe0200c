// What `git show`, `git diff` and `git diff-files` print: the changes of a commit, of the index or
// of the working tree, lines included; what `git grep` searches (every tracked file, an ignored one
// too); and git log's pickaxe (`-S`, `-G`), whose list of commits tells what their changes hold. A
// repository nested where they run has its own index and history: any secrets file below it counts. Which files a commit or the working tree changed this rule cannot see
// beforehand, so a secrets file git holds where the command looks is taken to be among them: one
// the index tracks (read from .git/index, gitIndex.ts) and, given a revision, one the history
// holds though the tree no longer does (git/historySecrets.ts). Without an index git has no
// tracked file to print; an index this cannot read counts every file that is not ignored.
import fs from 'node:fs';
import path from 'node:path';
import type { FileView } from './containedFiles';
import { isPathspecPattern } from './containedGit';
import { card, type Where } from './containedJudging';
import { GIT_VALUED } from './containedNetwork';
import { trackedFiles } from './gitIndex';
import { isSecretPath } from './secretFiles';

/**
 * Flags after which show and diff print no file's lines: names, counts, or nothing. (Not --check,
 * which prints each line it flags for whitespace, a secrets file's among them.)
 */
const NO_PATCH =
  /^(-s|--no-patch|--stat(=.*)?|--shortstat|--numstat|--name-only|--name-status|--summary|--raw|--dirstat(=.*)?|--quiet)$/;

/** git log's pickaxe: which commits' changes hold a text or match a pattern (`-S TEXT`, `-G RE`). */
const PICKAXE = /^(-S|-G|--pickaxe-regex|--pickaxe-all|--find-object)/;

/** git's subcommands that read the repository and stage, commit or stash nothing. */
const GIT_READERS = new Set([
  'status',
  'diff',
  'diff-files',
  'show',
  'log',
  'shortlog',
  'whatchanged',
  'blame',
  'grep',
  'ls-files',
  'ls-tree',
  'cat-file',
  'rev-parse',
  'describe',
]);

/**
 * Programs that change files and never run another (what sed's and awk's scripts run is a card
 * before this is asked): none stages anything.
 */
const STAGE_NOTHING = new Set([
  'sed',
  'awk',
  'gawk',
  'mawk',
  'cp',
  'mv',
  'rm',
  'mkdir',
  'rmdir',
  'touch',
  'chmod',
  'ln',
  'tee',
  'cat',
  'echo',
  'printf',
  'truncate',
  'patch',
]);

/**
 * Whether a command certainly stages, commits and stashes nothing: git reading only (a subcommand
 * of GIT_READERS right after `git`, no global option), or a program of STAGE_NOTHING by its name.
 */
export function stagesNothing(argv: readonly string[]): boolean {
  return (argv[0] === 'git' && GIT_READERS.has(argv[1] ?? '')) || STAGE_NOTHING.has(argv[0] ?? '');
}

/**
 * Whether `--git-dir` or `--work-tree` among git's own options points it at another repository.
 * (Its `-C DIR` options are gone by then: contained.ts judges `git -C DIR …` as `cd DIR && git …`.)
 */
export function namesOtherRepository(argv: readonly string[]): boolean {
  for (let i = 1; i < argv.length && argv[i]!.startsWith('-'); i++) {
    if (/^--(git-dir|work-tree)(=|$)/.test(argv[i]!)) return true;
    if (GIT_VALUED.has(argv[i]!)) i++;
  }
  return false;
}

/** Whether `dir` is a repository's own folder (a bare repository, or a `.git`): HEAD, objects and refs. */
function isGitDirectory(dir: string): boolean {
  return (
    fs.existsSync(path.join(dir, 'HEAD')) &&
    fs.existsSync(path.join(dir, 'objects')) &&
    fs.existsSync(path.join(dir, 'refs'))
  );
}

/**
 * A repository nested where git runs (or above it, inside the workspace), or one named by
 * `--git-dir`/`--work-tree` (`otherRepository`), has an index and a history of its own, which this
 * does not read: a secrets file anywhere below it (below the workspace, for one named) is a card.
 * True when git reads such a repository (the caller's reading of the workspace's own then says nothing).
 */
export function judgeOtherRepository(
  sub: string,
  view: FileView,
  where: Where,
  otherRepository = false,
  readsHistory = false,
): boolean {
  if (otherRepository) {
    if (readsHistory)
      card(
        'shows-secret',
        `git ${sub} is given another repository (--git-dir, --work-tree) and prints its history, which this rule does not read`,
      );
    const top = view.place(view.workspace, where.cwd);
    const secret = top.kind === 'inside' ? view.secretBelow(top, { hidden: true, ignoredToo: true }) : null;
    if (secret !== null)
      card(
        'shows-secret',
        `git ${sub} is given another repository to read, and the secrets file ${secret} may be in it`,
      );
    return true;
  }
  for (let dir = where.cwd; dir.startsWith(`${view.workspace}/`); dir = path.dirname(dir)) {
    if (!fs.existsSync(path.join(dir, '.git')) && !isGitDirectory(dir)) continue;
    // Its history may hold a secrets file its tree no longer has, which this does not read.
    if (readsHistory)
      card(
        'shows-secret',
        `git ${sub} prints what the history of the repository nested at ${path.relative(view.workspace, dir)} holds, which this rule does not read`,
      );
    const nested = view.place(dir, where.cwd);
    const secret = nested.kind === 'inside' ? view.secretBelow(nested, { hidden: true, ignoredToo: true }) : null;
    if (secret !== null)
      card(
        'shows-secret',
        `git ${sub} reads the repository nested at ${path.relative(view.workspace, dir)}, which holds the secrets file ${secret}`,
      );
    return true;
  }
  return false;
}

export function judgeGitDiffShown(
  gitWords: readonly string[],
  view: FileView,
  where: Where,
  otherRepository = false,
): void {
  const [sub, ...args] = gitWords;
  // Every object of the store, the dangling ones too (a .env once staged, then reset): no history
  // or index this reads says what they hold.
  if ((sub === 'fsck' && args.includes('--lost-found')) || (sub === 'cat-file' && args.includes('--batch-all-objects')))
    card(
      'shows-secret',
      `git ${sub} ${sub === 'fsck' ? '--lost-found writes out' : '--batch-all-objects prints'} every object git stores, those of files once staged and dropped among them`,
    );
  // A search of every commit's changes for a text answers, commit by commit, whether a secrets file
  // git holds or held changed by it: what it lists tells what the file holds.
  const pickaxe = (sub === 'log' || sub === 'whatchanged') && args.some((w) => PICKAXE.test(w));
  // git grep searches the files git tracks, ignored or not (and a revision's, given one).
  const grep = sub === 'grep' && !args.includes('--no-index');
  // What prints the index's or commits' changes beside its own output: status and commit verbose
  // (the staged diff), add -p, -i and -e (each hunk), request-pull -p and range-diff (commits' patches).
  const printsChanges =
    ((sub === 'status' || sub === 'commit') && args.some((w) => /^-[a-zA-Z]*v/.test(w) || w === '--verbose')) ||
    (sub === 'add' && args.some((w) => /^-[a-zA-Z]*[pie]/.test(w) || /^--(patch|interactive|edit)$/.test(w))) ||
    (sub === 'request-pull' && args.includes('-p')) ||
    sub === 'range-diff';
  if (sub !== 'show' && sub !== 'diff' && sub !== 'diff-files' && !pickaxe && !grep && !printsChanges) return;
  // `-p` or `--patch` beside a names-only flag prints both.
  if (
    !pickaxe &&
    args.some((w) => NO_PATCH.test(w)) &&
    !args.some((w) => /^(-p|-u|--patch|-U\d*|--unified(=.*)?)$/.test(w))
  )
    return;
  const dd = args.indexOf('--');
  const specs = dd >= 0 ? args.slice(dd + 1) : [];
  const before = dd >= 0 ? args.slice(0, dd) : args;
  // show always shows a commit (HEAD by default), log's pickaxe every one; diff one when given a
  // revision or --cached.
  const revisions = before.filter((w) => !w.startsWith('-'));
  const committed =
    sub === 'show' ||
    sub === 'range-diff' ||
    sub === 'request-pull' ||
    pickaxe ||
    (grep
      ? revisions.length > 1
      : sub === 'diff' && (revisions.length > 0 || before.some((w) => w === '--cached' || w === '--staged')));
  if (judgeOtherRepository(sub ?? '', view, where, otherRepository, committed)) return;
  // Where it looks: the pathspecs after `--`, each a place (a pattern or magic: the whole repository).
  const wholeRepository = specs.length === 0 || specs.some(isPathspecPattern);
  const under = wholeRepository
    ? ['']
    : specs.map((s) => {
        const place = view.place(s, where.cwd);
        return place.kind === 'inside' ? place.rel : null;
      });
  const within = (rel: string): boolean =>
    under.some((u) => u !== null && (u === '' || rel === u || rel.startsWith(`${u}/`)));
  const tracked = trackedFiles(view.workspace);
  if (tracked) {
    for (const file of tracked.files)
      if (isSecretPath(file) && within(file))
        card(
          'shows-secret',
          `git ${sub} prints the changes of the files git tracks, the secrets file ${file} among them`,
        );
  } else if (
    fs.existsSync(path.join(view.workspace, '.git', 'index')) ||
    // A linked worktree's .git is a file naming its index elsewhere, which this does not read.
    fs.lstatSync(path.join(view.workspace, '.git'), { throwIfNoEntry: false })?.isFile() === true
  ) {
    const root = view.place(view.workspace, where.cwd);
    const secret = root.kind === 'inside' ? view.secretBelow(root, { hidden: true, ignoredToo: true }) : null;
    if (secret !== null && within(secret))
      card('shows-secret', `git ${sub} prints the changes of the files git tracks, and ${secret} may be among them`);
  }
  // An earlier command on the line may have staged, committed or stashed what the index read here
  // does not hold yet (`git add -A && git diff --cached`, `git stash -u && git show stash^3`): a
  // secrets file git would take there, one it does not ignore, counts as held.
  if (view.lineMayHaveStaged) {
    const top = view.place(view.workspace, where.cwd);
    const secret = top.kind === 'inside' ? view.secretBelow(top, { hidden: true, ignoredToo: false }) : null;
    if (secret !== null && within(secret))
      card(
        'shows-secret',
        `git ${sub} prints what git holds, and an earlier command on the line may have staged the secrets file ${secret}, which git does not ignore`,
      );
  }
  if (!committed) return;
  const past = view.historySecret?.() ?? null;
  // (Any pathspec: the history may hold a secrets file besides the first one read.)
  if (past !== null)
    card('shows-secret', `git ${sub} prints what a commit changed, and the history holds the secrets file ${past}`);
}
