// What a command changes that contained mode must see before it runs (policy/contained.ts): a link
// made or moved (which changes where the paths after it lead, so it must come last), and what it
// deletes or overwrites among the places its words name (the losses a checkpoint may not undo);
// what it writes through its output flags and the operands they give a meaning is containedOutputs.ts's.
import path from 'node:path';
import type { FileView, Place } from './containedFiles';
import { gitSubcommand } from './containedNetwork';
import { card, outside, type Where } from './containedJudging';
import { rewritesInPlace } from './fileConsumers';

/** A place a command deletes or overwrites, whether a whole tree, and how (the card's words). */
export type Loss = { place: Place; recursive: boolean; how: string };

/** Programs that unpack trees whose links exist only once they have run. */
export const UNPACKERS = /^(tar|unzip|7z|7za|cpio|bsdtar|rsync)$/;

/**
 * A command that makes or moves links changes where the paths of the commands after it lead, which
 * this rule judges beforehand: it must come last (a later call is judged against the new links).
 * `ln -s`'s target is also judged from the link's own directory, where it will be read.
 */
export function linksChange(
  program: string,
  argv: readonly string[],
  places: readonly { word: string; place: Place; index: number }[],
  view: FileView,
  where: Where,
  last: boolean,
): void {
  const operands = places.filter((p) => !argv[p.index]!.startsWith('-'));
  // What cp and mv take from: every operand but the last, or with -t FOLDER every one but FOLDER.
  const targetAt = argv.findIndex((w) => w === '--target-directory' || /^-[a-zA-Z]*t$/.test(w));
  const attachedTarget = argv.some((w) => w.startsWith('--target-directory=') || /^-[a-zA-Z]*t./.test(w));
  const sourcesOf = (): typeof operands =>
    targetAt > 0 ? operands.filter((p) => p.index !== targetAt + 1) : attachedTarget ? operands : operands.slice(0, -1);
  /** A folder whose copy or new name holds nothing a later command reads unjudged: no link, no secrets file. */
  const plainTree = (place: Extract<Place, { kind: 'inside' }>): boolean =>
    !view.holdsLink(place.abs, where.cwd, place) &&
    view.secretBelow(place, { hidden: true, ignoredToo: true }) === null;
  let changes: string | null = null;
  if (program === 'ln') {
    changes = 'ln makes a link';
    const symbolic = argv.some((w) => /^-[a-zA-Z]*s/.test(w) || w === '--symbolic');
    const link = operands.length > 1 ? operands[operands.length - 1] : null;
    if (symbolic && link && link.place.kind === 'inside') {
      const linkDir = link.place.stat?.isDirectory() ? link.place.abs : path.posix.dirname(link.place.abs);
      for (const target of operands.slice(0, -1)) {
        const text = argv[target.index];
        const from = view.place((text!.startsWith('/') ? text : `${linkDir}/${text}`)!, where.cwd);
        if (from.kind === 'outside')
          outside(`the link target ${text}`, `read from the link's directory, ${from.reason}`);
      }
    }
  } else if (
    program === 'mv' &&
    sourcesOf().some((p) => p.place.kind === 'inside' && view.holdsLink(argv[p.index]!, where.cwd, p.place))
  ) {
    changes = 'mv moves a link (or a folder holding one), whose relative target then leads elsewhere';
  } else if (
    program === 'mv' &&
    sourcesOf().some((p) => p.place.kind === 'inside' && p.place.stat?.isDirectory() === true && !plainTree(p.place))
  ) {
    // A folder renamed is under its new name only once mv has run: what reads it after is judged without its files.
    changes = 'mv moves a folder, whose files what follows would read unjudged under the new name';
  } else if (
    program === 'cp' &&
    argv.some(
      (w) => /^-[a-zA-Z]*[rRaPds]/.test(w) || /^--(recursive|archive|no-dereference|symbolic-link|link)/.test(w),
    )
  ) {
    // A tree copied is there only once cp has run: what reads it after is judged without its files.
    // One holding no link and no secrets file gives what follows nothing it could not read already.
    const sources = sourcesOf();
    changes = sources.some((p) => p.place.kind === 'inside' && view.holdsLink(argv[p.index]!, where.cwd, p.place))
      ? 'cp copies links as links'
      : sources.every((p) => p.place.kind === 'inside' && (!p.place.stat?.isDirectory() || plainTree(p.place)))
        ? null
        : 'cp copies a tree, whose files what follows would read unjudged';
  } else if (
    UNPACKERS.test(program) &&
    (program !== 'tar' ||
      argv.some((w, i) => (i === 1 && /^[^-]*x/.test(w)) || /^-[a-zA-Z]*x/.test(w) || w === '--extract'))
  ) {
    changes = `${program} unpacks files, links among them`;
  }
  if (changes && !last)
    card(
      'shell-construct',
      `${changes}, which changes where the paths after it lead; run what follows in its own call`,
    );
}

