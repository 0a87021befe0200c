// The run list's shape (seed 003 §5): one declaration per program, read by one interpreter
// (grammar.ts). Data only; nothing here decides anything by itself.
import type { IgnoreRules } from './ignoreRules';
import type { CwdResolution } from './paths';
import type { Mode } from '../../shared/domain';
import type { PathContext, PathRefusalCode } from '../workspace/types';

/**
 * What a flag's value or an operand must be (seed 003 §5.2):
 * - word: no `/` or `\` at all, does not begin with `-`, is not only dots;
 * - glob: may carry `/`, never begins with `/` or `-`, never has a `..` or `.git` component;
 * - n: ASCII digits only;
 * - re: a pattern, never resolved as a path (but never beginning with `-`);
 * - list: digits, `,` and `-` only (cut's `1,3-5`), never beginning with `-`;
 * - path: resolved against the command's cwd with the resolver's `run` rule.
 */
export type ValueKind = 'word' | 'glob' | 'n' | 're' | 'list' | 'path';

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
      min?: number;
      max?: number;
      notDirectory?: boolean;
      script?: { unlessFlag: string };
      /**
       * The program descends into directories it is given (and into its working directory when
       * given none, or always), so no deny-listed place may lie below them: `prettier --write .` in
       * a workspace placed at ~ would rewrite ~/.config/gh. `onlyWith`: only when that flag is given.
       */
      recursive?: { fromCwd: 'always' | 'whenNone'; onlyWith?: string };
      /** pytest's test ids: `file.py::Class::test` names the file before the first `::`, which is the path checked. */
      testIds?: boolean;
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
  /**
   * Text the program never reads as a path (tr's sets, printf's format and arguments): plain words
   * that do not begin with `-`, between `min` and `max` of them.
   */
  | { kind: 'strings'; min?: number; max?: number }
  /**
   * sed -n, jq: the first operand is a program in the tool's own language, read by scripts.ts (only
   * print-only sed scripts; jq filters that load no module and read no environment), the rest are
   * paths. `unlessFlag`: with that flag there is no script operand (none is on the list today).
   */
  | { kind: 'scriptThenPaths'; language: ScriptLanguage }
  /** date: at most one operand, and it is a `+FORMAT` (any other operand sets the clock). */
  | { kind: 'dateFormat' }
  /** go: `./...`, `pkg/...` or paths. */
  | { kind: 'goPackages' };

/** The languages of scriptThenPaths operands (policy/scripts.ts). */
export type ScriptLanguage = 'sed-print' | 'jq';

/**
 * Each row's proof (issue 15 item 5, like Codex's should_match / should_not_match): commands in the
 * policy tests' fixture workspace (test/main/policy/fixtures.ts) that must be auto, and commands
 * that must be gated with the given reason code. One test reads every row's examples.
 */
export interface RowExamples {
  auto: readonly string[];
  gated: readonly (readonly [command: string, code: GateCode])[];
}

