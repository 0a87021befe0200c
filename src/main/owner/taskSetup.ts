// A new task's setup script (issue 34): the owner's entry for the repository in Settings (key
// `tasks.setupScripts`, repository root → shell text), or else the project's `.paddock/setup`. The
// owner's entry wins: it is the owner's word, the file is whatever the base branch holds (a line
// `sh .paddock/setup` in the entry runs both). Either runs in the task agent's sandbox, in the new
// worktree, or not at all; its output is kept on the task for the window.
import fs from 'node:fs';
import path from 'node:path';
import type { Agent, TaskSetupResult, TaskSetupScriptView, Workspace } from '../../shared/domain';
import { childEnvForWorkspace, type OwnerEnv } from '../processes/env';
import type { GroupLedger } from '../processes/ledger';
import { runBounded } from '../processes/spawn';
import type { Containment } from '../sandbox/containment';

export const SETUP_SCRIPT = path.join('.paddock', 'setup');
export const SETUP_SCRIPTS_KEY = 'tasks.setupScripts';
const SETUP_TIMEOUT_MS = 10 * 60_000;
export const SETUP_SCRIPT_MAX = 20_000;

export class SetupScriptRefusal extends Error {}

export interface TaskSetupDeps {
  home: string;
  ownerEnv: OwnerEnv;
  ledger?: GroupLedger;
  /** The task agent's containment in its worktree (sandbox/containment.ts). */
  containmentFor(agentId: string, workspace: string): Containment;
  /** The stored `tasks.setupScripts` value, as stored. */
  readScripts(): unknown;
  writeScripts(scripts: Record<string, string>): void;
}

/** The stored entries, read leniently: anything but an absolute root → non-empty text is left out. */
function storedScripts(raw: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [repository, script] of Object.entries(raw as Record<string, unknown>)) {
    if (path.isAbsolute(repository) && typeof script === 'string' && script.trim() !== '') out[repository] = script;
  }
  return out;
}

export function createTaskSetup(deps: TaskSetupDeps) {
  const scripts = (): Record<string, string> => storedScripts(deps.readScripts());

  /** Runs `program args` in the worktree, contained, or says why it did not. */
  async function runContained(
    agent: Agent,
    workspace: Workspace,
    what: { label: string; args: string[]; source: TaskSetupResult['source'] },
    signal?: AbortSignal,
  ): Promise<TaskSetupResult> {
    const containment = deps.containmentFor(agent.id, workspace.directory);
    if (!containment.contained) {
      return {
        ran: false,
        exitCode: null,
        source: what.source,
        output: `${what.label} was not run: ${containment.why ?? 'the OS sandbox is not available'}. Run it yourself in ${workspace.directory} if you trust it.`,
      };
    }
    const alwaysCard = containment.watchAlwaysCard();
    try {
      const result = await runBounded({
        program: '/bin/sh',
        args: what.args,
        cwd: workspace.directory,
        env: childEnvForWorkspace(workspace.capturedPath, deps.home, deps.ownerEnv),
        timeoutMs: SETUP_TIMEOUT_MS,
        signal,
        wrap: containment.wrap,
        purpose: 'run',
        ledger: deps.ledger,
        agentId: agent.id,
      });
      const moved = alwaysCard?.finish() ?? [];
      const note =
        moved.length > 0
          ? `\n(moved out of the worktree, as a contained command may not plant them: ${moved.map((entry) => entry.path).join(', ')})`
          : '';
      return { ran: true, exitCode: result.exitCode, source: what.source, output: `${result.output}${note}` };
    } catch (error) {
      alwaysCard?.finish();
      return {
        ran: false,
        exitCode: null,
        source: what.source,
        output: `${what.label} could not start: ${(error as Error).message}`,
      };
    }
  }

  return {
    /** Every repository's entry, by repository root. */
    list(): TaskSetupScriptView[] {
      return Object.entries(scripts())
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([repository, script]) => ({ repository, script }));
    },

    /** Sets (or, with empty text, removes) a repository's entry; `repository` must be a root some workspace is. */
    set(repository: string, script: string, known: readonly string[]): TaskSetupScriptView[] {
      if (!known.includes(repository))
        throw new SetupScriptRefusal(
          `refused: ${repository} is not the folder of a repository an agent works in, so no task starts from it`,
        );
      if (script.length > SETUP_SCRIPT_MAX)
        throw new SetupScriptRefusal(`refused: a setup script is at most ${SETUP_SCRIPT_MAX} characters`);
      const next = scripts();
      if (script.trim() === '') delete next[repository];
      else next[repository] = script.replace(/\r\n/g, '\n');
      deps.writeScripts(next);
      return this.list();
    },

    /** Runs the task's setup script when there is one (the Settings entry, else the file); null when none. */
    async run(
      agent: Agent,
      workspace: Workspace,
      repository: string,
      signal?: AbortSignal,
    ): Promise<TaskSetupResult | null> {
      const declared = scripts()[repository];
      if (declared !== undefined) {
        return runContained(
          agent,
          workspace,
          { label: 'The setup script from Settings', args: ['-c', declared], source: 'settings' },
          signal,
        );
      }
      const stat = fs.lstatSync(path.join(workspace.directory, SETUP_SCRIPT), { throwIfNoEntry: false });
      if (!stat) return null;
      if (!stat.isFile())
        return {
          ran: false,
          exitCode: null,
          source: 'file',
          output: `${SETUP_SCRIPT} is not a plain file (a link or a folder), so it was not run`,
        };
      return runContained(agent, workspace, { label: SETUP_SCRIPT, args: [SETUP_SCRIPT], source: 'file' }, signal);
    },
  };
}

export type TaskSetup = ReturnType<typeof createTaskSetup>;