/**
 * How cp, mv, install and ln are told where things land: `-t FOLDER` (or --target-directory) names
 * the folder, `-T` (--no-target-directory) makes the last operand the landing itself. rsync has
 * neither (its -t keeps times).
 */
export function destinationFlags(program: string, argv: readonly string[]): { target: boolean; noTarget: boolean } {
  if (program === 'rsync') return { target: false, noTarget: false };
  return {
    target: argv.some((w) => /^-[a-zA-Z]*t/.test(w) || w.startsWith('--target-directory')),
    noTarget: argv.some((w) => /^-[a-zA-Z]*T/.test(w) || w === '--no-target-directory'),
  };
}

/**
 * The words a program only writes or makes, never reads or prints: the destination of cp, install,
 * rsync and mv (unless -t names the destination, when every operand is a source), and what touch,
 * mkdir, truncate and tee make. A secrets file written there shows the model nothing (overwriting
 * one is judged as a loss, lossTargets).
 */
export function writtenOnly(
  program: string,
  argv: readonly string[],
  places: readonly { place: Place; index: number }[],
): Set<number> {
  const operands = places.filter((p) => !argv[p.index]!.startsWith('-'));
  switch (program) {
    case 'touch':
    case 'mkdir':
    case 'truncate':
    case 'tee':
      return new Set(operands.map((p) => p.index));
    case 'cp':
    case 'install':
    case 'rsync':
    case 'mv': {
      if (destinationFlags(program, argv).target) return new Set();
      // A backup keeps the file written over under another name (`-b -S X`): it is shown there.
      if (argv.some((w) => /^-[a-zA-Z]*[bS]/.test(w) || w.startsWith('--backup') || w.startsWith('--suffix')))
        return new Set();
      const last = operands[operands.length - 1];
      return last && operands.some((p) => p.index !== last.index) ? new Set([last.index]) : new Set();
    }
    default:
      return new Set();
  }
}

/** Programs that keep a backup of what they write over (`-b`, `--backup`). */
const BACKS_UP = new Set(['cp', 'mv', 'install', 'ln']);

/**
 * Whether their backups take a name of their own: a suffix given (`-S .txt`, `--suffix`), or a
 * numbered one (`server.key.~1~`, which no longer reads as a secrets file's name). `-b` alone
 * appends `~`, which still does.
 */
function renamesBackups(argv: readonly string[]): boolean {
  return argv.some(
    (w) =>
      /^-[a-zA-Z]*S/.test(w) ||
      /^--su(f(f(i(x)?)?)?)?(=|$)/.test(w) ||
      (/^--b(a(c(k(u(p)?)?)?)?)?=/.test(w) && !/=(simple|never|none|off)$/.test(w)),
  );
}

