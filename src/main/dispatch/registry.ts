// Which tools exist in this installation (SPEC §3): decided by the switches alone, at start.
import { TOOL_NAMES, type InstanceSwitches, type ToolName } from '../../shared/domain';

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
];

/** The tools the switches install: coding tools → the developer set; file edit → edit; shell (with coding tools) → bash. */
export function installedToolNames(switches: InstanceSwitches): Set<ToolName> {
  const installed = new Set<ToolName>();
  if (switches.coding_tools) for (const name of CODING_TOOLS) installed.add(name);
  if (switches.file_edit) installed.add('edit');
  if (switches.coding_tools && switches.shell) installed.add('bash');
  return installed;
}

export function isToolName(name: string): name is ToolName {
  return (TOOL_NAMES as readonly string[]).includes(name);
}
