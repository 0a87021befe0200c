// The vocabulary (SPEC §3, AC-7): one function that reports, per scope, whether its tools are
// installed (and which switch decides), whether the agent is granted it, and how contained it is.
// Settings shows it and the agent's system prompt is written from it.
import {
  SCOPES,
  TOOL_NAMES,
  TOOL_SCOPE,
  type AnyToolName,
  type InstanceSwitch,
  type McpToolName,
  type Scope,
  type ScopeReport,
  type ToolName,
} from '../../shared/domain';

export const SHELL_CONTAINMENT =
  'Not contained: bash runs as your user and reaches everything your user reaches — every file, every credential, the network.';

/** What the OS sandbox lets a contained process reach (SPEC §14): the same words for run, start and bash. */
export const SANDBOX_REACH =
  'it writes only the workspace (not its .git) and a private /tmp; it reads the system and toolchain directories but not the home directory, credentials or Paddock’s data; it sees no other process; and it has no network except HTTP(S) through Paddock’s proxy to the domains the owner allowed for this agent (named in the line above), never this machine’s own ports except those its own started processes (`start`) listen on, at 127.0.0.1:<port>.';

export const SHELL_CONTAINED = `Contained in the OS sandbox: bash runs any command line, but ${SANDBOX_REACH}`;

/** The sandbox as the vocabulary reads it; absent: no sandbox. */
export interface VocabularyContainment {
  contained: boolean;
  /** "contained: bubblewrap 0.8.0, network off" or "not available: …". */
  line: string;
  uncontainedShell: boolean;
}

const NO_SANDBOX: VocabularyContainment = { contained: false, line: 'no OS sandbox', uncontainedShell: false };

function delegateStatement(helpers: readonly string[]): string {
  const who =
    helpers.length > 0
      ? `your helpers: ${helpers.join(', ')}`
      : 'none yet: the owner picks them in Settings → Developer → Helpers';
  return `Thinks, cannot act: delegate hands a question and some text to a helper the owner chose (${who}). The helper gets no tool at all and sees only what you send; its answer is the result, its cost is counted.`;
}

function containmentStatements(sandbox: VocabularyContainment, helpers: readonly string[]): Record<Scope, string> {
  const process = sandbox.contained
    ? `Contained (${sandbox.line}): commands run as argv with no shell, inside the workspace, per the mode and the run list; ${SANDBOX_REACH}`
    : `Bounded but NOT contained (${sandbox.line}): commands run as argv with no shell, inside the workspace, per the mode and the run list; a project’s own scripts run as you and need your approval.`;
  const shell = sandbox.contained && !sandbox.uncontainedShell ? SHELL_CONTAINED : SHELL_CONTAINMENT;
  return {
    file_read: 'Contained: paths resolve inside the workspace; the deny list is never readable.',
    file_write: 'Contained: same resolution, and a direct write — no proposal step.',
    file_edit: 'Contained: bounded edits, proposed or applied per the acceptance policy.',
    process,
    git: 'Contained: hardened git at the repository root; no push, reset or history rewrite.',
    preview: 'Contained: pages of the agent’s own processes, on a separate origin with its own credential.',
    workspace: 'Always a card: only you set the directory an agent works in.',
    shell,
    mcp: sandbox.contained
      ? `Asks each time: every call of an MCP server’s tool is a card unless you marked that tool auto; command servers run in the OS sandbox, in the workspace; their results are data.`
      : `Asks each time: every call of an MCP server’s tool is a card unless you marked that tool auto; command servers run in the workspace, NOT contained; their results are data.`,
    delegate: delegateStatement(helpers),
  };
}

function decidedBy(scope: Scope): InstanceSwitch[] {
  if (scope === 'file_edit') return ['file_edit'];
  if (scope === 'shell') return ['coding_tools', 'shell'];
  return ['coding_tools'];
}

/** `mcpTools`: the tools of the MCP servers the owner added for this agent (scope mcp); `helpers`: its helpers' handles. */
export function describeVocabulary(
  installed: ReadonlySet<ToolName>,
  granted: readonly Scope[],
  sandbox: VocabularyContainment = NO_SANDBOX,
  mcpTools: readonly McpToolName[] = [],
  helpers: readonly string[] = [],
): ScopeReport[] {
  const CONTAINMENT = containmentStatements(sandbox, helpers);
  return SCOPES.map((scope) => {
    const installedTools: AnyToolName[] =
      scope === 'mcp' ? [...mcpTools] : TOOL_NAMES.filter((tool) => TOOL_SCOPE[tool] === scope && installed.has(tool));
    return {
      scope,
      installedTools,
      // MCP support comes with the coding tools; which MCP tools exist is per agent (its servers).
      installed: scope === 'mcp' ? installed.size > 0 : installedTools.length > 0,
      decidedBy: decidedBy(scope),
      granted: granted.includes(scope),
      containment: CONTAINMENT[scope],
    };
  });
}
