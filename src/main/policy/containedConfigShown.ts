// What a package manager prints of its configuration, or writes into the project's: `npm config get KEY` and `npm config list`
// print the values of the project's `.npmrc` (a secrets file: a registry's token, a private key's
// passphrase), masking only the names npm knows to be secret. Where the workspace holds one that the
// program reads (in the directory it runs in or one above it, inside), that is a card.
import path from 'node:path';
import { wordTable } from '../../shared/wordTable';
import type { FileView } from './containedFiles';
import { card, type Where } from './containedJudging';

/** The configuration files each program reads from the project, beside the user's own. */
const PROJECT_CONFIG: Readonly<Record<string, readonly string[]>> = wordTable({
  npm: ['.npmrc'],
  npx: ['.npmrc'],
  pnpm: ['.npmrc'],
  yarn: ['.npmrc', '.yarnrc', '.yarnrc.yml'],
});

/** The subcommands of `config` that print values: `get KEY`, `list`, `ls`. */
const PRINTS = /^(get|list|ls)$/;

/** `config` as npm reads it: its alias `c`, and the abbreviations npm completes to it (`npm con ls`). */
const CONFIG = /^(c|co|con|conf|confi|config)$/;

/**
 * The config subcommand that prints values, wherever npm's own options put it (`npm --loglevel
 * silent config list`: an option's value is not told from a word here), or npm's top-level `get`
 * (`npm get KEY`); null when none. Only the words before `--` (after it they are a script's).
 */
function printingSubcommand(program: string, argv: readonly string[]): string | null {
  const words = argv.slice(1).filter((w) => !w.startsWith('-'));
  // npm's own `env` script, and env or printenv run through it (after `--` too), print its
  // configuration as npm_config_* variables.
  if (program === 'npx' && /^(env|printenv)$/.test(words[0] ?? '')) return words[0]!;
  const through = words.findIndex((w) => /^(run|run-script|rum|urn|exec|x)$/.test(w));
  if (through !== -1) {
    const next = words[through + 1] ?? '';
    const execs = /^(exec|x)$/.test(words[through]!);
    if (execs && /^(env|printenv)$/.test(next)) return `${words[through]} ${next}`;
    if (!execs && next === 'env') return 'run env';
  }
  // A script run by name takes every word after it (`npm run config`), and so does `--`: what runs is the project's own.
  const dashes = argv.indexOf('--');
  const own = dashes === -1 ? words.length : argv.slice(1, dashes).filter((w) => !w.startsWith('-')).length;
  const script = words.findIndex((w) => /^(run|run-script|rum|urn|exec|x|test|t|tst|start|stop|restart)$/.test(w));
  const end = script === -1 ? own : Math.min(own, script);
  for (let i = 0; i < end; i++) {
    if (words[i] === 'get') return 'get';
    const sub = i + 1 < end ? words[i + 1]! : '';
    if (CONFIG.test(words[i]!) && PRINTS.test(sub)) return `${words[i]} ${sub}`;
  }
  return null;
}

export function judgeConfigShown(program: string, argv: readonly string[], view: FileView, where: Where): void {
  const files = PROJECT_CONFIG[program];
  if (!files) return;
  const words = argv.slice(1).filter((w) => !w.startsWith('-'));
  const config = words.indexOf('config');
  // Written into the project's own .npmrc (an always-card file: its script-shell, its registry).
  if (
    config === 0 &&
    /^(set|delete|edit|fix)$/.test(words[1] ?? '') &&
    argv.some((w) => /^--location(=|$)/.test(w)) &&
    argv.some((w, i) => w === '--location=project' || (w === '--location' && argv[i + 1] === 'project'))
  )
    card(
      'always-card',
      `${program} config ${words[1]} --location=project writes the project's .npmrc, which npm reads as its configuration`,
    );
  const prints = printingSubcommand(program, argv);
  if (prints === null) return;
  for (let dir = where.cwd; ; dir = path.dirname(dir)) {
    for (const name of files) {
      const place = view.place(path.join(dir, name), where.cwd);
      if (place.kind === 'inside' && place.stat?.isFile())
        card(
          'shows-secret',
          `${program} ${prints} prints the values of ${place.rel}, a secrets file, and what it prints goes to the model`,
        );
    }
    if (dir === view.workspace || !dir.startsWith(`${view.workspace}/`)) return;
  }
}
