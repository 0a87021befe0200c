// `.git` in any spelling a filesystem might treat as `.git` (SPEC §4: never written by a file tool;
// SPEC §7: never a command operand). Case-insensitive everywhere, because a repository copied to a
// case-insensitive volume would honour `.GIT/hooks`; ignorable code points are dropped because HFS+
// ignores them (CVE-2014-9390); trailing dots and spaces and the 8.3 name because Windows drops them.
const IGNORABLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;

export function isGitComponent(name: string): boolean {
  if (name.length < 4) return false;
  const folded = name.replace(IGNORABLE, '').normalize('NFC').toLowerCase().replace(/[. ]+$/, '');
  return folded === '.git' || folded === 'git~1';
}
