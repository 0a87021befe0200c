// The places git's words name that the rule must judge beyond its operands (policy/contained.ts):
// what `git restore --source=REV` and `git checkout REV -- PATHS` write over, and the file at the
// end of `git log -L RANGE:FILE`; and the words of a line range, which are no path at all.
import type { FileView } from './containedFiles';
import { gitLineRanges, isPathspecPattern } from './containedGit';
import { card, insideOrCard, outside, type Where } from './containedJudging';
import { gitSubcommand } from './containedNetwork';
import { isSecretPath } from './secretFiles';

/** Cards for what git's words write over or print; the indices of the words that are line ranges. */
export function judgeGitPlaces(argv: readonly string[], view: FileView, where: Where): number[] {
  const [gitSub, ...gitArgs] = gitSubcommand(argv.slice(1));
  // git restore --source=REV (and git checkout REV -- PATHS) writes each path as REV holds it: a
  // file REV tracked that is now ignored, which no checkpoint holds, is overwritten. Only files
  // named one by one are read here; a folder, the root or a pattern asks.
  const restoresFrom =
    (gitSub === 'restore' && gitArgs.some((w) => /^(-s|--source)(=|$)|^-s./.test(w))) ||
    (gitSub === 'checkout' && gitArgs.indexOf('--') > 0 && !gitArgs[0]!.startsWith('-'));
  if (restoresFrom) {
    const dd = gitArgs.indexOf('--');
    const specs =
      dd >= 0
        ? gitArgs.slice(dd + 1)
        : gitArgs.filter((w, i) => !w.startsWith('-') && !/^(-s|--source)$/.test(gitArgs[i - 1] ?? ''));
    for (const spec of specs.length === 0 ? ['.'] : specs) {
      const place = view.place(spec, where.cwd);
      if (place.kind === 'outside') outside(`the path ${spec}`, place.reason);
      const whole =
        place.kind !== 'inside' || place.rel === '' || place.stat?.isDirectory() === true || isPathspecPattern(spec);
      const loss = place.kind === 'inside' && !whole ? view.lossAt(place, false) : null;
      if (whole || loss)
        card(
          'irreversible-loss',
          loss ??
            `git ${gitSub} writes ${spec} as another commit holds it, over files there that no checkpoint may hold; name the files`,
        );
    }
  }
  // git blame -L and git log -L take a line range (`/regex/,+10`, `:func`), log's ending in `:FILE`.
  const ranges = gitLineRanges(argv);
  for (const i of ranges) {
    const range = argv[i]!.startsWith('-L') && argv[i] !== '-L' ? argv[i]!.slice(2) : argv[i]!;
    const file = gitSub === 'log' && range.includes(':') ? range.slice(range.lastIndexOf(':') + 1) : '';
    if (file === '') continue;
    const place = insideOrCard(view, file, where, `the file ${file} of the line range`);
    if (place.kind === 'inside' && isSecretPath(place.rel))
      card('shows-secret', `git log -L prints lines of the secrets file ${place.rel} from its history`);
  }
  return ranges;
}
