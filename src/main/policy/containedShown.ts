// Secrets shown to the model: a simple command that prints a secrets file inside the workspace —
// named as an operand, fed through a redirect, found by a recursive reader below where it starts,
// read from git's history or index, read as a names-only program's list, or loaded and printed by a
// .env loader. A file the command only writes shows nothing; a program that loads .env for itself
// (`--env-file`, a dev server) keeps its output its own.
import path from 'node:path';
import { indicesWhere } from './arrays';
import type { Descent, FileView, Place } from './containedFiles';
import { gitPrintsContent, isPathspecPattern } from './containedGit';
import { judgeGitDiffShown, judgeOtherRepository, namesOtherRepository } from './containedGitShown';
import { trackedFiles } from './gitIndex';
import { card, insideOrCard, type OperandPlace, type RedirectPlace, type Where } from './containedJudging';
import { gitSubcommand } from './containedNetwork';
import { inlineCodeFlag, printsNamesOnly, RECURSIVE_READERS, shortFlags } from './containedOperands';
import { NAMES_FROM_FILE, NAMES_ONLY, OPERANDS_AS_TEXT, PATTERN_FIRST, SHELLS } from './containedPrograms';
import { firstExpression, writtenOnly } from './containedChanges';
import { isSecretPath } from './secretFiles';
import { searchFilter } from './searchFilters';
import { holdsNone, literalPatterns } from './literalSearch';
import { curlGlobs, urlPath } from './containedUrls';

/** The files besides .gitignore through which rg and ag take names in or out (`!.env`). */
const RG_IGNORES = ['.ignore', '.rgignore'];
const AG_IGNORES = ['.ignore', '.agignore'];

/** A search's descent where an ignore file may take names back in: a name it whitelists is read hidden or not. */
function unignored(descends: Descent, may: boolean): Descent {
  return may ? { ...descends, hidden: true, ignoredFilesToo: true } : { ...descends, ignoredFilesToo: false };
}

/** git's subcommands that match paths against its rules and print them, never a file's content. */
const GIT_NAMES_ONLY: ReadonlySet<string> = new Set(['check-ignore', 'check-attr']);

/** Programs that fetch the URLs they are given and print what they get. */
const URL_CLIENTS: ReadonlySet<string> = new Set(['curl', 'wget', 'http', 'https', 'xh', 'xhs', 'httpie', 'aria2c']);

/** Whether the command prints a secrets file: a card naming it. */
/**
 * A walk that follows the links it meets (`find -L`, `find -follow`, `tree -l`, `ls -RL`) lists what
 * a link out of the workspace leads to: a card for the first link out below each start.
 */
function judgeFollowedLinks(program: string, argv: readonly string[], view: FileView, where: Where): void {
  const follows =
    (program === 'find' && argv.some((w, i) => (i > 0 && w === '-L') || w === '-follow')) ||
    (program === 'tree' && argv.some((w) => /^-[a-zA-Z]*l/.test(w))) ||
    (program === 'ls' &&
      argv.some((w) => /^-[a-zA-Z]*R/.test(w) || w === '--recursive') &&
      argv.some((w) => /^-[a-zA-Z]*L/.test(w) || w === '--dereference'));
  if (!follows) return;
  const end =
    program === 'find'
      ? firstExpression(argv.map((w) => (w === '-L' || w === '-H' || w === '-P' ? '' : w)))
      : argv.length;
  const starts = argv.slice(1, end).filter((w) => w !== '' && !w.startsWith('-') && w !== '-L');
  for (const start of starts.length > 0 ? starts : ['.']) {
    const place = view.place(start, where.cwd);
    if (place.kind !== 'inside' || !place.stat?.isDirectory()) continue;
    const problem = view.listProblem(place, { hidden: true, ignoredToo: true, follows: true }, null, {
      content: false,
      links: true,
      split: false,
      bareNames: false,
    });
    if (problem?.code === 'place-outside')
      card('place-outside', `${program} follows the links below ${place.rel || '.'}, and ${problem.sentence}`);
  }
}

