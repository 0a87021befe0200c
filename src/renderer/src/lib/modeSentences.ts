// What each mode lets an agent do, in the owner's words. Run mode reads two ways: with the sandbox
// containing the agent's commands, a command runs unless it needs what containment cannot make safe
// (SPEC §14, issue 31); without it (or with "Run list only"), only the run list's commands run.
import type { Mode } from '../../../shared/domain';
import type { AppInfo } from '../../../shared/ipc';

/** Whether run mode decides this agent's commands by their effect, as the core says (sandbox/containment.ts). */
export function runsByEffect(info: AppInfo | null, agentId: string): boolean {
  return info?.sandbox.runsByEffect[agentId] ?? false;
}

const RUN_BY_EFFECT = 'edits and commands run at once in the sandbox; what it cannot contain asks';
/** The same, at length, where the first run has room for it. */
const RUN_BY_EFFECT_AT_LENGTH =
  'Edits and commands run at once in the sandbox; a command that needs a place outside the folder, the network, a secrets file or a loss no undo restores asks.';
const RUN_BY_LIST = 'edits and the run list’s commands happen at once; everything else asks';

/** The mode's sentence, lower-case, as the mode selector shows it. */
export function modeSentence(mode: Mode, byEffect: boolean): string {
  switch (mode) {
    case 'ask':
      return 'every write and every command asks you first';
    case 'edit':
      return 'reads and edits happen at once; every command asks';
    case 'run':
      return byEffect ? RUN_BY_EFFECT : RUN_BY_LIST;
    case 'plan':
      return 'the agent only reads, then proposes a plan; you approve it before anything changes';
  }
}

/** The first run's choice of a mode: the mode in one sentence, and its danger said plainly. */
export function modeChoice(mode: Mode, { byEffect, shellGranted }: { byEffect: boolean; shellGranted: boolean }) {
  const sentence = modeSentence(mode, byEffect);
  const line =
    mode === 'run' && byEffect ? RUN_BY_EFFECT_AT_LENGTH : `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`;
  switch (mode) {
    case 'ask':
      return { line, danger: 'Safest: nothing changes without your yes.' };
    case 'edit':
      return { line, danger: 'Files in the folder change without asking; checkpoints let you undo.' };
    case 'run':
      if (shellGranted) return { line, danger: 'With the shell granted, it runs any command as you, without asking.' };
      return {
        line,
        danger: byEffect
          ? 'The project’s own code runs without asking, contained: it writes only this folder, and checkpoints let you undo.'
          : 'Tests and builds run the project’s own code as you, without asking.',
      };
    case 'plan':
      return { line, danger: 'Nothing changes until you approve a plan and pick edit or run.' };
  }
}
