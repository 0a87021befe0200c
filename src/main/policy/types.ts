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
  | {
      kind: 'paths';
      max?: number;
      notDirectory?: boolean;
      script?: { unlessFlag: string };
      /**
       * The program descends into directories it is given (and into its working directory when
       * given none, or always), so no deny-listed place may lie below them: `prettier --write .` in
       * a workspace placed at ~ would rewrite ~/.config/gh. `onlyWith`: only when that flag is given.
       */
      recursive?: { fromCwd: 'always' | 'whenNone'; onlyWith?: string };
    }
  /**
   * grep, rg: the first operand is a pattern (a <re>), the rest are paths. `recursive`: the flag
   * that makes the program descend into directories, or 'always' (rg).
   */
  | { kind: 'patternThenPaths'; recursive: string }
  /** Bare words (make targets, script names, test filters), optionally a narrower charset. */
  | {
      kind: 'words';
      pattern?: RegExp;
      min?: number;
      max?: number;
      /** bun reads a word that names a file as that file (`bun run x.ts`, `bun build x`): resolve it too. */
      alsoPath?: boolean;
      /** unittest imports each word as a Python module: its first component must be the project's. */
      modules?: boolean;
    }
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
  /**
   * The file the program searches for upward from its directory (npm's package.json), unless one of
   * `unless` is given or there is an operand: it must be found inside the workspace (PathCheck.findUp).
   */
  findsUp?: { file: string; unless: readonly string[]; evenWithOperands?: boolean };
  /** Whether `--` (end of options) is accepted; after it an operand beginning with `-` is still refused. */
  doubleDash?: boolean;
  /**
   * The program's parser reads single letters only as whole words (`-t value`): no clusters, no
   * attached values. tsc reads `-pfoo` as an unknown option "pfoo"; vitest (mri) and jest (yargs)
   * read `-tc x` as `-t -c x` — `--config x` — not as `-t c`. So any other spelling is gated.
   */
  shortWhole?: boolean;
  /** With shortWhole: `-t=value` is also read as `-t value` (mri and yargs do; tsc does not). */
  shortEquals?: boolean;
  /**
   * The program expands `@file` into arguments read from that file (argparse's
   * fromfile_prefix_chars in pytest ≥ 8.2 and mypy; tsc's response files): any word beginning with
   * `@` could carry every flag the table leaves out, so it is gated.
   */
  responseFiles?: boolean;
  /**
   * The program reads options only before its first operand and hands the rest to the script it
   * runs (node): a flag after the operand is not what this parser would take it for.
   */
  optionsBeforeOperands?: boolean;
}

/** One check the filesystem must answer before a command is auto. */
export interface PathCheck {
  /** The text the program will read as a path, relative to the command's cwd. */
  path: string;
  /** How the reason names it: "grep's path operand", "tsc -p". */
  role: string;
  /** node and python scripts: must exist as a regular file. */
  mustBeFile?: boolean;
  /** go's `pkg/...`: Go reads a word without `./` as an import path, so it must name a directory here. */
  mustBeDirectory?: boolean;
  /**
   * A Python module name (unittest's words, pytest -p): `<path>.py` or the directory `<path>` must be
   * a file of the project, or Python imports whatever installed module has that name.
   */
  pythonModule?: boolean;
  /**
   * The program looks for this file in its directory and then in every directory above it (npm's
   * package.json, tsc's tsconfig.json): one must be found at or below the workspace root, or the
   * program would act on a project outside the workspace.
   */
  findUp?: string;
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
  /** The project's virtualenv detected at workspace assignment (absolute): its pytest and python run as the table's rows. */
  venv?: string;
}

export interface CommandDecision {
  tier: 'auto' | 'gated';
  reason: string;
  /** The argv that would be spawned; null when the command is not plain. */
  argv: string[] | null;
}
