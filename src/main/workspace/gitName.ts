// `.git` in any spelling a filesystem might treat as `.git` (SPEC §4: never written by a file tool;
// SPEC §7: never a command operand). Case-insensitive everywhere, because a repository copied to a
// case-insensitive volume would honour `.GIT/hooks`; ignorable code points are dropped because HFS+
// ignores them (CVE-2014-9390); trailing dots and spaces, NTFS stream suffixes (`.git::$INDEX_ALLOCATION`,
// CVE-2019-1352) and the 8.3 short names (`GIT~1`, `GIT~2` when the first is taken) because Windows
// resolves all of them to the directory itself.
export const IGNORABLE =
  /[\u00ad\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function isGitComponent(name: string): boolean {
  if (name.length < 4) return false;
  // Printable ASCII holds no ignorable code point and is its own NFC: the same fold, without the
  // Unicode work (the run list asks this of every operand component).
  if (PRINTABLE_ASCII.test(name)) {
    const lower = name.toLowerCase();
    if (!lower.includes('git')) return false;
    const folded = lower.replace(/:.*$/s, '').replace(/[. ]+$/, '');
    return folded === '.git' || /^git~\d+$/.test(folded);
  }
  const folded = name
    .replace(IGNORABLE, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/:.*$/s, '') // an NTFS stream names the file before the colon
    .replace(/[. ]+$/, '');
  return folded === '.git' || /^git~\d+$/.test(folded);
}
