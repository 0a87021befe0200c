// What is sent to the model (seed 003 §7): old tool outputs are replaced by a short placeholder,
// keeping the last two whole, the way browser observations are compacted.
import type { ModelMessage } from './providers/types';

export const KEEP_WHOLE = 2;
/** A result this short costs less than its placeholder: kept as it is. */
const SHORT_RESULT = 240;

export function compactToolOutputs(messages: ModelMessage[], keepWhole = KEEP_WHOLE): ModelMessage[] {
  const toolIndexes: number[] = [];
  messages.forEach((message, index) => {
    if (message.role === 'tool') toolIndexes.push(index);
  });
  const compactable = new Set(toolIndexes.slice(0, Math.max(0, toolIndexes.length - keepWhole)));
  return messages.map((message, index) => {
    if (message.role !== 'tool' || !compactable.has(index) || message.text.length <= SHORT_RESULT) return message;
    return { ...message, text: compactedPlaceholder(message.tool, message.text.length) };
  });
}

export function compactedPlaceholder(tool: string, length: number): string {
  return `[earlier output of ${tool} compacted: ${length} characters; call the tool again if you need it]`;
}
