// Value kinds (seed 003 §5.2): what a flag's value or an operand may be. A value never begins with
// `-` (a program may read it as a flag, and a dash is never a path here), and only `path` values
// reach the filesystem — and they all do, through the resolver (policy/paths.ts).
import { assertNever } from '../../shared/domain';
import { isGitComponent } from '../workspace/gitName';
import type { PathCheck, ValueKind } from './types';

export function show(word: string): string {
  return JSON.stringify(word.length > 80 ? `${word.slice(0, 80)}…` : word);
}

const DIGITS = /^[0-9]+$/;
const LIST = /^[0-9][0-9,-]*$/;
const ONLY_DOTS = /^\.+$/;

/** Returns why `value` is not a `kind` (naming `label`, e.g. "grep --include"), or null; paths become checks. */
export function checkValue(kind: ValueKind, value: string, label: string, checks: PathCheck[]): string | null {
  if (value.length === 0) return `${label} is given an empty value`;
  if (value.startsWith('-')) return `${label} is given ${show(value)}, which begins with '-'`;
  switch (kind) {
    case 'word':
      if (value.includes('/') || value.includes('\\')) {
        return `${label} takes a bare word, and ${show(value)} contains a path separator`;
      }
      // `.` and `..` are directories to every program that might read the word as a path.
      if (ONLY_DOTS.test(value)) return `${label} takes a bare word, and ${show(value)} names a directory`;
      return null;
    case 'glob':
      return globProblem(value, label);
    case 'n':
      return DIGITS.test(value) ? null : `${label} takes a number, and ${show(value)} is not digits only`;
    case 're':
      return null;
    case 'list':
      return LIST.test(value) ? null : `${label} takes a list of numbers such as 1,3-5, and ${show(value)} is not one`;
    case 'path':
      checks.push({ path: value, role: label });
      return null;
    default:
      return assertNever(kind);
  }
}

/** A glob filters what is already being searched; it may not add a root, climb, or name .git. */
function globProblem(value: string, label: string): string | null {
  // rg reads a leading `!` as "exclude": the rest is still a glob and is held to the same rule.
  const body = value.startsWith('!') ? value.slice(1) : value;
  if (body.startsWith('/')) return `${label} is given the glob ${show(value)}, which begins with '/'`;
  const parts = body.split('/');
  if (parts.includes('..')) return `${label} is given the glob ${show(value)}, which climbs with '..'`;
  if (parts.some(isGitComponent)) return `${label} is given the glob ${show(value)}, which names .git`;
  return null;
}
