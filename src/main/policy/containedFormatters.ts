// What a formatter given a folder, or a pattern it expands itself, reaches below it in contained
// mode (policy/contained.ts): `prettier --write .`, `eslint --fix 'src/**/*.js'`, `gofmt -w .`,
// `isort .`, `cargo fmt`, `rubocop -a`. Each file of its languages outside the folders it skips by
// default (formatterTable.ts) is rewritten (one no checkpoint holds, a link, one inside .git or an
// always-card file: a card) or, where it prints what it reads (the file, a diff, or messages quoting
// it), shown (a secrets file: a card). A program by path (`node_modules/.bin/prettier`) or as a
// module (`python3 -m isort`) is the formatter it names. Where a configuration may widen what it
// takes (a plugin, a config file named), every file counts; one written on the line first is a card
// of its own (containedLineCode.ts). black and ruff skip what .gitignore names unless told
// otherwise; prettier 3 does too, but which prettier runs is not known at decision, so it is read as
// prettier 2.
import path from 'node:path';
import type { FileView } from './containedFiles';
import { card, type OperandPlace, type Where } from './containedJudging';
import { ANY, FORMATTERS, MODULES, type Formatter } from './formatterTable';
import type { SearchFilter } from './searchFilters';

/** The literal folder a pattern a program expands itself starts from: its components before the first with a pattern character. */
function patternBase(word: string): string {
  const parts = word.split('/');
  const first = parts.findIndex((p) => /[*?[{]/.test(p));
  const base = parts.slice(0, first).join('/');
  return base === '' ? (word.startsWith('/') ? '/' : '.') : base;
}

/** The formatter a command runs, by name, by path or as a Python module, with the words after it. */
function formatterOf(
  program: string,
  argv: readonly string[],
): { name: string; formatter: Formatter; words: readonly string[]; offset: number; sub?: string } | null {
  const base = path.posix.basename(program);
  const module = /^python[\d.]*$/.test(base) && argv[1] === '-m' ? argv[2] : undefined;
  const name = module === undefined ? base : MODULES.get(module);
  const formatter = name === undefined ? undefined : FORMATTERS.get(name);
  if (name === undefined || formatter === undefined) return null;
  const offset = module === undefined ? 1 : 3;
  if (formatter.subs) {
    const sub = argv.findIndex((w, k) => k >= offset && !w.startsWith('-'));
    if (sub < 0 || !formatter.subs.includes(argv[sub]!)) return null;
    return { name, formatter, words: argv.slice(sub + 1), offset: sub + 1, sub: argv[sub] };
  }
  return { name, formatter, words: argv.slice(offset), offset };
}

/**
 * A formatter given a folder or a pattern (or, for some, nothing: the whole project): a card for a
 * file it would rewrite that no checkpoint holds (or a link, or one inside .git or always a card),
 * or for a secrets file where it prints what it reads. clang-format's list of files from a file and
 * its style file are judged here too.
 */
export function judgeFormatterTrees(
  program: string,
  argv: readonly string[],
  places: readonly OperandPlace[],
  view: FileView,
  where: Where,
): void {
  if (path.posix.basename(program) === 'clang-format') return judgeClangFormat(argv.slice(1), view, where);
  const found = formatterOf(program, argv);
  if (found === null) return;
  const { name, formatter, words, offset, sub } = found;
  if (!formatter.walks(words)) return;
  const rewrites = formatter.rewrites(words, sub);
  const prints = formatter.prints(words, rewrites);
  if (!rewrites && !prints) return;
  const starts: string[] = [];
  let operands = 0;
  for (const [k, word] of words.entries()) {
    if (word.startsWith('-')) continue;
    operands++;
    if (/[*?[{]/.test(word) || word.endsWith('/...')) starts.push(patternBase(word.replace(/\/\.\.\.$/, '/*')));
    else {
      // A file given by name is judged as the one file it rewrites or prints, a folder for each below.
      starts.push(places.find((p) => p.index === k + offset)?.word ?? word);
    }
  }
  if (operands === 0 && formatter.bare === true) starts.push('.');
  if (formatter.whole === 'always' || (formatter.whole === 'given' && operands > 0)) starts.push(view.workspace);
  const widened = formatter.widened?.(words) === true;
  const files = widened ? ANY : formatter.files;
  const writes = !rewrites ? 'no' : formatter.layoutOnly === true && !widened ? 'layout' : 'in-place';
  const filter: SearchFilter = {
    filtersFiles: true,
    reads: (below) => files.test(below),
    skipsDir: (below) => below.split('/').some(formatter.skips),
  };
  for (const start of new Set(starts)) {
    const place = view.place(start, where.cwd);
    if (place.kind === 'outside')
      card('place-outside', `${name} would format the files below ${start}: ${place.reason}`);
    if (place.kind !== 'inside') continue;
    const problem = view.listProblem(place, { hidden: true, ignoredToo: true }, filter, {
      content: prints,
      links: false,
      split: false,
      bareNames: false,
      writes,
    });
    if (problem)
      card(
        problem.code,
        `${name} would ${rewrites ? 'rewrite' : 'read'} ${place.stat?.isDirectory() === true ? `each file of its languages below ${place.rel || '.'}` : place.rel}, and ${problem.sentence.replace(/^it rewrites each one, and /, '')}${problem.code === 'shows-secret' ? ', and what it prints goes to the model' : ''}`,
      );
  }
}

/** clang-format's `--files=LIST` (the files it formats, read from a file) and `--style=file:PATH`. */
function judgeClangFormat(words: readonly string[], view: FileView, where: Where): void {
  for (const [k, word] of words.entries()) {
    if (/^--?files(=|$)/.test(word))
      card(
        'shell-construct',
        'clang-format --files reads the files it formats from a file, which this rule does not read',
      );
    const style =
      /^--?style=file:(.+)$/.exec(word) ?? (/^--?style$/.test(word) ? /^file:(.+)$/.exec(words[k + 1] ?? '') : null);
    if (style) {
      const place = view.place(style[1]!, where.cwd);
      if (place.kind === 'outside')
        card('place-outside', `clang-format's style file ${style[1]} is outside the workspace: ${place.reason}`);
    }
  }
}
