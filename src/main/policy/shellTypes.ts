// What the bash grammar's reading of a command is made of (policy/shellForm.ts reads it): literal
// words, redirects, the simple commands and how they follow each other; and the refusal the walk
// throws when a node is not one it reads.
import type { Node } from './shellTree';

/** One literal word, as sh passes it to the program. */
export interface ShellWord {
  /** The word after quote removal. */
  value: string;
  /** The word's pieces: quoted text never globs. */
  parts: readonly Piece[];
  /** An unquoted `*` or `?`: sh replaces the word with the names it matches (or leaves it when none). */
  glob: boolean;
  /** An unquoted leading `~` (or after `:`/`=` in an assignment): sh puts a home directory there. */
  tilde: boolean;
  /**
   * A variable (`$NAME`, `${NAME}`, `$?`) is in the word, kept as written in `value`: allowed only
   * in the words of a program that opens nothing (echo, printf), whose output is all it does.
   */
  expands?: true;
}

export type ShellRedirect =
  /** `[n]> file`, `[n]>> file`, `[n]< file`. */
  /** `onList`: the grammar hung it on a list or pipeline, where sh binds it to the last command only. */
  | { kind: 'file'; fd: number; op: '>' | '>>' | '<'; target: ShellWord; onList?: true }
  /** `2>&1`, `>&2`: one standard stream onto another. */
  | { kind: 'dup'; fd: number; to: number }
  /** `<<EOF`: standard input is the literal body. */
  | { kind: 'heredoc'; body: string };

export type Connector = 'start' | '&&' | '||' | ';' | '|';

/** `for NAME in VALUES; do …; done`: its body's commands run once per value, `$NAME` being the value. */
/** A `for NAME in VALUES` loop, or a `while`/`until` loop (no variable, no values: it runs any number of turns). */
export interface ShellLoop {
  kind: 'for' | 'while';
  name: string;
  values: readonly ShellWord[];
}

export interface ShellCommand {
  /** The loop this command is in the body of: its words may hold `$NAME` (ShellWord.expands). */
  loop?: ShellLoop;
  /** Whether it is in a branch or condition of an `if`, which runs it or not. */
  conditional?: true;
  assignments: readonly { name: string; value: ShellWord }[];
  words: readonly ShellWord[];
  redirects: readonly ShellRedirect[];
  /** How it follows the previous simple command in the source. */
  connector: Connector;
  /** The simple command as written (for the card). */
  text: string;
}

/** `undecidable`: the grammar was not there to read it (not loaded, or it failed), rather than a construct. */
export type ShellForm = { ok: true; commands: ShellCommand[] } | { ok: false; reason: string; undecidable?: true };

/** A refusal thrown from deep in the walk (not an Error: a stack trace costs more than the parse). */
export class Refused {
  constructor(readonly message: string) {}
}

export function refuse(sentence: string): never {
  throw new Refused(sentence);
}

/** A piece of a word: quoted text never globs; a variable is kept as written (`ShellWord.expands`). */
export interface Piece {
  text: string;
  quoted: boolean;
  variable?: true;
  /** A variable's name (`f` for `$f` and `${f}`, `?` for `$?`; `$(…)` for a command's output). */
  name?: string;
  /** The simple commands of a `$( … )` whose output this piece is. */
  runs?: ShellCommand[];
}

/** The commands of a `$( … )`, read by shellForm.ts's walk (where a word may hold what is not literal). */
export type ReadSubstitution = (sub: Node) => ShellCommand[];

/** The walk's state while it reads a program, a list or a substitution's commands. */
export interface Walk {
  commands: ShellCommand[];
  pending: Connector;
  /** The `for` loop whose body is being read. */
  loop?: ShellLoop;
  /** The redirects around that loop (`done > f`), performed once: its `$NAME` is not theirs. */
  loopOuter?: readonly Node[];
  /** Whether an `if`'s conditions and branches are being read. */
  inIf?: boolean;
  /** What `export NAME=value` set so far: in the environment of every command after it. */
  exported: { name: string; value: ShellWord }[];
  /**
   * Redirects the grammar hung on a list or pipeline (`cd src && ls > x`), each with where that list
   * ends: sh binds them to its last command.
   */
  listRedirects: Map<Node, number>;
  /** The heredocs of those that a command took (each must be some command's). */
  heredocsTaken: Set<Node>;
  /** Groups `{ …; }` that feed a pipe: each runs in a subshell of its own (shellForm.ts pushGroup). */
  feedingGroups?: Set<Node>;
  /** Reads a `$( … )`'s commands: the same walk, on its own state. */
  readSubstitution: ReadSubstitution;
}
