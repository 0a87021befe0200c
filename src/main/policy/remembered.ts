// Remembered commands (seed 003 §3, SPEC §5): the run list's floor grown by the owner, one card at
// a time. Matched on the argv that would be spawned — so only a plain command can be remembered —
// either exactly, or by program and subcommand (the first two words). Pure: the store keeps them.
import { lexCommand } from './lexer';
import type { RememberedCommand } from './types';

export type RememberKind = RememberedCommand['kind'];

export interface RememberChoice {
  kind: RememberKind;
  /** What is stored: the whole argv (exact) or its first two words (prefix). */
  argv: string[];
  /** The sentence a card shows. */
  sentence: string;
}

const SAFE_WORD = /^[^\s'"]+$/;

/**
 * A remembered read of one secrets file (the read tool's card), kept beside remembered commands so
 * Settings lists and forgets it the same way: `read <workspace-relative path>`, exact. `read` is a
 * shell builtin, never a program on PATH, so no command that run spawns is ever admitted by it.
 */
export function rememberedReadArgv(rel: string): string[] {
  return ['read', rel];
}

/** An argv written back as a plain command that lexes to the same argv (for cards and Settings). */
export function formatArgv(argv: readonly string[]): string {
  return argv
    .map((word) => {
      if (SAFE_WORD.test(word)) return word;
      if (!word.includes("'")) return `'${word}'`;
      if (!word.includes('"')) return `"${word}"`;
      return word
        .split("'")
        .map((piece) => (piece === '' ? '' : `'${piece}'`))
        .join(`"'"`);
    })
    .join(' ');
}

function equalWords(a: readonly string[], b: readonly string[], count: number): boolean {
  for (let i = 0; i < count; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Whether one remembered entry admits this argv. A prefix needs both words (one word is exact
 * only), and its second word must be a subcommand, not a flag (see rememberChoices).
 */
export function rememberedAdmits(argv: readonly string[], entry: RememberedCommand): boolean {
  if (entry.kind === 'exact') return argv.length === entry.argv.length && equalWords(argv, entry.argv, argv.length);
  return (
    entry.argv.length === 2 && !entry.argv[1]!.startsWith('-') && argv.length >= 2 && equalWords(argv, entry.argv, 2)
  );
}

/** The first remembered entry that admits this argv, or null. Directory binding is the caller's filter. */
export function matchesRemembered(
  argv: readonly string[],
  remembered: readonly RememberedCommand[],
): RememberedCommand | null {
  for (const entry of remembered) if (rememberedAdmits(argv, entry)) return entry;
  return null;
}

/**
 * The owner's words for an entry, the same on a card and in Settings (issue 19): "exactly `npm run
 * e2e` in /path", or "`cargo` with subcommand `build`, and any words after it, in /path". The
 * directory is left out where the sentence already says "in this workspace".
 */
export function describeRemembered(kind: RememberKind, argv: readonly string[], directory?: string): string {
  const where = directory === undefined ? '' : ` in ${directory}`;
  if (kind === 'exact' && argv.length === 2 && argv[0] === 'read')
    return `the read tool on the secrets file \`${argv[1]}\`${where}`;
  if (kind === 'exact') return `exactly \`${formatArgv(argv)}\`${where}`;
  return `\`${formatArgv(argv.slice(0, 1))}\` with subcommand \`${formatArgv(argv.slice(1, 2))}\`, and any words after it${directory === undefined ? '' : ','}${where}`;
}

/** Only a plain command has one argv to match, so only a plain command can be remembered. */
export function isRememberable(command: string): boolean {
  return lexCommand(command).ok;
}

/**
 * What a card offers: exactly this argv, and (with at least two words) its program and subcommand.
 * A second word that begins with `-` is a flag, not a subcommand: "any command that begins
 * `node --test`" would admit `node --test --import=…`, and `python3 -m` every module there is.
 */
export function rememberChoices(argv: readonly string[], directory?: string): RememberChoice[] {
  if (argv.length === 0) return [];
  const choices: RememberChoice[] = [
    { kind: 'exact', argv: [...argv], sentence: describeRemembered('exact', argv, directory) },
  ];
  if (argv.length >= 2 && !argv[1]!.startsWith('-')) {
    choices.push({ kind: 'prefix', argv: argv.slice(0, 2), sentence: describeRemembered('prefix', argv, directory) });
  }
  return choices;
}
