// Which gated commands deserve a card that leans towards Deny (SPEC §5 cards; issue 17 item 4):
// commands that destroy (rm, shred, dd, mkfs, git clean, a hard reset…) and commands with an
// operand outside the workspace. Pure: the same argv and paths always give the same sentence.
// This does not decide a tier — the run list does — it only says what makes an approval risky,
// so the card names it, puts Deny first and never offers "always allow".
import path from 'node:path';

export interface DangerContext {
  /** Absolute workspace root. */
  workspace: string;
  /** Absolute directory the command runs in. */
  cwd: string;
  /** The owner's home. */
  home: string;
}

const DESTROYERS = new Set(['rm', 'rmdir', 'shred', 'unlink', 'dd', 'truncate', 'wipefs', 'srm']);
const MKFS = /^mkfs(\..+)?$/;

/** The git subcommands that throw work away beyond recovery. */
function gitDestroys(args: readonly string[]): string | null {
  const [sub, ...rest] = args.filter((word) => !word.startsWith('-c') || word === '-c');
  // -n (--dry-run) only lists what it would delete.
  const dryRun = rest.some((word) => /^-[a-zA-Z]*n/.test(word) || word === '--dry-run');
  if (sub === 'clean' && !dryRun && rest.some((word) => /^-[a-zA-Z]*f/.test(word) || word === '--force'))
    return 'git clean -f deletes untracked files for good';
  if (sub === 'reset' && rest.includes('--hard')) return 'git reset --hard throws away uncommitted changes';
  if (
    sub === 'push' &&
    rest.some(
      (word) => word === '--force' || word === '-f' || word.startsWith('--force-with-lease') || word === '--mirror',
    )
  )
    return 'git push --force rewrites history on the remote';
  if (sub === 'checkout' && rest.includes('--') && rest.includes('.'))
    return 'git checkout -- . throws away uncommitted changes';
  return null;
}

/** The operand part of a word: the word itself, or the value of --flag=value. */
function operandOf(word: string): string | null {
  if (word.startsWith('--')) {
    const equals = word.indexOf('=');
    return equals > 0 ? word.slice(equals + 1) : null;
  }
  if (word.startsWith('-')) return null;
  return word;
}

/** A word that names a path: absolute, home-relative, or climbing with `..`. Bare names stay inside. */
function looksLikeOutsidePath(word: string): boolean {
  return (
    word.startsWith('/') ||
    word === '~' ||
    word.startsWith('~/') ||
    word === '..' ||
    word.startsWith('../') ||
    word.includes('/../') ||
    word.endsWith('/..')
  );
}

function isInside(root: string, target: string): boolean {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** What an operand reaches that makes the command dangerous, as the card's sentence, or null. */
function operandDanger(word: string, context: DangerContext, destroys: boolean): string | null {
  const operand = operandOf(word);
  if (operand === null || operand === '') return null;
  const expanded = operand === '~' || operand.startsWith('~/') ? path.join(context.home, operand.slice(1)) : operand;
  if (!looksLikeOutsidePath(operand) && !(destroys && (operand === '.' || operand === './' || operand === '*')))
    return null;
  const target = path.resolve(context.cwd, expanded);
  if (target === path.parse(target).root) return `the operand ${operand} is the filesystem root`;
  if (target === context.home) return `the operand ${operand} is your home directory`;
  if (destroys && target === context.workspace) return `the operand ${operand} is the whole workspace`;
  if (destroys && operand === '*') return 'the operand * is everything in the directory';
  if (!isInside(context.workspace, target)) return `the operand ${operand} is outside the workspace (${target})`;
  return null;
}

/**
 * The sentence that names what is dangerous in this argv, or null. argv[0] may be a path; its
 * basename is the program.
 */
export function commandDanger(argv: readonly string[], context: DangerContext): string | null {
  if (argv.length === 0) return null;
  const program = path.basename(argv[0] ?? '');
  const args = argv.slice(1);
  if (program === 'git') {
    const git = gitDestroys(args);
    if (git) return git;
  }
  const destroys = DESTROYERS.has(program) || MKFS.test(program) || (program === 'find' && args.includes('-delete'));
  if (MKFS.test(program)) return `${program} erases a whole filesystem`;
  let afterDoubleDash = false;
  for (const word of args) {
    if (word === '--' && !afterDoubleDash) {
      afterDoubleDash = true;
      continue;
    }
    const reached = operandDanger(afterDoubleDash && word.startsWith('-') ? `./${word}` : word, context, destroys);
    if (reached) return destroys ? `${program} deletes or overwrites, and ${reached}` : reached;
  }
  if (program === 'dd' && args.some((word) => word.startsWith('of=/')))
    return 'dd writes straight to a file or device outside the workspace';
  return null;
}
