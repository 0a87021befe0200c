// What `patch` and `git apply` write: the files their patch names, read by Paddock from the patch
// file or the heredoc the command is given (policy/containedEffects.ts judges each as a write there —
// inside, held by a checkpoint, not .git, not an always-card file). A patch read from a pipe, one Paddock cannot read whole, or one
// whose names it cannot read plainly (quoted, escaped), is not read: the command asks as before.
import fs from 'node:fs';
import { writtenOnLine } from './containedLineWrites';
import type { FileView, Place } from './containedFiles';
import { insideOrCard, type RedirectPlace, type Where } from './containedJudging';

/** The largest patch file read for its names. */
const READ_AT_MOST = 1024 * 1024;

/** patch's options that change nothing of where it writes (its backups `.orig` and rejects `.rej` are judged). */
const PATCH_OPTIONS =
  /^(-p\d+|--strip=\d+|-i.+|--input=.+|-F\d+|--fuzz=\d+|-[NRsftulEbE]+|--forward|--reverse|--silent|--quiet|--force|--batch|--unified|--ignore-whitespace|--remove-empty-files|--no-backup-if-mismatch|--backup|--dry-run|--verbose|\d+)$/;
/** git apply's options that change nothing of where it writes. */
const APPLY_OPTIONS =
  /^(-p\d+|-R|--reverse|-v|--verbose|-q|--quiet|--whitespace=\w+|--ignore-whitespace|--ignore-space-change|--reject|--recount|--unidiff-zero|-C\d+|--allow-empty|--inaccurate-eof)$/;

/** A header line naming a file the patch reads or writes: unified, context, git's own, `Index:`. */
// (GNU patch also takes a header indented by blanks.)
const HEADER =
  /^\s*(?:--- |\+\+\+ |\*\*\* |Index: |rename from |rename to |rename old |rename new |copy from |copy to )(.*)$/;
const GIT_HEADER = /^\s*diff --git (\S+) (\S+)\s*$/;

/**
 * The names a patch's headers give, each with every leading directory stripped in turn (whatever
 * `-p` the command gives, or guesses, one of them is what it writes), or null when a name is not
 * plain (quoted by git, holding a backslash) or the text holds none.
 */
export function patchNames(text: string): string[] | null {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    // A git header whose names hold a blank is not read whole: the patch is not read.
    if (/^\s*diff --git /.test(line) && !GIT_HEADER.test(line)) return null;
    const git = GIT_HEADER.exec(line);
    // A name may be followed by a date after a tab or blanks, which git and patch drop: every cut of
    // it at a blank is read as a name too.
    const header = HEADER.exec(line)?.[1]?.split('\t')[0]!.trim();
    const found = git
      ? [git[1]!, git[2]!]
      : header !== undefined
        ? header.split(/\s+/).map((_, k, parts) => parts.slice(0, k + 1).join(' '))
        : [];
    for (const name of found) {
      // A context diff's hunk lines (`*** 1,4 ****`, `--- 1,4 ----`) name no file.
      if (name === '/dev/null' || name === '' || /^\d+(,\d+)? (\*{4}|-{4})$/.test(name)) continue;
      if (/["\\\0]/.test(name)) return null;
      const parts = name.split('/').filter((p) => p !== '' && p !== '.');
      for (let k = 0; k < parts.length; k++) names.add(parts.slice(k).join('/'));
    }
  }
  return names.size > 0 ? [...names] : null;
}

/**
 * The places `patch` or `git apply` would write (each named file, and patch's `.orig` and `.rej`
 * beside it), or null when the patch is not one read here. Its input: the patch file as written — the
 * redirect `< FILE`, `-i FILE`, or git apply's operands — or a literal heredoc on standard input.
 */
export function patchWrites(
  program: 'patch' | 'git',
  argv: readonly string[],
  redirects: readonly RedirectPlace[],
  view: FileView,
  where: Where,
  /** The literal heredoc the command's standard input is (`git apply <<'EOF'`), or null. */
  heredoc: string | null = null,
): Place[] | null {
  const inputs: string[] = [];
  /** Patches given as text: a heredoc on standard input, read as the patch it is. */
  const texts: string[] = [];
  if (program === 'patch') {
    const given = argv.flatMap((w, i) =>
      w === '-i' || w === '--input'
        ? [argv[i + 1] ?? '']
        : w.startsWith('--input=')
          ? [w.slice(8)]
          : /^-i./.test(w)
            ? [w.slice(2)]
            : [],
    );
    const fed = redirects.filter((r) => r.op === '<');
    // patch reads the last -i, sh feeds it the last `<` or the heredoc: more than one is not read here.
    if (given.length + fed.length + (heredoc === null ? 0 : 1) !== 1) return null;
    if (given.length === 1) inputs.push(given[0]!);
    else if (heredoc !== null) texts.push(heredoc);
    else if (fed[0]!.place.kind === 'inside' || writtenOnLine(view, fed[0]!.text, where.cwd) !== null)
      inputs.push(fed[0]!.text);
    else return null;
    // Only the options read here: a file operand (`patch FILE < x.patch`), -o, -d, -B and the like
    // make it write elsewhere than its headers say.
    for (let i = 1; i < argv.length; i++) {
      const w = argv[i]!;
      if (w === '-p' || w === '-F' || w === '-i' || w === '--input') i++;
      else if (!PATCH_OPTIONS.test(w)) return null;
    }
  } else {
    const apply = argv.indexOf('apply');
    if (argv.slice(1, apply).length > 0) return null;
    const operands = argv.slice(apply + 1).filter((w) => !w.startsWith('-'));
    // Only the options read here (not --index, --cached, --3way, --directory, --include, …).
    if (argv.slice(apply + 1).some((w) => w.startsWith('-') && !APPLY_OPTIONS.test(w))) return null;
    // Without operands git apply reads its standard input: read only when that is a heredoc.
    if (operands.length === 0 && (heredoc === null || redirects.some((r) => r.op === '<'))) return null;
    if (operands.length === 0) texts.push(heredoc!);
    inputs.push(...operands);
  }
  for (const input of inputs) {
    const place = insideOrCard(view, input, where, `the patch ${input}`);
    // A patch an earlier command of the line writes is read as it writes it, not as the disk holds it
    // now (one in the sandbox's own /tmp too, which Paddock cannot read).
    const onLine = writtenOnLine(view, input, where.cwd);
    if (onLine === 'unread') return null;
    if (onLine !== null) {
      texts.push(onLine);
      continue;
    }
    if (place.kind !== 'inside' || !place.stat?.isFile() || place.stat.size > READ_AT_MOST) return null;
    try {
      texts.push(fs.readFileSync(place.abs, 'utf8'));
    } catch {
      return null;
    }
  }
  const out: Place[] = [];
  for (const text of texts) {
    // A mode set by the patch (`new file mode 120000` makes a link, a later command then reads
    // through it) or a binary body: not read here.
    // (Any mode but a plain file's, however spelled: `new file mode 0120000`, blanks before it.)
    if (/^\s*(GIT binary patch|old mode|new mode|copy|similarity)/m.test(text)) return null;
    for (const mode of text.matchAll(/^\s*(?:new file|deleted file|new|old)?\s*mode\s+(\S+)/gm))
      if (!/^0*100(644|755)$/.test(mode[1]!)) return null;
    const names = patchNames(text);
    if (names === null) return null;
    for (const name of names)
      for (const written of program === 'patch' ? [name, `${name}.orig`, `${name}.rej`] : [name, `${name}.rej`])
        out.push(insideOrCard(view, written, where, `the file ${written} the patch names`));
  }
  return out;
}
