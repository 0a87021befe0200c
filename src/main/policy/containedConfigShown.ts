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
  pnpm: ['.npmrc'],
  yarn: ['.npmrc', '.yarnrc', '.yarnrc.yml'],
});

/** The subcommands of `config` that print values: `get KEY`, `list`, `ls`. */
const PRINTS = /^(get|list|ls)$/;

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
  if (config !== 0 || !PRINTS.test(words[1] ?? '')) return;
  for (let dir = where.cwd; ; dir = path.dirname(dir)) {
    for (const name of files) {
      const place = view.place(path.join(dir, name), where.cwd);
      if (place.kind === 'inside' && place.stat?.isFile())
        card(
          'shows-secret',
          `${program} config ${words[1]} prints the values of ${place.rel}, a secrets file, and what it prints goes to the model`,
        );
    }
    if (dir === view.workspace || !dir.startsWith(`${view.workspace}/`)) return;
  }
}
