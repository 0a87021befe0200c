// Where an agent's API key is sent (issue 14 §1, defence in depth): changing the base URL while a
// key is stored sends that key to the new host on the next turn. The core asks the owner to confirm
// the new destination by name; an update without that confirmation is refused. Pure.

/** The origin a new base URL would send the key to, when it differs from today's; null otherwise. */
export function newKeyDestination(current: string | null, next: string | null | undefined): string | null {
  // Clearing the base URL returns to the provider's own address: nothing new to confirm.
  if (next === undefined || next === null) return null;
  const nextOrigin = originOf(next);
  if (nextOrigin === null) return null;
  return current !== null && originOf(current) === nextOrigin ? null : nextOrigin;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The sentence of the refusal; the window shows it with a button that confirms `origin`. */
export function keyDestinationQuestion(handle: string, origin: string): string {
  return `${handle} has an API key stored. Saving this base URL sends that key to ${origin} with every turn. Confirm that the key may be sent there, or remove the key first.`;
}
