// Which tools exist in this installation (SPEC §3): decided by the switches alone, at start.
import { TOOL_NAMES, type Agent, type InstanceSwitches, type ToolName, type Workspace } from '../../shared/domain';
import { findOnPath } from '../processes/shellPath';

const CODING_TOOLS: readonly ToolName[] = [
  'read',
  'list',
  'search',
  'write',
  'summarise',
  'run',
  'start',
  'output',
  'stop',
  'git',
  'preview',
  'screenshot',
  'workspace',
  'plan',
  'todo',
  'delegate',
];

/** The tools the switches install: coding tools → the developer set; file edit → edit; shell (with coding tools) → bash. */
export function installedToolNames(switches: InstanceSwitches): Set<ToolName> {
  const installed = new Set<ToolName>();
  if (switches.coding_tools) for (const name of CODING_TOOLS) installed.add(name);
  if (switches.file_edit) installed.add('edit');
  if (switches.coding_tools && switches.shell) installed.add('bash');
  return installed;
}

/** The sentence a call refused by plan mode returns, after its stable code. */
export function planModeRefusal(name: string): string {
  return `plan-mode-refused: ${name} is not offered in plan mode, where a turn only reads. Nothing was run. Call plan with the change you would make; your owner approves it before anything changes.`;
}

export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}

/**
 * The "runs any command" danger the window names (seed 003 §3): an agent in run mode with the shell
 * scope, the bash tool installed, and bash on the workspace's PATH (Paddock's own PATH when it has none).
 */
export function runsAnyCommand(
  installed: ReadonlySet<ToolName>,
  agent: Agent,
  workspace: Workspace | null,
  ownPath: string | undefined,
): boolean {
  if (agent.mode !== 'run' || !installed.has('bash') || !agent.scopes.includes('shell')) return false;
  const searchPath = workspace?.capturedPath ?? ownPath ?? '';
  return findOnPath('bash', searchPath, workspace ? { workspace: workspace.directory } : {}) !== null;
}
