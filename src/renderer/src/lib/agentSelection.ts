// Which agent the window shows: the one selected before, while it exists, else the first listed.
// The stores follow it, and the start asks for that agent's conversations before they exist (boot.ts).
export function agentToSelect(agents: readonly { id: string }[], current: string | null): string | null {
  return current && agents.some((agent) => agent.id === current) ? current : (agents[0]?.id ?? null);
}
