// The instance's own settings the owner changes in Settings: the switches (saved now, in force at
// the next start: they are read once) and whether the window is offered on the tailnet.
import type { InstanceSwitches } from '../../shared/domain';
import type { SettingsRepository } from '../store/settings';

export const SWITCHES_KEY = 'instance.switches';
export const TAILSCALE_KEY = 'tailscale.enabled';

export interface InstanceSettings {
  savedSwitches(): Partial<InstanceSwitches>;
  /** Merges the patch into what was saved; the switches in force stay until the next start. */
  saveSwitches(patch: Partial<InstanceSwitches>): void;
  tailscaleEnabled(): boolean;
  setTailscaleEnabled(enabled: boolean): void;
}

export function createInstanceSettings(settings: SettingsRepository): InstanceSettings {
  const savedSwitches = (): Partial<InstanceSwitches> => settings.get<Partial<InstanceSwitches>>(SWITCHES_KEY, {});
  return {
    savedSwitches,
    saveSwitches: (patch) => settings.set(SWITCHES_KEY, { ...savedSwitches(), ...patch }),
    tailscaleEnabled: () => settings.get(TAILSCALE_KEY, false),
    setTailscaleEnabled: (enabled) => settings.set(TAILSCALE_KEY, enabled),
  };
}
