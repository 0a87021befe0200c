// What a simple command reaches and changes, judged after its places are known (policy/contained.ts
// reads them): the network it needs, and what it writes — into .git, an always-card file, or over
// what no checkpoint holds (a loss), a redirect's target included.
import path from 'node:path';
import { flatten } from './arrays';
import { isAlwaysCardPath } from '../workspace/alwaysCard';
import { isGitComponent } from '../workspace/gitName';
import { linksChange, lossTargets } from './containedChanges';
import { judgeFormatterTrees } from './containedFormatters';
import { outputTargets } from './containedOutputs';
import type { FileView } from './containedFiles';
import { card, type ContainedContext, type OperandPlace, type RedirectPlace, type Where } from './containedJudging';
import { gitSubcommand, networkNeed, urlHost } from './containedNetwork';
import { isSecretPath } from './secretFiles';
import { patchWrites } from './containedPatches';
import { markWrittenUnread } from './containedLineWrites';

/** Programs whose every operand is a file or folder they create (or change): touch, mkdir, tee. */
const CREATES: ReadonlySet<string> = new Set(['touch', 'mkdir', 'tee', 'mkfifo', 'truncate']);

/** Programs that change a file's mode, owner or attributes. */
const MODE_CHANGERS: ReadonlySet<string> = new Set(['chmod', 'chown', 'chgrp', 'setfacl', 'chattr', 'setfattr']);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1', '0.0.0.0']);

function hasLocalBin(view: FileView, cwd: string, name: string): boolean {
  let dir = cwd;
  for (;;) {
    const place = view.place(`${dir}/node_modules/.bin/${name}`, cwd);
    if (place.kind === 'inside' && place.stat !== undefined) return true;
    if (dir === view.workspace || !dir.startsWith(view.workspace)) return false;
    dir = path.dirname(dir);
  }
}

/** The network: what the program is known to fetch, or a URL it is handed; a card unless the agent is allowed every host. */
export function judgeNetwork(
  program: string,
  argv: readonly string[],
  textOnly: boolean,
  view: FileView,
  where: Where,
  ctx: ContainedContext,
): void {
  const localBin = (name: string, prefix?: string): boolean => {
    if (prefix === undefined) return hasLocalBin(view, where.cwd, name);
    const place = view.place(`${prefix}/node_modules/.bin/${name}`, where.cwd);
    return place.kind === 'inside' && place.stat !== undefined;
  };
  let net = networkNeed([program, ...argv.slice(1)], localBin, ctx.ownPorts);
  if (!net.needs && !textOnly) {
    const far = flatten(argv.slice(1), (w) => {
      const host = /^[a-z][a-z0-9+.-]*:\/\//i.test(w) || /^git\+/.test(w) ? urlHost(w.replace(/^git\+/, '')) : null;
      return host !== null && !LOOPBACK_HOSTS.has(host) ? [host] : [];
    });
    if (far.length > 0)
      net = {
        needs: true,
        what: `${program} is given ${far.join(', ')}`,
        domains: far.some((h) => h === '') ? null : far,
      };
  }
  if (net.needs) {
    const allowed = net.domains !== null && net.domains.every((d) => ctx.allowedDomains.includes(d));
    if (!allowed) {
      const offer =
        net.domains && net.domains.length > 0 ? `; allow ${net.domains.join(', ')} for this agent to let it` : '';
      card(
        'needs-network',
        `${net.what}, and the sandbox gives this agent no network there${offer}`,
        net.domains ?? undefined,
      );
    }
  }
}

/**
 * What the command writes: links, patch and unpackers, writes into .git, always-card files it writes
 * or makes, and losses a checkpoint cannot undo (an operand, an output flag's value, a redirect).
 */
