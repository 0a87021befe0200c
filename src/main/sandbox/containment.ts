// What the tiers and the cards read about containment (SPEC §14, issue 13 §4): whether this agent's
// commands run in the sandbox, the wrapper that puts them there, and the line every card shows.
// Commands that execute the project's own code are auto only while the sandbox is active.
import { READ_ONLY_PROGRAMS } from '../policy/runList';
import type { CommandWrapper } from '../processes/command';
import { identityWrapper } from '../processes/command';
import type { AlwaysCardWatch, MovedEntry } from './alwaysCardGuard';
import type { LiveStop } from './alwaysCardLive';
import type { OwnServicesMount } from './profile';
import type { Sandbox } from './sandbox';

/** See Containment.longLived. */
export interface LongLivedGuard {
  wrap: CommandWrapper;
  /** What was moved out while it runs, as it is moved (at once, not when it ends). */
  onMoved(listener: (moved: MovedEntry[]) => void): void;
  /** It ended: stop watching, and everything moved out since it started. */
  finish(): MovedEntry[];
}

/** Per-agent choices the owner makes in Settings; both default to the contained, offline state. */
export interface AgentSandboxChoices {
  /** Domains its contained processes may reach over HTTP(S) through Paddock's proxy (empty: none). */
  allowedDomains: string[];
  /** The explicit opt-in: bash runs as the owner, outside the sandbox. */
  uncontainedShell: boolean;
  /** Run mode keeps the run list (seed 003 §5) even while contained: cards by spelling, not by effect. */
  runListOnly: boolean;
}

export const DEFAULT_CHOICES: AgentSandboxChoices = { allowedDomains: [], uncontainedShell: false, runListOnly: false };

/**
 * Whether run mode decides an agent's commands by their effect (issue 31): its commands run in the
 * sandbox and the owner did not keep the run list alone. Otherwise seed 003 §5 decides by spelling.
 * (The uncontained shell concerns `bash` only, which then runs outside and always asks.)
 */
export function runsByEffect(contained: boolean, runListOnly: boolean): boolean {
  return contained && !runListOnly;
}

export interface ContainmentDeps {
  sandbox?: Sandbox;
  choicesFor?(agentId: string): AgentSandboxChoices;
}

export interface Containment {
  contained: boolean;
  wrap: CommandWrapper;
  /** The wrapper of a command that reaches these own services on its loopback (ownServices.ts); `wrap` when not contained. */
  wrapReaching(services: OwnServicesMount): CommandWrapper;
  /** "contained: bubblewrap 0.8.0, network off" or "NOT contained: <why>". */
  line: string;
  /** The domains this agent's contained processes may reach (empty when none or not contained). */
  allowedDomains: readonly string[];
  /** /tmp inside is the agent's own directory (bubblewrap), not the machine's. */
  privateTmp: boolean;
  /**
   * Before a bounded command: the watch that moves out always-card entries it creates (null when
   * not contained: there such commands are cards already).
   */
  watchAlwaysCard(): AlwaysCardWatch | null;
  /**
   * For a long-lived process (`start`, an agent's MCP server): its wrapper, and a watch that moves
   * out every always-card entry or `.git` that appears anywhere in the workspace while it runs, at
   * once, and first calls `stop` with what appeared (it could plant the next one the moment the last
   * was moved; so could any other process running there, which is stopped too), or with an entry
   * held read-only since its start that was replaced on disk (the hold ended with the old file);
   * `finish()` when it ends. Null without the sandbox.
   */
  longLived(stop: (why: LiveStop) => void): LongLivedGuard | null;
  /** When not contained: the cause and how to enable, for a card's reason. */
  why: string | null;
  /** Why this program cannot run inside (a refusal before it starts), or null. */
  unseenProgram(program: string, pathValue: string): string | null;
}

/** A contained command that bubblewrap could not start (its own error, exit 1): the sentence its result adds. */
export function launcherFailure(exitCode: number | null, output: string): string | null {
  if (exitCode !== 1) return null;
  const said = /^bwrap: (.+)$/m.exec(output)?.[1];
  return said ? `The sandbox could not start the command (bubblewrap: ${said}); nothing of it ran.` : null;
}

/** Every program but the run list's read-only rows executes workspace code (runners, interpreters, build tools, config-loading linters). */
export function executesWorkspaceCode(argv0: string): boolean {
  return !READ_ONLY_PROGRAMS.has(argv0);
}

export function containmentFor(
  agentId: string,
  workspace: string,
  deps: ContainmentDeps,
  forShell = false,
): Containment {
  const choices = deps.choicesFor?.(agentId) ?? DEFAULT_CHOICES;
  const sandbox = deps.sandbox;
  if (forShell && choices.uncontainedShell) {
    return {
      contained: false,
      wrap: identityWrapper,
      wrapReaching: () => identityWrapper,
      line: 'NOT contained: the owner turned on "uncontained shell" for this agent; bash runs as you and reaches everything you reach',
      allowedDomains: [],
      privateTmp: false,
      watchAlwaysCard: () => null,
      longLived: () => null,
      unseenProgram: () => null,
      why: 'the owner turned on "uncontained shell" for this agent',
    };
  }
  if (!sandbox || !sandbox.contained) {
    const why = sandbox
      ? sandbox.describe().replace(/^not available: /, 'the sandbox is not available: ')
      : 'the sandbox is not available';
    return {
      contained: false,
      wrap: identityWrapper,
      wrapReaching: () => identityWrapper,
      line: `NOT contained: ${why}. It runs as you and can read Paddock's own environment`,
      allowedDomains: [],
      privateTmp: false,
      watchAlwaysCard: () => null,
      longLived: () => null,
      unseenProgram: () => null,
      why,
    };
  }
  return {
    contained: true,
    wrap: sandbox.wrapperFor({ agentId, workspace, allowedDomains: choices.allowedDomains }),
    wrapReaching: (ownServices) =>
      sandbox.wrapperFor({ agentId, workspace, allowedDomains: choices.allowedDomains, ownServices }),
    line: sandbox.describe(choices.allowedDomains),
    allowedDomains: choices.allowedDomains,
    privateTmp: sandbox.status.available && sandbox.status.engine === 'bubblewrap',
    watchAlwaysCard: () => sandbox.watchAlwaysCard(workspace),
    longLived: (stop) => {
      // Nothing is made in the owner's folder: what it plants is moved out at once, and it is stopped
      // first, so that it plants nothing more while the move runs (across devices it copies).
      const watch = sandbox.watchAlwaysCardLive(workspace, stop);
      return {
        wrap: sandbox.wrapperFor({ agentId, workspace, allowedDomains: choices.allowedDomains }),
        onMoved: (listener) => watch.onMoved(listener),
        finish: () => watch.finish(),
      };
    },
    why: null,
    unseenProgram: (program, pathValue) => sandbox.unseenProgram(workspace, program, pathValue),
  };
}

/** The sentence a card adds for a command that fetches from the network (issue 13 §3). */
export function networkNeedLine(containment: Containment): string {
  if (!containment.contained)
    return 'This command uses the network: outside the sandbox it reaches every host you can.';
  if (containment.allowedDomains.length === 0) {
    return 'This command needs the network, and the sandbox gives it none: allow its domains for this agent in Settings → Developer → Sandbox (e.g. registry.npmjs.org).';
  }
  return `This command needs the network: it may reach only ${containment.allowedDomains.join(', ')} (allowed for this agent in Settings → Developer → Sandbox).`;
}
