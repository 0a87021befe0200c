// Instance switches (SPEC §3, seed 000): read once at start from settings, overridable by the
// environment. Changing one in Settings takes effect only after a restart.
import type { InstanceSwitch, InstanceSwitches } from '../../shared/domain';

export const DEFAULT_SWITCHES: InstanceSwitches = { coding_tools: true, file_edit: true, shell: false };

const ENV_NAMES: Record<InstanceSwitch, string[]> = {
  coding_tools: ['PADDOCK_CODING_TOOLS', 'DASHBOARD_CODING_TOOLS'],
  file_edit: ['PADDOCK_FILE_EDIT', 'DASHBOARD_FILE_EDIT'],
  shell: ['PADDOCK_SHELL', 'DASHBOARD_SHELL'],
};

function parseSwitch(value: string | undefined): boolean | null {
  if (value === undefined) return null;
  const word = value.trim().toLowerCase();
  if (['on', '1', 'true', 'yes'].includes(word)) return true;
  if (['off', '0', 'false', 'no', ''].includes(word)) return false;
  return null;
}

/** The switches in force: environment (PADDOCK_* before the DASHBOARD_* aliases) over settings over defaults. */
export function resolveSwitches(
  saved: Partial<InstanceSwitches>,
  env: NodeJS.ProcessEnv,
): { switches: InstanceSwitches; fromEnvironment: InstanceSwitch[] } {
  const switches = { ...DEFAULT_SWITCHES, ...saved };
  const fromEnvironment: InstanceSwitch[] = [];
  for (const name of Object.keys(ENV_NAMES) as InstanceSwitch[]) {
    for (const variable of ENV_NAMES[name]) {
      const parsed = parseSwitch(env[variable]);
      if (parsed !== null) {
        switches[name] = parsed;
        fromEnvironment.push(name);
        break;
      }
    }
  }
  return { switches, fromEnvironment };
}

/** The switches are read once at start: a saved value that differs from the one in force waits for a restart. */
export function restartRequired(inForce: InstanceSwitches, saved: Partial<InstanceSwitches>): boolean {
  return (Object.keys(saved) as (keyof InstanceSwitches)[]).some(
    (key) => saved[key] !== undefined && saved[key] !== inForce[key],
  );
}
