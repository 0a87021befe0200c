// What contained mode knows about git's words (policy/contained.ts decides with it): which words of
// git grep are patterns, which configuration a call sets or writes (an alias with `!`,
// core.fsmonitor, a pager, a diff driver run programs as the owner later), and which subcommands
// print files' lines from all of the repository's history. Pure readers of an argv.
import { indicesWhere } from './arrays';
import { GIT_VALUED, gitSubcommand } from './containedNetwork';
import type { FileView } from './containedFiles';
import { card, insideOrCard, type Where } from './containedJudging';
import type { ShellWord } from './shellForm';

/** `git -c` keys that change only how output looks or who a commit names. */
const HARMLESS_GIT_CONFIG =
  /^(color(\.[a-z0-9.-]+)?|user\.(name|email)|advice\.[a-z0-9]+|init\.defaultbranch|core\.(quotepath|abbrev)|log\.(decorate|date|showsignature)|diff\.(noprefix|mnemonicprefix|renames|context)|column\.ui|format\.pretty|commit\.gpgsign|tag\.gpgsign|grep\.linenumber|status\.short|merge\.conflictstyle)$/;

/** `-c core.pager=cat`, `-c pager.log=false`: no pager at all, which runs nothing. */
function noPager(key: string, value: string): boolean {
  if (key === 'core.pager') return value === 'cat';
  return /^pager\.[a-z0-9-]+$/.test(key) && (value === 'false' || value === 'cat');
}

/**
 * The indices of git grep's patterns: its first operand after the subcommand, or, given with -e
 * (or --regexp), each word after one, when no operand is a pattern.
 */
export function gitGrepPatterns(argv: readonly string[]): number[] {
  const at = argv.indexOf('grep');
  if (at <= 0 || gitSubcommand(argv.slice(1))[0] !== 'grep') return [];
  // With -f FILE its patterns come from FILE (a place), and every other word is a path.
  if (argv.some((w, i) => i > at && (w === '-f' || w === '--file' || w.startsWith('--file=')))) return [];
  if (argv.includes('-e') || argv.includes('--regexp'))
    return indicesWhere(argv, (w, i) => i > at && (w === '-e' || w === '--regexp') && i + 1 < argv.length).map(
      (i) => i + 1,
    );
  const first = argv.findIndex((w, i) => i > at && !w.startsWith('-'));
  return first > 0 ? [first] : [];
}

