// What the tiers and the cards read about containment (SPEC §14, issue 13 §4): whether this agent's
// commands run in the sandbox, the wrapper that puts them there, and the line every card shows.
// Commands that execute the project's own code are auto only while the sandbox is active.
import { READ_ONLY_PROGRAMS } from '../policy/runList';
import type { CommandWrapper } from '../processes/spawn';
import { identityWrapper } from '../processes/spawn';
import type { NetworkChoice, Sandbox } from './sandbox';

/** Per-agent choices the owner makes in Settings; both default to the contained, offline state. */
export interface AgentSandboxChoices {
  network: NetworkChoice;
  /** The explicit opt-in: bash runs as the owner, outside the sandbox. */
  uncontainedShell: boolean;
}

export const DEFAULT_CHOICES: AgentSandboxChoices = { network: 'off', uncontainedShell: false };

export interface ContainmentDeps {
  sandbox?: Sandbox;
  choicesFor?(agentId: string): AgentSandboxChoices;
}

export interface Containment {
  contained: boolean;
  wrap: CommandWrapper;
  /** "contained: bubblewrap 0.8.0, network off" or "NOT contained: <why>". */
  line: string;
  /** When not contained: the cause and how to enable, for a card's reason. */
  why: string | null;
}

/** Every program but the run list's read-only rows executes workspace code (runners, interpreters, build tools, config-loading linters). */
export function executesWorkspaceCode(argv0: string): boolean {
  return !READ_ONLY_PROGRAMS.has(argv0);
}

export function containmentFor(agentId: string, workspace: string, deps: ContainmentDeps, forShell = false): Containment {
  const choices = deps.choicesFor?.(agentId) ?? DEFAULT_CHOICES;
  const sandbox = deps.sandbox;
  if (forShell && choices.uncontainedShell) {
    return {
      contained: false,
      wrap: identityWrapper,
      line: 'NOT contained: the owner turned on "uncontained shell" for this agent; bash runs as you and reaches everything you reach',
      why: 'the owner turned on "uncontained shell" for this agent',
    };
  }
  if (!sandbox || !sandbox.contained) {
    const why = sandbox ? sandbox.describe().replace(/^not available: /, 'the sandbox is not available: ') : 'the sandbox is not available';
    return {
      contained: false,
      wrap: identityWrapper,
      line: `NOT contained: ${why}. It runs as you and can read Paddock's own environment`,
      why,
    };
  }
  return {
    contained: true,
    wrap: sandbox.wrapperFor({ agentId, workspace, network: choices.network }),
    line: sandbox.describe(choices.network),
    why: null,
  };
}
