// The owner's sandbox choices per agent (Settings → Sandbox), saved in settings. Only checked
// entries count, whatever the stored JSON holds (an older `network: "on"` is gone: migration 010);
// a saved domain list is in force for the agent's next contained process at once.
import type { SettingsRepository } from '../store/settings';
import type { AgentSandboxChoices } from './containment';
import { checkedDomainList, parseDomainList } from './domains';
import type { Sandbox } from './sandbox';

export const SANDBOX_CHOICES_KEY = 'sandbox.agentChoices';

export interface SandboxChoices {
  /** The agent's choices as they apply (the contained, offline defaults where none was saved). */
  choicesFor(agentId: string): AgentSandboxChoices;
  /** Saves a patch of the agent's choices; a domain list with a bad entry throws DomainListRefusal. */
  setChoices(agentId: string, choices: Partial<AgentSandboxChoices>): AgentSandboxChoices;
  /** Adds domains to the agent's allowed list (a card's "Allow <domain> for this agent"), each once. */
  allowDomains(agentId: string, domains: readonly string[]): AgentSandboxChoices;
  /** What the agent's vocabulary says about containment. */
  containmentOf(agentId: string): { contained: boolean; line: string; uncontainedShell: boolean };
}

export function createSandboxChoices(
  settings: SettingsRepository,
  sandbox: Pick<Sandbox, 'contained' | 'describe' | 'setAllowedDomains'>,
): SandboxChoices {
  const stored = () => settings.get<Record<string, Partial<AgentSandboxChoices>>>(SANDBOX_CHOICES_KEY, {});
  const choicesFor = (agentId: string): AgentSandboxChoices => {
    const saved = stored()[agentId] ?? {};
    const allowedDomains = Array.isArray(saved.allowedDomains)
      ? parseDomainList(saved.allowedDomains.join(' ')).entries
      : [];
    return {
      allowedDomains,
      uncontainedShell: saved.uncontainedShell === true,
      runListOnly: saved.runListOnly === true,
    };
  };
  function setChoices(agentId: string, choices: Partial<AgentSandboxChoices>): AgentSandboxChoices {
    const all = stored();
    if (choices.allowedDomains) choices = { ...choices, allowedDomains: checkedDomainList(choices.allowedDomains) };
    all[agentId] = { ...choicesFor(agentId), ...choices };
    settings.set(SANDBOX_CHOICES_KEY, all);
    const now = choicesFor(agentId);
    sandbox.setAllowedDomains(agentId, now.allowedDomains);
    return now;
  }
  return {
    choicesFor,
    setChoices,
    allowDomains(agentId, domains) {
      const now = choicesFor(agentId).allowedDomains;
      return setChoices(agentId, { allowedDomains: [...now, ...domains.filter((domain) => !now.includes(domain))] });
    },
    containmentOf(agentId) {
      const choices = choicesFor(agentId);
      return {
        contained: sandbox.contained,
        line: sandbox.describe(choices.allowedDomains),
        uncontainedShell: choices.uncontainedShell,
      };
    },
  };
}