export function judgeShown(
  program: string,
  argv: readonly string[],
  places: readonly OperandPlace[],
  redirectPlaces: readonly RedirectPlace[],
  patterns: ReadonlySet<number>,
  values: ReadonlySet<number>,
  view: FileView,
  where: Where,
): void {
  judgeFollowedLinks(program, argv, view, where);
  // git's subcommand and its words, read once.
  const gitWords = program === 'git' ? gitSubcommand(argv.slice(1)) : [];
  const gitSub = gitWords[0];
  const namesOnly = NAMES_ONLY.has(program) || GIT_NAMES_ONLY.has(gitSub ?? '');
  // A program that shows only names prints a file's text when it reads the names from it.
  if (namesOnly) namesFromSecret(program, argv, places, view, where);
  // Secrets shown to the model (a file the command only writes shows nothing).
  if (!namesOnly) {
    const written = writtenOnly(program, argv, places);
    for (const p of places) {
      if (
        p.place.kind === 'inside' &&
        isSecretPath(p.place.rel) &&
        !(isEnvFileFlag(argv, p.index) && !mayPrintLoaded(program, argv, p.index)) &&
        !written.has(p.index)
      ) {
        card(
          'shows-secret',
          `${program} would read the secrets file ${p.place.rel}, and what it prints goes to the model`,
        );
      }
    }
    // A URL asking a server on this machine (the agent's own, maybe serving the workspace's files)
    // for a secrets file, however the path is spelled: escaped, with a query, through curl's globs.
    if (program === 'curl' && argv.some((w) => w.startsWith('--request-target')))
      card('shell-construct', 'curl --request-target asks the server for a path this rule does not read');
    // curl expands {…} and […] in the file it uploads (-T) as in a URL; --data-urlencode NAME@FILE reads FILE.
    if (program === 'curl')
      argv.forEach((w, i) => {
        const upload = w === '-T' || w === '--upload-file' ? argv[i + 1] : /^-T./.test(w) ? w.slice(2) : undefined;
        if (upload !== undefined && curlGlobs(program, argv) && /[{}[\]]/.test(upload))
          card(
            'shell-construct',
            `curl expands the pattern in ${upload} into files this rule does not read (-g turns it off)`,
          );
        const encoded =
          w === '--data-urlencode' ? argv[i + 1] : w.startsWith('--data-urlencode=') ? w.slice(17) : undefined;
        const named = encoded === undefined ? null : /^[^=@]*@(.+)$/.exec(encoded);
        if (named) {
          const place = insideOrCard(view, named[1]!, where, `curl's file ${named[1]}`);
          if (place.kind === 'inside' && isSecretPath(place.rel))
            card('shows-secret', `curl would send the secrets file ${place.rel}`);
        }
      });
    if (URL_CLIENTS.has(program))
      for (const w of argv.slice(1)) {
        const asked = urlPath(w);
        if (asked === null) continue;
        if (curlGlobs(program, argv) && /[{}[\]]/.test(asked))
          card(
            'shell-construct',
            `${program} expands the pattern in ${w} into URLs this rule does not read (-g turns it off)`,
          );
        // (A server here serves a folder of the workspace: a link there leads where the rule reads.)
        const served = asked === '' ? null : [view.place(asked, where.cwd), view.place(asked, view.workspace)];
        if (asked !== '' && (isSecretPath(asked) || served!.some((p) => p.kind === 'inside' && isSecretPath(p.rel))))
          card('shows-secret', `${program} asks for the secrets file ${asked} and prints what it gets to the model`);
      }
    // wget -r or -m downloads whatever the server's pages lead to: a server on this machine serving
    // the workspace's folder gives it every file there, secrets files among them.
    if (program === 'wget' && argv.some((w) => /^-[a-zA-Z]*[rm]/.test(w) || w === '--recursive' || w === '--mirror'))
      card(
        'shows-secret',
        'wget -r downloads every file the pages lead to, which may be the secrets files a server here serves',
      );
    for (let i = 1; i < argv.length; i++) {
      const colon = argv[i]!.lastIndexOf(':');
      if (program === 'git' && colon >= 0 && isSecretPath(argv[i]!.slice(colon + 1))) {
        card('shows-secret', `git ${argv[i]} prints the secrets file ${argv[i]!.slice(colon + 1)} from the repository`);
      }
    }
    // git grep searches the tracked files, secrets files among them when they are tracked.
    // git grep searches tracked files; git diff --no-index prints what differs below two folders.
    const pythonArchives =
      (program === 'python3' || program === 'python') &&
      argv[1] === '-m' &&
      (((argv[2] === 'tarfile' || argv[2] === 'zipfile') && argv.some((w) => w === '-c' || w === '--create')) ||
        argv[2] === 'zipapp');
    // A package manager's pack (npm pack, yarn pack, pnpm pack) archives the project's files that no
    // ignore file leaves out, a secrets file among them (--dry-run lists their names only).
    if (
      /^(npm|yarn|pnpm)$/.test(program) &&
      argv.slice(1).find((w) => !w.startsWith('-')) === 'pack' &&
      !argv.includes('--dry-run')
    ) {
      const root = view.place('.', where.cwd);
      const secret = root.kind === 'inside' ? view.secretBelow(root, { hidden: true, ignoredToo: false }) : null;
      if (secret)
        card('shows-secret', `${program} pack archives the project's files, the secrets file ${secret} among them`);
    }
    const descends =
      gitSub === 'grep'
        ? {
            hidden: true,
            // Outside the index (--no-index, or --untracked --no-exclude-standard) it searches ignored files too.
            ignoredToo: argv.includes('--no-index') || argv.includes('--no-exclude-standard'),
          }
        : pythonArchives
          ? { hidden: true, ignoredToo: true }
          : gitSub === 'diff' && argv.includes('--no-index')
            ? { hidden: true, ignoredToo: true }
            : RECURSIVE_READERS[program]?.(argv);
    const namesOnly =
      ((PATTERN_FIRST.has(program) || gitSub === 'grep') && printsNamesOnly(program, argv)) ||
      (program === 'diff' && diffSaysOnlyWhether(argv));
    if (descends && !namesOnly) {
      // Its starting points: the path operands (for git grep, those after its pattern), else its directory.
      const firstPath = gitSub === 'grep' ? Math.max(...patterns, argv.indexOf('grep')) + 1 : 1;
      const roots = places.filter(
        (p) =>
          p.place.kind === 'inside' && p.index >= firstPath && !values.has(p.index) && !argv[p.index]!.startsWith('-'),
      );
      // tar -C DIR (attached, in a cluster, or --directory) reads what follows from DIR, which this
      // reading does not follow: the whole workspace is where it may read.
      // git grep given a revision or a tree (`HEAD`, `HEAD:deploy`) searches the files it holds: any tracked one.
      const givesRevision =
        gitSub === 'grep' &&
        argv.slice(firstPath, argv.includes('--') ? argv.indexOf('--') : undefined).some((w, k) => {
          if (w.startsWith('-')) return false;
          const place = places.find((p) => p.index === firstPath + k)?.place;
          return w.includes(':') || place?.kind !== 'inside' || place.stat === undefined;
        });
      // (A pattern or magic after `--` may match anywhere in the repository.)
      const searchesHistory =
        givesRevision ||
        (gitSub === 'grep' && argv.includes('--') && argv.slice(argv.indexOf('--') + 1).some(isPathspecPattern));
      // git grep of the working tree searches only what the index tracks, which judgeGitDiffShown
      // reads (and, after a command on the line that may stage, what git would take): an untracked
      // secrets file below is not searched. Told to search untracked files, outside the index or into
      // submodules, given a revision, or with an index this cannot read, every file below counts.
      const indexOnly =
        gitSub === 'grep' &&
        !givesRevision &&
        !argv.some((w) => /^--(untracked|no-index|recurse-submodules)$/.test(w)) &&
        trackedFiles(view.workspace) !== null;
      const movesDir = program === 'tar' && argv.some((w) => /^-[a-zA-Z]*C/.test(w) || w.startsWith('--directory'));
      const fromDir = movesDir ? tarStarts(argv, roots, view, where) : null;
      const starts = fromDir
        ? fromDir
        : movesDir || searchesHistory
          ? [view.place(view.workspace, where.cwd)]
          : roots.length > 0 || program === 'tar' || program === 'zip' || program === '7z' || pythonArchives
            ? roots.map((p) => p.place)
            : [view.place('.', where.cwd)];
      // A search for literal text shows a secrets file only when a line of it holds the text.
      const literal =
        gitSub === undefined && view.literalSearchReadsNow ? literalPatterns(program, argv, patterns) : null;
      // A start named through a link (`ln -s config c2; rg . c2`): rg and ag match ignore rules to
      // the path as given, which no rule names.
      const throughLink = new Set(
        roots
          .filter(
            (p) =>
              p.place.kind === 'inside' &&
              path.posix.relative(view.workspace, path.posix.resolve(where.cwd, p.word)) !== p.place.rel,
          )
          .map((p) => p.place),
      );
      // diff's --from-file and --to-file name a side too (`diff --to-file=sub -N empty`).
      const sides = program === 'diff' ? diffSides(argv).map((side) => view.place(side, where.cwd)) : [];
      for (const start of indexOnly ? [] : [...starts, ...sides]) {
        if (start.kind !== 'inside') continue;
        const secret = view.secretBelow(
          start,
          descends.ignoredFilesToo === true
            ? unignored(
                descends,
                throughLink.has(start) || view.mayUnignore(start, program === 'rg' ? RG_IGNORES : AG_IGNORES),
              )
            : descends,
          gitSub === 'grep' ? null : searchFilter(program, argv),
          literal ? (abs) => holdsNone(abs, literal) : undefined,
        );
        if (secret)
          card(
            'shows-secret',
            `${program} descends into ${start.rel || '.'} and would read the secrets file ${secret}`,
          );
      }
    }
    // git show and git diff printing what a commit, the index or the working tree changed. (Its -C
    // options moved `where` before this: contained.ts judges `git -C DIR …` as `cd DIR && git …`.)
    const otherRepository = program === 'git' && namesOtherRepository(argv);
    if (program === 'git') judgeGitDiffShown(gitWords, view, where, otherRepository);
    // git printing files' lines from its history or index: any tracked secrets file among them
    // (the whole repository's, whatever the cwd, unless pathspecs after -- narrow it).
    if (
      program === 'git' &&
      gitSub !== 'grep' &&
      gitPrintsContent(gitWords) &&
      !judgeOtherRepository(gitSub ?? '', view, where, otherRepository, true)
    ) {
      const dd = argv.indexOf('--');
      const specs = dd > 0 ? argv.slice(dd + 1) : [];
      // A pathspec that is a pattern or magic (`*.json`, `:/`, `:!x`) matches what no place names: the whole repository.
      const starts =
        specs.length > 0 && !specs.some(isPathspecPattern)
          ? specs.map((s) => view.place(s, where.cwd))
          : [view.place(view.workspace, where.cwd)];
      for (const start of starts) {
        if (start.kind !== 'inside') continue;
        const secret = view.secretBelow(start, { hidden: true, ignoredToo: false }, null);
        if (secret)
          card(
            'shows-secret',
            `git ${gitSub} prints files' lines from the repository, and the secrets file ${secret} is among the files it holds`,
          );
      }
      // One the tree no longer tracks is still in the commits that added it (`git rm --cached .env`).
      const past = view.historySecret?.() ?? null;
      // (Whatever the pathspecs: the history may hold a secrets file besides the first one read.)
      if (past !== null)
        card(
          'shows-secret',
          `git ${gitSub} prints files' lines from the repository's history, which holds the secrets file ${past}`,
        );
    }
  }
}

