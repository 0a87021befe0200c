// The owner opens a preview of an agent's own running process only (SPEC §9): a name another agent's
// process holds, or no running process, opens nothing.
import type { RunningProcessLookup } from './types';

export function runsProcessNamed(lookup: RunningProcessLookup, agentId: string, name: string): boolean {
  const running = lookup.findRunning(name);
  return running !== null && running.agentId === agentId;
}
