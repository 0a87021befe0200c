// How a tool call reads in a compact row: its tool and the one argument that says what it touched.

import { revealHiddenCharacters } from '../../../../shared/hiddenCharacters';

const MAIN_KEYS = ['path', 'command', 'name', 'pattern', 'query', 'action', 'directory', 'url', 'helper'] as const;

function record(args: unknown): Record<string, unknown> {
  return args && typeof args === 'object' ? (args as Record<string, unknown>) : {};
}

/** The row's main argument: a path, a command, a process name… or nothing. */
export function mainArgument(args: unknown): string {
  const values = record(args);
  for (const key of MAIN_KEYS) {
    const value = values[key];
    if (typeof value === 'string' && value !== '') return revealHiddenCharacters(value);
    if (Array.isArray(value) && value.every((part) => typeof part === 'string'))
      return revealHiddenCharacters(value.join(' '));
  }
  return '';
}

export function formatArgs(args: unknown): string {
  try {
    return revealHiddenCharacters(JSON.stringify(args, null, 2) ?? '');
  } catch {
    return String(args);
  }
}
