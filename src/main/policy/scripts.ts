// The two script languages a listed reader takes as its first operand (issue 19): sed's, held to
// print-only scripts, and jq's, held to filters that load nothing and read no environment. Both are
// read by allowing a small shape, never by looking for bad words in a large one — except jq, whose
// whole language cannot be reached through a plain command anyway (`|`, `;`, `$`, `(`, `[`, `{` and
// `\` never lex), so what is left is paths, names and literals, and the names that read files or the
// environment are refused by name.
import type { ScriptLanguage } from './types';
import { show } from './values';

/** A sed address: a line number, `$` (the last line), or `/re/` with no `/` inside. */
const ADDRESS = String.raw`(?:[0-9]+|\$|/[^/\n]*/)`;
/**
 * The whole print-only script: an optional address or range, then `p`, and nothing else. So no `w`,
 * `W`, `r`, `R`, `e`, no `s///` (whose `w` and `e` flags write and run), no second command.
 */
const SED_PRINT = new RegExp(`^(?:${ADDRESS}(?:,${ADDRESS})?)?p$`);

/**
 * jq names that reach beyond the input the command names: modules and library paths (`import`,
 * `include`, `modulemeta`, `get_search_list`), the environment (`env`), more input (`input`,
 * `inputs`, `input_filename`), and the running program's own location. Refused wherever they stand,
 * a field name included (`.env`): a false gate costs a card, a missed one a read.
 */
const JQ_REFUSED_NAMES: ReadonlySet<string> = new Set([
  'import',
  'include',
  'modulemeta',
  'get_search_list',
  'env',
  'input',
  'inputs',
  'input_filename',
  'get_prog_origin',
  'get_jq_origin',
]);
/** What a plain jq filter may hold: names, dots, literals, comparison and arithmetic. */
const JQ_CHARACTERS = /^[A-Za-z0-9_.,:?"'@ +*/%=!<>-]+$/;
const JQ_NAME = /[A-Za-z_][A-Za-z0-9_]*/g;

/** Why this script is not on the list, or null. `label` names the program ("sed -n", "jq"). */
export function scriptProblem(language: ScriptLanguage, script: string, label: string): string | null {
  switch (language) {
    case 'sed-print':
      return SED_PRINT.test(script)
        ? null
        : `${label}'s script ${show(script)} is not on the run list: only a print script (Np, N,Mp, /re/p, $p) runs without a card, since sed's w, W, r, R and e commands and s///w or s///e write files and run commands`;
    case 'jq': {
      if (!JQ_CHARACTERS.test(script))
        return `${label}'s filter ${show(script)} holds characters beyond names, paths and literals, so it is not on the run list`;
      for (const name of script.match(JQ_NAME) ?? []) {
        if (JQ_REFUSED_NAMES.has(name)) {
          return `${label}'s filter ${show(script)} uses ${name}, which reads modules, the environment or more input than the command names, so it is not on the run list`;
        }
      }
      return null;
    }
    default:
      return language satisfies never;
  }
}