/** `wc --files0-from=.env`, `file -f .env`, `sha256sum -c .env`: a names-only program given a secrets file as the list it reads. */
function namesFromSecret(
  program: string,
  argv: readonly string[],
  places: readonly { place: Place; index: number }[],
  view: FileView,
  where: Where,
): void {
  const flags = NAMES_FROM_FILE[program] ?? [];
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    // `--files0-from=F`, `--files0-from F`, and a short flag's attached value (`-fF`).
    // (Also last in a cluster: `-bm FILE`, `-bf FILE`.)
    const flag = flags.find(
      (f) =>
        word === f ||
        word.startsWith(`${f}=`) ||
        (f.length === 2 && word.startsWith(f) && word.length > 2) ||
        (f.length === 2 && !f.startsWith('--') && new RegExp(`^-[a-zA-Z]+${f[1]}$`).test(word)),
    );
    if (!flag) continue;
    const clustered = word !== flag && !word.startsWith(flag) && word.endsWith(flag[1]!);
    const value =
      word === flag || clustered
        ? argv[i + 1]
        : word.slice(word.startsWith(`${flag}=`) ? flag.length + 1 : flag.length);
    if (value === undefined || value === '-') continue;
    if (/[*?[]/.test(value))
      card('shows-secret', `${program} ${flag} reads the names to show from the files the pattern ${value} matches`);
    // file's magic files are a list, colon-separated (`-m a:b`).
    const files = program === 'file' && (flag === '-m' || flag === '--magic-file') ? value.split(':') : [value];
    for (const one of files) {
      if (one === '') continue;
      const place = insideOrCard(view, one, where, `${program} ${flag}'s file ${one}`);
      if (place.kind === 'inside' && isSecretPath(place.rel))
        card(
          'shows-secret',
          `${program} ${flag} reads the names to show from the secrets file ${place.rel}, and prints its lines`,
        );
    }
  }
  const textFlags = OPERANDS_AS_TEXT[program] ?? [];
  // A short flag counts in a cluster too (`-wc` is -w -c).
  const given = (f: string): boolean =>
    f.startsWith('--') ? argv.includes(f) : argv.some((w) => /^-[A-Za-z0-9]+$/.test(w) && w.includes(f.slice(1)));
  if (!textFlags.some(given)) return;
  for (const p of places) {
    if (p.place.kind === 'inside' && isSecretPath(p.place.rel) && !argv[p.index]!.startsWith('-'))
      card('shows-secret', `${program} reads ${p.place.rel} as its list and prints its lines`);
  }
}

