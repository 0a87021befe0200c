// The run list's shape (seed 003 §5): one declaration per program, read by one interpreter
// (grammar.ts). Data only; nothing here decides anything by itself.
import type { Mode } from '../../shared/domain';
import type { PathContext } from '../workspace/types';

/**
 * What a flag's value or an operand must be (seed 003 §5.2):
 * - word: no `/` or `\` at all, does not begin with `-`, is not only dots;
 * - glob: may carry `/`, never begins with `/` or `-`, never has a `..` or `.git` component;
 * - n: ASCII digits only;
 * - re: a pattern, never resolved as a path (but never beginning with `-`);
 * - path: resolved against the command's cwd with the resolver's `run` rule.
 */
export type ValueKind = 'word' | 'glob' | 'n' | 're' | 'path';

/** null: a switch, which takes no value in any spelling. */
export type FlagTakes = ValueKind | null;

export type OperandRule =
  | { kind: 'none' }
  /**
   * Each operand a path; `max` bounds the count (uniq takes at most one). `script`: unless that flag
   * is given, at least one operand, and the first is a script that must be a regular file (node).
   */
  | { kind: 'paths'; max?: number; notDirectory?: boolean; script?: { unlessFlag: string } }
  /**
   * grep, rg: the first operand is a pattern (a <re>), the rest are paths. `recursive`: the flag
   * that makes the program descend into directories, or 'always' (rg).
   */
  | { kind: 'patternThenPaths'; recursive: string }
  /** Bare words (make targets, script names, test filters), optionally a narrower charset. */
  | { kind: 'words'; pattern?: RegExp; min?: number; max?: number }
  /** echo: any words at all (still plain, still no word beginning with `-`). */
  | { kind: 'anyWords' }
  /** go: `./...`, `pkg/...` or paths. */
  | { kind: 'goPackages' };

export interface ProgramGrammar {
  /** The bare program name on the list. */
  name: string;
  /** A subcommand that must (or may) be the first word after the program. */
  subcommand?: {
    names: readonly string[];
    required: boolean;
    /** The program's other subcommands: standing first, they are read as one (`vitest watch`), so gated. */
    reserved?: readonly string[];
  };
  /** Single-letter flags, read in clusters (`-abc`); value-taking letters take the rest or the next word. */
  short?: Readonly<Record<string, FlagTakes>>;
  /** `--long` flags by exact spelling; a value by `--flag=value` or `--flag value`. */
  long?: Readonly<Record<string, FlagTakes>>;
  /** Single-dash words read whole, never as clusters (go's `-run`, cargo's `-run`). */
  words?: Readonly<Record<string, FlagTakes>>;
  /** Whether `-word=value` is a spelling this program reads for `words` (Go's flag package does). */
  wordsTakeEquals?: boolean;
  operands: OperandRule;
  /** Whether `--` (end of options) is accepted; after it an operand beginning with `-` is still refused. */
  doubleDash?: boolean;
}

/** One check the filesystem must answer before a command is auto. */
export interface PathCheck {
  /** The text the program will read as a path, relative to the command's cwd. */
  path: string;
  /** How the reason names it: "grep's path operand", "tsc -p". */
  role: string;
  /** node and python scripts: must exist as a regular file. */
  mustBeFile?: boolean;
  /** diff: a directory would be compared file by file, following links inside it. */
  notDirectory?: boolean;
  /**
   * grep -r, rg, find: the program descends into it, so no deny-listed place (or Paddock's data
   * directory) may lie below it — a workspace placed above ~/.ssh must not be searched through it.
   */
  recursive?: boolean;
}

export type GrammarVerdict =
  | { ok: true; checks: PathCheck[]; summary: string }
  | { ok: false; reason: string };

/** A command the owner allowed on a card (seed 003 §3), as stored in `remembered_commands`. */
export interface RememberedCommand {
  id: number;
  agentId: string;
  /** The workspace directory it is bound to (a moved workspace starts with nothing remembered). */
  directory: string;
  argv: string[];
  kind: 'exact' | 'prefix';
  createdAt: string;
}

export interface ClassifyContext {
  paths: PathContext;
  /** Relative to the workspace; the command runs there. */
  cwd?: string;
  mode: Mode;
  remembered: readonly RememberedCommand[];
}

export interface CommandDecision {
  tier: 'auto' | 'gated';
  reason: string;
  /** The argv that would be spawned; null when the command is not plain. */
  argv: string[] | null;
}
