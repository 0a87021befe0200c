// A list of simple commands judged in the order sh runs them (policy/contained.ts judges each with
// judgeCommand): each in every directory it may run in, a for loop's body once per value (each
// value's writes from what the line wrote before any of them), xargs with what feeds it, and a
// loop's body again and again, each turn knowing what the last wrote, until a turn changes nothing
// the next would see.
import type { FileView } from './containedFiles';
import { stagesNothing } from './containedGitShown';
import { card, unwrap, type ContainedContext, type JudgeCommand } from './containedJudging';
import {
  agreed,
  changesNothing,
  lineState,
  notePiped,
  recordWrites,
  resetWritten,
  writtenSignature,
  type Written,
} from './containedLineWrites';
import { judgeXargs } from './containedLists';
import { loopRuns } from './containedShells';
import type { ShellCommand } from './shellForm';

/** Each simple command of a list in each directory it may run in (`cwds`, from directories()). */
export function judgeList(
  commands: readonly ShellCommand[],
  cwds: readonly (readonly string[])[],
  view: FileView,
  ctx: ContainedContext,
  last: boolean,
  depth: number,
  at: { index: number },
  judgeCommand: JudgeCommand,
): void {
  // Where the loop being read began, how many times its body was judged, and what the line had
  // written when this turn of it began.
  let loopStart = -1;
  let turns = 0;
  let turnBegan = '';
  for (let i = 0; i < commands.length; i++) {
    at.index = i;
    const loop = commands[i]!.loop;
    if (loop !== undefined && commands[i - 1]?.loop !== loop && turns === 0) {
      loopStart = i;
      turnBegan = writtenSignature(view);
    }
    // A loop's body runs again after its last command: a link it makes leads elsewhere on the next turn.
    const isLast = last && i === commands.length - 1 && loop === undefined;
    for (const cwd of cwds[i]!) {
      const runs = loopRuns(commands[i]!, view, cwd);
      // Each value's run writes in its own turn: judged from what the line wrote before any of
      // them, and what they wrote kept where they agree (else as text this rule cannot read).
      const before = runs.length > 1 ? new Map(lineState(view).written) : null;
      const after: Map<string, Written>[] = [];
      for (const command of runs) {
        if (before) resetWritten(view, before);
        const judged = unwrap(command);
        notePiped(view, commands, i);
        if (judged.argv[0] === 'xargs' && judged.assignments.length === 0)
          judgeXargs(commands, i, judged, { cwd }, view, ctx, isLast, depth, judgeCommand);
        else judgeCommand(command, { cwd }, view, ctx, command.connector, isLast, depth);
        recordWrites(command, judged.argv, view, { cwd });
        // (Once set it stays: the read of the next command is spared.)
        if (!view.lineMayHaveChanged && !changesNothing(command)) view.lineMayHaveChanged = true;
        if (!view.lineMayHaveStaged && !changesNothing(command) && !stagesNothing(judged.argv))
          view.lineMayHaveStaged = true;
        if (before) after.push(new Map(lineState(view).written));
      }
      if (before) resetWritten(view, agreed(before, after));
    }
    // The body's next turn runs what its last turn wrote (`sh x.sh; echo … > x.sh`, or a copy chain
    // that reaches x.sh only on the third): judged again with those writes known, until a turn
    // changes nothing the next would see.
    if (loop !== undefined && commands[i + 1]?.loop !== loop) {
      const now = writtenSignature(view);
      if (now === turnBegan) turns = 0;
      else if (++turns >= MAX_LOOP_TURNS)
        card('shell-construct', `the loop's turns still change what the next runs after ${MAX_LOOP_TURNS} of them`);
      else {
        turnBegan = now;
        i = loopStart - 1;
      }
    }
  }
}

/** Most turns of a loop's body judged, each knowing what the last wrote, before the rule asks. */
const MAX_LOOP_TURNS = 12;