/** Programs that print the environment they run in. */
export const PRINTS_ENVIRONMENT: ReadonlySet<string> = new Set(['env', 'printenv', 'set', 'export', 'declare']);

/**
 * `--env-file FILE`: the program loads the file into its own environment, and its output is its
 * own (a dev server, a test run) — unless the code it runs is the agent's own line, which may print
 * that environment (`node --env-file=.env -p process.env`).
 */
export function isEnvFileFlag(argv: readonly string[], index: number): boolean {
  return argv[index]!.startsWith('--env-file=') || argv[index - 1] === '--env-file';
}

/** Whether the program runs code given on its command line (python -c, node -e/-p, …). */
export function runsInlineCode(program: string, argv: readonly string[]): boolean {
  return argv.slice(1).some((w) => inlineCodeFlag(program, w) !== null);
}

/**
 * Whether what runs with the environment an --env-file at `index` loaded may print it: the
 * program's own code from the command line, or — for a runner (`uv run --env-file .env …`) — the
 * command after it printing its environment, running code from the line, or a shell's `-c` script
 * (whose `echo $API_KEY` prints the value).
 */
function mayPrintLoaded(program: string, argv: readonly string[], index: number): boolean {
  if (runsInlineCode(program, argv)) return true;
  const after = argv.slice(index + 1);
  return after.some((w, k) => {
    const name = path.posix.basename(w);
    const rest = after.slice(k);
    return (
      PRINTS_ENVIRONMENT.has(name) ||
      runsInlineCode(name, rest) ||
      (SHELLS.has(name) && rest.slice(1).some((f) => /^-[a-zA-Z]*c/.test(f)))
    );
  });
}