/** What a program deletes or overwrites among the places its words name. */
export function lossTargets(
  program: string,
  argv: readonly string[],
  places: readonly { word: string; place: Place; index: number }[],
): Loss[] {
  const recursive = argv.some((w) => /^-[a-zA-Z]*[rR]/.test(w) || w === '--recursive');
  const operands = places.filter((p) => !argv[p.index]!.startsWith('-'));
  if (BACKS_UP.has(program) && renamesBackups(argv))
    card(
      'shell-construct',
      `${program}'s backups keep each file it writes over under a name this rule does not read (a secrets file's among them); write it without --suffix or a numbered backup`,
    );
  switch (program) {
    case 'rm':
    case 'rmdir':
    case 'unlink':
    case 'shred':
    case 'srm':
      return operands.map((p) => ({ place: p.place, recursive, how: 'deletes it:' }));
    // Node's and the desktop's deleters take a folder whole.
    case 'rimraf':
    case 'del':
    case 'del-cli':
    case 'trash':
    case 'trash-put':
    case 'gio':
      if (program === 'gio' && !/^(trash|remove|rm)$/.test(argv[1] ?? '')) return [];
      return (program === 'gio' ? operands.slice(1) : operands).map((p) => ({
        place: p.place,
        recursive: true,
        how: 'deletes it:',
      }));
    // yq -i (Go's; python yq's -i with -y or -Y) rewrites each file after its expression.
    case 'yq': {
      const expression = argv.findIndex((w, i) => i > 0 && !w.startsWith('-'));
      return argv.some((w) => /^-[a-zA-Z]*i/.test(w) || w === '--inplace' || w === '--in-place')
        ? operands
            .filter((p) => p.index > expression)
            .map((p) => ({ place: p.place, recursive: false, how: 'rewrites it in place:' }))
        : [];
    }
    // tidy -m writes each file it tidies over it.
    case 'tidy':
      return argv.some((w) => /^-[a-zA-Z]*m$/.test(w) || w === '-modify' || w === '--modify')
        ? operands.map((p) => ({ place: p.place, recursive: false, how: 'rewrites it in place:' }))
        : [];
    case 'mv': {
      // A folder that is there as the last operand is where the sources land (what they land over is
      // judged by containedOutputs.ts): moving into it takes nothing it holds.
      const last = operands[operands.length - 1];
      const flags = destinationFlags(program, argv);
      const plainDest = !flags.target && !flags.noTarget;
      const into =
        plainDest && operands.length > 1 && last?.place.kind === 'inside' && last.place.stat?.isDirectory() === true;
      return operands
        .filter((p) => !(into && p === last))
        .map((p) => ({ place: p.place, recursive: true, how: 'moves or overwrites it:' }));
    }
    case 'cp':
    case 'install':
    case 'ln':
    case 'rsync': {
      // With -t the destination is that folder (outputTargets judges what lands in it).
      if (destinationFlags(program, argv).target) return [];
      const last = operands[operands.length - 1];
      return last && operands.length > 1 ? [{ place: last.place, recursive: false, how: 'overwrites it:' }] : [];
    }
    case 'truncate':
    case 'tee':
      return operands.map((p) => ({ place: p.place, recursive: false, how: 'overwrites it:' }));
    // Formatters and converters that rewrite the files they are given, in place.
    case 'dos2unix':
    case 'unix2dos':
    case 'fallocate':
    case 'rustfmt':
      return operands.map((p) => ({ place: p.place, recursive: false, how: 'rewrites it in place:' }));
    case 'black':
      return argv.some((w) => w === '--check' || w === '--diff')
        ? []
        : operands.map((p) => ({ place: p.place, recursive: false, how: 'rewrites it in place:' }));
    // Python formatters and fixers that rewrite the files they are given (a folder's files: not read here).
    case 'isort':
    case 'pyupgrade':
      return argv.some((w) => w === '--check' || w === '--check-only' || w === '-c' || w === '--diff' || w === '-d')
        ? []
        : operands.map((p) => ({ place: p.place, recursive: false, how: 'rewrites it in place:' }));
    case 'autopep8':
    case 'yapf':
    case 'yapf3':
    case '2to3':
    case 'standard':
      return argv.some((w) =>
        program === '2to3'
          ? /^(-[a-zA-Z]*w[a-zA-Z]*|--write)$/.test(w)
          : program === 'standard'
            ? w === '--fix'
            : /^(-[a-zA-Z]*i[a-zA-Z]*|--in-place)$/.test(w),
      )
        ? operands.map((p) => ({ place: p.place, recursive: false, how: 'rewrites it in place:' }))
        : [];
    case 'sponge':
      return operands.map((p) => ({ place: p.place, recursive: false, how: 'writes its input over it:' }));
    case 'prettier':
    case 'gofmt':
    case 'clang-format':
    case 'eslint':
    case 'ruff':
      return rewritesInPlace(program, argv)
        ? operands.map((p) => ({ place: p.place, recursive: false, how: 'rewrites it in place:' }))
        : [];
    case 'sed':
    case 'perl':
    case 'ruby':
      return argv.some((w) => /^-[a-zA-Z0-9]*i/.test(w) || w.startsWith('--in-place'))
        ? operands.map((p) => ({ place: p.place, recursive: false, how: 'edits it in place:' }))
        : [];
    case 'dd':
      return places
        .filter((p) => argv[p.index]!.startsWith('of=') && p.word !== argv[p.index])
        .map((p) => ({ place: p.place, recursive: false, how: 'overwrites it:' }));
    case 'find':
      return argv.includes('-delete')
        ? operands
            .filter((p) => p.index < firstExpression(argv))
            .map((p) => ({ place: p.place, recursive: true, how: '-delete deletes what it finds:' }))
        : [];
    case 'git': {
      const sub = gitSubcommand(argv.slice(1))[0];
      if (sub === 'mv' && operands.length > 1)
        return [{ place: operands[operands.length - 1]!.place, recursive: false, how: 'mv overwrites it:' }];
      // `git rm --cached` takes the paths out of the index and leaves the files as they are.
      return sub === 'rm' && !argv.includes('--cached')
        ? operands.map((p) => ({ place: p.place, recursive, how: 'rm deletes it:' }))
        : [];
    }
    default:
      return [];
  }
}

export function firstExpression(argv: readonly string[]): number {
  const i = argv.findIndex((w, n) => n > 0 && (w.startsWith('-') || w === '(' || w === '!'));
  return i < 0 ? argv.length : i;
}
