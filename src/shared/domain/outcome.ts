// How one tool call ended, as the core knows it (after Codex's ExecCommandEndEvent). The dispatcher
// builds it once per call from the tool's own facts and stores it with the call (tool_calls.outcome);
// the model's text and the window's row are two renderings of it. The window never reads a
// result's text to learn any of this.

/** Why a call was refused before or instead of running. */
export type RefusalCode =
  | 'not-installed'
  | 'session-not-authorized'
  | 'scope-not-granted'
  | 'invalid-arguments'
  | 'no-workspace'
  | 'session-moved'
  | 'cannot-run'
  /** The tool's own fence said no (a path outside, a link, a denied file): its error begins "refused:". */
  | 'fence'
  | 'denied'
  | 'cancelled';

/** A command's end (run, bash): what ran, where, and how it ended. */
export interface CommandOutcome {
  /** The command on one line, as the model's text shows it (line breaks written as \n). */
  shown: string;
  cwd: string;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  cancelled: boolean;
  elapsedMs: number;
  /** How it ended, in the sentence the model's text has ("exit code 3", "timed out after 1.00 s; …"). */
  ending: string;
  /** A recognised test run's failing tests; null when no runner's summary was read. */
  failingTests: number | null;
  /** Where the command's output begins in the model's text (after the header lines). */
  outputStart: number;
  /** It printed nothing (the model's text says "(no output)" there). */
  printedNothing: boolean;
}

/** What a tool reports about its own run, beside the text the model gets (ToolResult.outcome). */
export interface ToolOutcomeFacts {
  command?: CommandOutcome;
  /** Workspace files the call wrote (relative, as the tool named them). */
  filesChanged?: string[];
  /** A picture the call saved in Paddock's files (a screenshot), which the window shows inline. */
  image?: string;
  /** The command ran inside the OS sandbox (true), outside it (false); absent when nothing ran. */
  contained?: boolean;
  /** Where a unified diff of what the call wrote begins in the model's text (write, edit). */
  diffStart?: number;
}

export interface ToolCallOutcome extends ToolOutcomeFacts {
  /** done: ran and succeeded; failed: ran (or began to) and failed; refused, denied, interrupted: did not run. */
  ending: 'done' | 'failed' | 'refused' | 'denied' | 'interrupted';
  refusalCode?: RefusalCode;
  /**
   * The length of the text the model was sent for a result that succeeded. The offsets above point
   * into that text; a copy of another length (a stored tail) is not it, and they do not apply.
   */
  textLength?: number;
}