/**
 * The places `tar -C DIR … OPERANDS` reads, when DIR is given once (`-C DIR`, `--directory DIR`,
 * `--directory=DIR`) before every operand but the archive: each operand below DIR. Null otherwise
 * (the caller then takes the whole workspace).
 */
function tarStarts(
  argv: readonly string[],
  roots: readonly { place: Place; index: number }[],
  view: FileView,
  where: Where,
): Place[] | null {
  const moves = indicesWhere(argv, (w) => /^-[a-zA-Z]*C/.test(w) || w.startsWith('--directory'));
  if (moves.length !== 1) return null;
  const at = moves[0]!;
  const word = argv[at]!;
  const dir =
    word === '-C' || word === '--directory'
      ? argv[at + 1]
      : word.startsWith('--directory=')
        ? word.slice(12)
        : undefined;
  if (dir === undefined || dir === '') return null;
  const valueAt = word.includes('=') ? at : at + 1;
  // The archive's name (`-f X`, `-czf X`, `--file X`, or after an old-style first cluster `czf X`) is no operand.
  const archive = argv.findIndex(
    (w, i) => i > 0 && (/^-[a-zA-Z]*f$/.test(w) || w === '--file' || (i === 1 && /^[a-zA-Z]*f[a-zA-Z]*$/.test(w))),
  );
  const operands = roots.filter((p) => p.index !== valueAt && p.index !== archive + 1);
  if (operands.length === 0 || operands.some((p) => p.index < at)) return null;
  return operands.map((p) => {
    const operand = argv[p.index]!;
    return view.place(path.posix.isAbsolute(operand) ? operand : path.posix.join(dir, operand), where.cwd);
  });
}

/** diff -q (--brief) says only which files differ, whatever else it is told (-N, -s, -y, -r). */
function diffSaysOnlyWhether(given: readonly string[]): boolean {
  const argv = given.includes('--') ? given.slice(0, given.indexOf('--')) : given;
  return argv.some((w) => w === '--brief' || /q/.test(shortFlags('diff', w)));
}

/** The folders or files diff's --from-file and --to-file name (`=VALUE` or the next word). */
function diffSides(argv: readonly string[]): string[] {
  const sides: string[] = [];
  argv.forEach((w, k) => {
    const option = /^--(from-file|to-file)(=(.*))?$/.exec(w);
    if (!option) return;
    const value = option[2] !== undefined ? option[3]! : argv[k + 1];
    if (value !== undefined && value !== '') sides.push(value);
  });
  return sides;
}
