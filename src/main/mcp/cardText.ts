// A card as plain text for an MCP client's elicitation prompt: the same facts the window's card
// shows (tool, reason, argv and cwd, path and diff), bounded so a huge diff stays a prompt.
import type { Card } from '../../shared/domain';

const MAX_DIFF_CHARS = 20_000;

export function describeCardForClient(card: Card): string {
  const lines = [`Paddock asks before ${card.tool} runs: ${card.reason}`];
  if (card.argv) lines.push(`command: ${card.argv.map((word) => JSON.stringify(word)).join(' ')}`);
  if (card.cwd) lines.push(`in: ${card.cwd}`);
  if (card.path) lines.push(`file: ${card.path}`);
  for (const detail of card.details ?? []) lines.push(detail);
  if (card.diff !== undefined) {
    const diff =
      card.diff.length > MAX_DIFF_CHARS
        ? `${card.diff.slice(0, MAX_DIFF_CHARS)}\n… (${card.diff.length - MAX_DIFF_CHARS} more characters of diff not shown)`
        : card.diff;
    lines.push('', diff);
  } else if (!card.argv) {
    lines.push(`arguments: ${JSON.stringify(card.args)}`);
  }
  lines.push('', 'Approve only what you have read. Anything but an explicit approval is a denial.');
  return lines.join('\n');
}