export function judgeWrites(
  program: string,
  argv: readonly string[],
  places: readonly OperandPlace[],
  redirectPlaces: readonly RedirectPlace[],
  view: FileView,
  where: Where,
  last: boolean,
  /** The literal heredoc on the command's standard input, or null (a patch given so is read). */
  heredoc: string | null = null,
): void {
  linksChange(program, argv, places, view, where, last);
  // patch and git apply write the files their patch names: read from the patch file where it can be
  // (containedPatches.ts), each judged as a write; an unpacker's are not read here.
  const applies = program === 'git' && gitSubcommand(argv.slice(1))[0] === 'apply';
  const patched =
    (program === 'patch' && !argv.includes('--dry-run')) ||
    (applies && !argv.some((w) => /^--(check|stat|numstat|summary)$/.test(w)))
      ? patchWrites(program === 'patch' ? 'patch' : 'git', argv, redirectPlaces, view, where, heredoc)
      : [];
  if (patched === null)
    card('irreversible-loss', `${program} writes the files its patch names, which may be ones no checkpoint holds`);
  // What the patch wrote holds text the line's later commands have not read (`git apply <<EOF && sh x.sh`).
  for (const place of patched) if (place.kind === 'inside') markWrittenUnread(view, place.abs);
  if (
    (program === 'tar' &&
      argv.some((w, k) => (k === 1 && /^[^-]*x/.test(w)) || /^-[a-zA-Z]*x/.test(w) || w === '--extract')) ||
    (program === 'unzip' && !argv.some((w) => /^-[a-zA-Z]*[lvtZ]/.test(w))) ||
    ((program === '7z' || program === '7za') && (argv[1] === 'x' || argv[1] === 'e')) ||
    (program === 'bsdtar' &&
      argv.some((w, k) => (k === 1 && /^[^-]*x/.test(w)) || /^-[a-zA-Z]*x/.test(w) || w === '--extract')) ||
    (program === 'cpio' && argv.some((w) => /^-[a-zA-Z]*i/.test(w) || w === '--extract')) ||
    (program === 'jar' && (/^-?x/.test(argv[1] ?? '') || argv.includes('--extract'))) ||
    (program === 'ar' && /^-?[a-zA-Z]*x/.test(argv[1] ?? '')) ||
    ((program === 'python3' || program === 'python') &&
      argv[1] === '-m' &&
      (argv[2] === 'zipfile' || argv[2] === 'tarfile') &&
      argv.some((w) => w === '-e' || w === '--extract')) ||
    (program === 'git' &&
      gitSubcommand(argv.slice(1))[0] === 'am' &&
      !argv.some((w) => /^--(check|stat|numstat|summary)$/.test(w)))
  )
    card(
      'irreversible-loss',
      `${program} writes the files its archive names, which may overwrite ones no checkpoint holds`,
    );
  // Writes into .git: git runs its hooks and reads its config as the owner, outside the sandbox.
  // A program by path (`node_modules/.bin/prettier`) rewrites what the program of its name does.
  const named = path.posix.basename(program);
  // A Python module (`python3 -m pytest --basetemp=…`) writes what the program of its name does.
  const module = /^python[\d.]*$/.test(named) && argv[1] === '-m' ? argv[2] : undefined;
  const losses = [
    ...lossTargets(named, argv, places),
    ...outputTargets(program, argv, view, where),
    ...(module !== undefined && module !== '' ? outputTargets(module, [module, ...argv.slice(3)], view, where) : []),
  ];
  for (const place of patched) losses.push({ place, recursive: false, how: 'patches it:' });
  const writes = [...losses.map((t) => t.place), ...redirectPlaces.filter((r) => r.op !== '<').map((r) => r.place)];
  for (const place of writes) {
    if (place.kind === 'inside' && place.rel.split('/').some(isGitComponent)) {
      card(
        'git-dir',
        `${program} would write ${place.rel}, inside .git, which git reads and runs as you outside the sandbox`,
      );
    }
  }
  // What another program runs as the owner later (an .envrc, .vscode/tasks.json, a workflow): the
  // sandbox would move a new one out after the command; the owner approves it with write or edit.
  const made = CREATES.has(program) ? places.filter((p) => !argv[p.index]!.startsWith('-')).map((p) => p.place) : [];
  // What is made, or whose mode or owner changes, inside .git is git's too (`chmod +x .git/hooks/x`).
  const modes = MODE_CHANGERS.has(program)
    ? places.filter((p) => !argv[p.index]!.startsWith('-')).map((p) => p.place)
    : [];
  for (const place of [...made, ...modes])
    if (place.kind === 'inside' && place.rel.split('/').some(isGitComponent))
      card(
        'git-dir',
        `${program} would change ${place.rel}, inside .git, which git reads and runs as you outside the sandbox`,
      );
  for (const place of [...writes, ...made]) {
    if (place.kind !== 'inside') continue;
    const why = isAlwaysCardPath(place.rel);
    if (why !== null)
      card(
        'always-card',
        `${program} would write ${place.rel}: ${why} Write it with \`write\` or \`edit\`, which ask the owner`,
      );
  }
  // What a formatter given a folder or its own pattern rewrites or prints below it.
  judgeFormatterTrees(program, argv, places, view, where);
  // Loss a checkpoint cannot undo.
  for (const target of losses) {
    if (target.place.kind !== 'inside') continue;
    const why = view.lossAt(target.place, target.recursive);
    if (why) card('irreversible-loss', `${program} ${target.how} ${why}`);
  }
  for (const r of redirectPlaces) {
    if ((r.op === '>' || r.op === '>>') && r.place.kind === 'inside') {
      const why = view.lossAt(r.place, false);
      if (why)
        card('irreversible-loss', `the redirect ${r.op} ${r.text} overwrites what a checkpoint cannot restore: ${why}`);
    }
    if (r.op === '<' && r.place.kind === 'inside' && isSecretPath(r.place.rel)) {
      card(
        'shows-secret',
        `the redirect < ${r.text} feeds the secrets file ${r.place.rel} to ${program}, whose output goes to the model`,
      );
    }
  }
}
