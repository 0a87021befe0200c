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
    if (Array.isArray(value) && value.every((part) => typeof part === 'string')) return revealHiddenCharacters(value.join(' '));
  }
  return '';
}

/** The file a read, write or edit touched, which the Files tab can open. */
export function filePathOf(tool: string, args: unknown): string | null {
  if (!['read', 'write', 'edit'].includes(tool)) return null;
  const path = record(args).path;
  return typeof path === 'string' && path !== '' ? path : null;
}

/** A unified diff inside a tool's result text, if the tool returned one. */
export function unifiedDiffIn(text: string | undefined): string | null {
  if (!text) return null;
  const start = text.search(/^(---|\+\+\+|@@) /m);
  if (start < 0 || !/^@@ /m.test(text)) return null;
  return text.slice(start);
}

export function formatArgs(args: unknown): string {
  try {
    return revealHiddenCharacters(JSON.stringify(args, null, 2) ?? '');
  } catch {
    return String(args);
  }
}