/** A git pathspec that is a pattern or magic, matching more than the place it spells. */
export function isPathspecPattern(spec: string): boolean {
  return /[*?[\\]/.test(spec) || spec.startsWith(':');
}

/** The words of git blame's and git log's `-L` that are a line range, not a path (`-L '/re/,+5'`, `-L10,20`). */
export function gitLineRanges(argv: readonly string[]): number[] {
  const sub = gitSubcommand(argv.slice(1))[0];
  if (sub !== 'blame' && sub !== 'log' && sub !== 'annotate') return [];
  return argv.flatMap((w, i) => (w === '-L' && i + 1 < argv.length ? [i + 1] : /^-L./.test(w) ? [i] : []));
}

/**
 * A card for configuration a git call sets or writes that can run a program: `git config` that
 * writes the repository's configuration (read by git as the owner later), and `git -c KEY=VALUE` or
 * `--config-env` for any key but those that change how output looks.
 */
export function gitConfigProblem(argv: readonly string[]): void {
  const [sub, ...subArgs] = gitSubcommand(argv.slice(1));
  // A stash that takes ignored files (`-a`) out of the working tree, or one thrown away: no checkpoint holds either.
  if (sub === 'stash' && subArgs.some((w) => /^-[a-zA-Z]*a/.test(w) || w === '--all'))
    card(
      'irreversible-loss',
      'git stash --all takes the ignored files out of the working tree, which no checkpoint holds',
    );
  if (sub === 'stash' && ['drop', 'clear'].includes(subArgs[0] ?? ''))
    card('irreversible-loss', `git stash ${subArgs[0]} throws a stash away, which no checkpoint holds`);
  // A ref deleted, or the reflog that keeps unreachable commits thrown away: no checkpoint holds them.
  if (
    (sub === 'update-ref' && subArgs.some((w) => w === '-d' || w === '--delete')) ||
    (sub === 'reflog' && ['delete', 'expire'].includes(subArgs[0] ?? '')) ||
    (sub === 'gc' && subArgs.some((w) => w.startsWith('--prune'))) ||
    // Unreachable objects pruned, or packs rewritten without them (a deleted tag's or branch's commits).
    sub === 'prune' ||
    (sub === 'repack' && subArgs.some((w) => /^-[a-zA-Z]*d/.test(w)))
  )
    card(
      'irreversible-loss',
      `git ${sub} ${subArgs[0] ?? ''} throws away history no checkpoint holds`.replace(/ +/g, ' '),
    );
  // A linked worktree removed with its changes, or a sparse checkout that takes files out of the
  // working tree (an ignored .env in a folder it drops among them): no checkpoint holds those.
  if (sub === 'worktree' && subArgs[0] === 'remove' && subArgs.some((w) => /^-[a-zA-Z]*f/.test(w) || w === '--force'))
    card('irreversible-loss', 'git worktree remove --force deletes the worktree with what no commit holds');
  if (sub === 'sparse-checkout' && ['set', 'add', 'init', 'reapply'].includes(subArgs[0] ?? ''))
    card(
      'irreversible-loss',
      `git sparse-checkout ${subArgs[0]} takes files out of the working tree, ignored ones among them`,
    );
  // Trees, commits and refs made by hand, or the index rewritten: what git then checks out over
  // the working tree (an ignored file, a workflow) is what this rule never sees.
  if (
    ['mktree', 'commit-tree', 'read-tree'].includes(sub ?? '') ||
    (sub === 'update-ref' && !subArgs.some((w) => w === '-d' || w === '--delete')) ||
    (sub === 'update-index' &&
      subArgs.some((w) => /^--(cacheinfo|force-remove|remove|index-info|unresolve)$/.test(w))) ||
    (sub === 'checkout-index' && subArgs.some((w) => /^-[a-zA-Z]*[fa]/.test(w) || w === '--force' || w === '--all')) ||
    (sub === 'symbolic-ref' && subArgs.filter((w) => !w.startsWith('-')).length >= 2)
  )
    card(
      'irreversible-loss',
      `git ${sub} writes objects, refs or the index by hand, which git may then check out over files no checkpoint holds`,
    );
  // An ignored file staged (`git add -f .env`) is then printed by diff --cached, show and log -p.
  if (sub === 'add' && subArgs.some((w) => /^-[a-zA-Z]*f/.test(w) || w === '--force'))
    card(
      'shows-secret',
      'git add -f stages ignored files, secrets files among them, which git then prints (diff --cached, show)',
    );
  // Files staged or stored by names read from the input (an ignored .env among them), then printed.
  if (
    (sub === 'update-index' && subArgs.some((w) => /^--(stdin|index-info|add|replace)$/.test(w))) ||
    (sub === 'hash-object' &&
      subArgs.some((w) => /^-[a-zA-Z]*w/.test(w)) &&
      subArgs.some((w) => w.startsWith('--stdin')))
  )
    card(
      'shows-secret',
      `git ${sub} stores files by names this rule does not read (ignored ones among them), which git then prints`,
    );
  // A template copies its hooks into .git: programs git runs later, outside the sandbox's reading.
  if (sub === 'init' && subArgs.some((w) => w.startsWith('--templ') || w.startsWith('--separate-git-dir')))
    card('shell-construct', "git init --template copies the template's hooks into .git, programs git runs later");
  // Registered for background maintenance: the owner's global configuration and scheduler.
  if (sub === 'maintenance' && ['register', 'unregister', 'start', 'stop'].includes(subArgs[0] ?? ''))
    card(
      'place-outside',
      `git maintenance ${subArgs[0]} writes the global git configuration and schedule, outside the workspace`,
    );
  if (sub === 'config') {
    const positional = subArgs.filter((w) => !w.startsWith('-'));
    const writes =
      positional.length >= 2 ||
      ['set', 'unset', 'rename-section', 'remove-section', 'edit'].includes(positional[0] ?? '') ||
      subArgs.some(
        (w) => /^--(add|unset|unset-all|replace-all|rename-section|remove-section|edit)$/.test(w) || w === '-e',
      );
    if (writes)
      card(
        'always-card',
        "git config writes the repository's configuration, which git reads as the owner (core.fsmonitor and hooksPath run programs); change it yourself",
      );
  }
  const own = argv.length - 1 - gitSubcommand(argv.slice(1)).length;
  for (let i = 1; i <= own; i++) {
    const option = argv[i]!.split('=')[0]!;
    if (argv[i]!.startsWith('-') && !GIT_GLOBAL_OPTIONS.has(option) && !GIT_VALUED.has(argv[i - 1] ?? ''))
      card('shell-construct', `git ${argv[i]} is an option of git's own this rule does not read`);
    if (argv[i]!.startsWith('--exec-path='))
      card('environment-override', `git ${argv[i]} runs git's commands from that folder`);
    if (argv[i]!.startsWith('--config-env'))
      card('environment-override', `git ${argv[i]} sets configuration from a variable, which can run a program`);
    if (argv[i] !== '-c') continue;
    const [name = '', ...rest] = (argv[i + 1] ?? '').split('=');
    const key = name.toLowerCase();
    if (!HARMLESS_GIT_CONFIG.test(key) && !noPager(key, rest.join('=')))
      card(
        'environment-override',
        `git -c ${key} sets configuration that can run a program or change what git reads (aliases, core.fsmonitor, pagers, drivers)`,
      );
  }
}

/** Flags that make git log (and reflog, diff-tree) print each commit's changes, lines included. */
const GIT_LOG_PATCH =
  /^(-p|-u|--patch|--patch-with-stat|--patch-with-raw|-U\d*|--unified(=.*)?|-c|--cc|--full-diff|--binary|-m|--diff-merges=.*|--remerge-diff|--dd|--check)$/;

/**
 * Whether a git subcommand prints files' lines from all of the repository's history or its objects
 * (and with them any secrets file it tracks): log, whatchanged, reflog and diff-tree with a patch
 * (whatever names-only flag stands beside it: `--stat -p` prints both), format-patch, archive,
 * fast-export, bundle, a stash's patch, and cat-file printing an object's content. (show and diff
 * print what a commit, the index or the working tree changed: containedGitShown.ts.)
 */
/** git's options before its subcommand that this rule reads: the valued ones (containedNetwork.ts) and these. */
const GIT_GLOBAL_OPTIONS: ReadonlySet<string> = new Set([
  ...GIT_VALUED,
  '--exec-path',
  '--no-pager',
  '-P',
  '-p',
  '--paginate',
  '--bare',
  '--no-replace-objects',
  '--no-lazy-fetch',
  '--no-optional-locks',
  '--no-advice',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--version',
  '--help',
  '--html-path',
  '--man-path',
  '--info-path',
]);

/** git's empty tree: diffed against it, every tracked file is printed whole. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** Whether a word names the empty tree, however spelled (`4b825dc^{tree}`, `4b825dc:`, in a range). */
function namesEmptyTree(word: string): boolean {
  return (word.match(/[0-9a-f]{7,40}/gi) ?? []).some((hex) => EMPTY_TREE.startsWith(hex.toLowerCase()));
}

export function gitPrintsContent(sub: readonly string[]): boolean {
  const [name, ...args] = sub;
  switch (name) {
    case 'log':
    case 'whatchanged':
    case 'reflog':
    case 'diff-tree':
    case 'diff-index':
      // (Short options bundle: `-pU3` is `-p -U3`, and any of p, u, U, c or m in a bundle prints a patch.)
      return args.some((w) => GIT_LOG_PATCH.test(w) || /^-[a-zA-Z]*[puUcm]/.test(w));
    // Every tracked file written out under another name (`.merge_file_…`), or packed onto the output.
    case 'checkout-index':
      return args.some((w) => w === '--temp' || w.startsWith('--prefix'));
    case 'pack-objects':
      return args.includes('--stdout');
    case 'format-patch':
    case 'archive':
    case 'fast-export':
    case 'bundle':
    // merge-tree prints the merged trees' files (against the empty tree as a base, every one added).
    case 'merge-tree':
      return true;
    case 'stash':
      return args[0] === 'show' && args.some((w) => GIT_LOG_PATCH.test(w) || w === '--include-untracked' || w === '-u');
    // Against the empty tree, a diff prints every file the other side holds.
    // A bare object name may be a blob's, which show and diff print whole (`git show 9fc2d85`, taken
    // from `git ls-files -s`); a ref or a range of refs is read as what a commit changed.
    case 'diff':
    case 'show':
      // (`9fc2d85^{}` and `9fc2d85^{blob}` peel to the same object.)
      return args.some((w) => namesEmptyTree(w) || /^[0-9a-f]{4,40}(\^\{[a-z]*\}|\^0|~0)*$/i.test(w));
    case 'cat-file':
      return !args.some((w) => w === '-t' || w === '-s' || w === '-e' || w === '--batch-check');
    default:
      return false;
  }
}

/**
 * The words of a git command without its `-C DIR` options, and the directory they move it to (each
 * DIR a place inside, from the last; a link followed to where it leads), or null when it has none.
 */
export function gitMovedBy(
  words: readonly ShellWord[],
  view: FileView,
  where: Where,
): { words: ShellWord[]; where: Where } | null {
  let cwd = where.cwd;
  const dropped = new Set<number>();
  for (let k = 1; k < words.length && words[k]!.value.startsWith('-'); k++) {
    const word = words[k]!.value;
    if (word === '-C') {
      const dir = words[k + 1]?.value ?? '';
      dropped.add(k).add(k + 1);
      if (dir === '') continue;
      const place = insideOrCard(view, dir, { cwd }, `the directory git -C ${dir}`);
      if (place.kind !== 'inside' || !place.stat?.isDirectory())
        card('shell-construct', `git -C ${dir} is not a folder of the workspace git can run in`);
      cwd = place.abs;
    }
    if (GIT_VALUED.has(word)) k++;
  }
  if (dropped.size === 0) return null;
  return { words: words.filter((_, k) => !dropped.has(k)), where: { ...where, cwd } };
}