export interface ProgramGrammar {
  /** The bare program name on the list. */
  name: string;
  examples: RowExamples;
  /** A subcommand that must (or may) be the first word after the program. */
  subcommand?: {
    names: readonly string[];
    required: boolean;
    /** The program's other subcommands: standing first, they are read as one (`vitest watch`), so gated. */
    reserved?: readonly string[];
  };
  /** Single-letter flags, read in clusters (`-abc`); value-taking letters take the rest or the next word. */
  short?: Readonly<Record<string, FlagTakes>>;
  /**
   * `--long` flags by exact spelling; a value by `--flag=value` or `--flag value`. A key that holds
   * `=` (`--color=never`) is a switch spelled exactly so, and no other value of that flag is listed.
   */
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
  /**
   * Configuration the program looks for upward from its directory whose content is code, or names
   * code to load (eslint.config.js, conftest.py): found above the workspace with none inside to stop
   * the search, another project's code would run (PathCheck.configUp). None anywhere is fine.
   */
  configUp?: readonly ConfigName[];
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
   * Switches cluster, but a value-taking letter takes the next word, never the rest of its cluster
   * (tree reads `-L2` as -L with the next word, and `2` as an unknown letter): such a letter must be
   * the last of its cluster, and its value is the next word.
   */
  valuesSeparate?: boolean;
  /** Flags that must be given (sed: only with -n does nothing print unless the script says p). */
  requires?: readonly string[];
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
  /** The program's configuration, searched upward: one above the workspace and none inside gates (see ProgramGrammar.configUp). */
  configUp?: readonly ConfigName[];
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

/**
 * Why a command is gated, as a stable code beside the sentence (issue 15 item 6). A path's own
 * refusal keeps the resolver's code (`link`, `outside-workspace`, `deny-list`, …).
 */
export type GateCode =
  | PathRefusalCode
  /** Not words, quotes and spaces only (shell syntax, invisible characters, too long). */
  | 'not-plain'
  | 'ask-mode'
  | 'edit-mode'
  /** The program is not a bare name on the list (or is spelled as a path, or after a variable). */
  | 'not-on-run-list'
  | 'subcommand-not-on-run-list'
  | 'flag-not-on-run-list'
  /** An operand the row does not take: too many, `-`, a dash after `--`, not a bare name. */
  | 'operand-not-allowed'
  /** A flag's value is not of the row's kind (a number, a word, a glob). */
  | 'value-not-allowed'
  /** sed or jq given a script beyond print-only / module-free. */
  | 'script-not-allowed'
  /** A program that descends would reach a deny-listed place below its start. */
  | 'reaches-deny-list'
  /** The project file the program climbs to is found only above the workspace (or not at all). */
  | 'finds-up-outside'
  /** A script, module or package directory that must be the project's own is not. */
  | 'not-project-file'
  /** An install that would not only reproduce the lockfile in this directory. */
  | 'install-not-reproducible'
  /** npx of something other than the project's own binary, or with arguments out of bounds. */
  | 'npx-not-project-binary'
  /** check-command: the workspace itself was refused as a root. */
  | 'workspace-refused'
  /** A filesystem surprise while deciding: asks rather than guesses. */
  | 'undecidable'
  /** check-command: the request line itself was malformed. */
  | 'malformed-request'
  // Run mode, contained (policy/contained.ts): what the sandbox cannot make safe.
  /** Shell the grammar cannot reduce to simple commands of literal words, or a program that runs others. */
  | 'shell-construct'
  /** A path operand, flag value, redirect target or directory outside the workspace. */
  | 'place-outside'
  /** A host the agent has not been allowed. */
  | 'needs-network'
  /** Deleting or overwriting what no checkpoint holds (ignored, over the size cap). */
  | 'irreversible-loss'
  /** Printing a secrets file inside the workspace to the model. */
  | 'shows-secret'
  /** A daemon, a display, root, a host service. */
  | 'sandbox-cannot-give'
  /** A `NAME=value` that changes what the program loads or runs. */
  | 'environment-override'
  /** A destroyer commandDanger names (policy/danger.ts). */
  | 'danger'
  /** Contained: writes a file another program runs as the owner later (SPEC §4: a card in every mode). */
  | 'always-card';

export type AutoCode = 'on-run-list' | 'remembered' | 'lockfile-install' | 'project-binary' | 'contained';
export type DecisionCode = GateCode | AutoCode;

export interface Refusal {
  code: GateCode;
  reason: string;
}

export type GrammarVerdict = { ok: true; checks: PathCheck[]; summary: string } | ({ ok: false } & Refusal);

/** A command the owner allowed on a card (seed 003 §3), as stored in `remembered_commands`. */
export interface RememberedCommand {
  id: number;
  agentId: string;
  /** The workspace directory it is bound to (a moved workspace starts with nothing remembered). */
  directory: string;
  argv: string[];
  kind: 'exact' | 'prefix';
  createdAt: string;
  /** When a command last ran without a card because of it; null before the first time. */
  lastUsedAt?: string | null;
}

export interface ClassifyContext {
  paths: PathContext;
  /** Relative to the workspace; the command runs there. */
  cwd?: string;
  /** That cwd as the call's preparation resolved it, once (policy/paths.ts resolveCommandCwd); absent: resolved here. */
  where?: CwdResolution;
  mode: Mode;
  remembered: readonly RememberedCommand[];
  /** The project's virtualenv detected at workspace assignment (absolute): its pytest and python run as the table's rows. */
  venv?: string;
  /**
   * Present when this agent's commands run in the sandbox: run mode then decides by effect
   * (policy/contained.ts), unless the agent is set to "Run list only" (seed 003 §5 then, as without a sandbox).
   */
  /**
   * Run mode in the sandbox. `privateTmp`: the sandbox mounts the agent's own directory at /tmp
   * (bubblewrap), so a path there is the agent's scratch, not the owner's.
   */
  contained?: {
    allowedDomains: readonly string[];
    runListOnly?: boolean;
    maxFileBytes?: number;
    privateTmp?: boolean;
    /** Compiled .gitignore rules kept across decisions (policy/containedFiles.ts). */ ignoreRules?: IgnoreRules;
    ownPorts?: readonly number[];
    /** A secrets file the repository's history holds though its tree does not (git/historySecrets.ts). */
    historySecret?: () => string | null;
  };
}

export type CommandDecision = ({ tier: 'auto'; code: AutoCode } | { tier: 'gated'; code: GateCode }) & {
  reason: string;
  /** The argv that would be spawned; null when the command is not plain. */
  argv: string[] | null;
  /** With code 'remembered': the entry that admitted it (the store marks it used). */
  rememberedId?: number;
  /**
   * Decided by the contained rule: the whole runs with `/bin/sh -c` in the sandbox, and these are
   * its simple commands as written, the deciding one marked (the card shows one per line).
   */
  shellParts?: { text: string; decides: boolean }[];
  /** needs-network: the domains a card may offer to allow for this agent. */
  domains?: readonly string[];
};

/** A configuration file a program searches upward for (ProgramGrammar.configUp). */
export interface ConfigName {
  name: string;
  /**
   * Inside the workspace it stops the search only when it holds this: a top-level key of a JSON file
   * (package.json's "prettier"), or a section header on a line of its own (pytest's table in
   * pyproject.toml, `[pytest]` in tox.ini). A mention elsewhere (a dependency, a comment) is not one.
   */
  holds?: { jsonKey: string } | { section: string };
  /** Looked for above the workspace only: found inside, it does not stop the search (pytest's conftest.py). */
  aboveOnly?: boolean;
}
