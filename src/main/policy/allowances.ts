// The two allowances that turn on a file being there (seed 003 §5, after the table). They are
// decided here, with the filesystem, rather than by the table:
// - an install that only reproduces the lockfile in the command's directory;
// - npx of a binary the project already has in node_modules/.bin, between the cwd and the root.
import fs from 'node:fs';
import path from 'node:path';
import type { PathContext } from '../workspace/types';
import { isGitComponent } from '../workspace/gitName';
import { resolveIn, type PathSession } from '../workspace/resolve';
import type { AutoCode, GateCode, Refusal } from './types';
import { show } from './values';
import { wordTable } from '../../shared/wordTable';

export type Allowance =
  | { applies: false }
  | { applies: true; tier: 'auto'; code: AutoCode; reason: string }
  | { applies: true; tier: 'gated'; code: GateCode; reason: string };

interface InstallShape {
  /** The subcommands that install from the lockfile; '' is the bare program (yarn). */
  subcommands: readonly string[];
  lockfiles: readonly string[];
  /**
   * The only flags accepted, exact spellings: frozen, offline, no-scripts. Everything else (a
   * registry, a prefix, --force, `=` spellings) leaves it a card.
   */
  flags: ReadonlySet<string>;
}

const INSTALLS: Readonly<Record<string, InstallShape>> = wordTable({
  npm: {
    subcommands: ['ci', 'install'],
    lockfiles: ['package-lock.json', 'npm-shrinkwrap.json'],
    flags: new Set(['--ignore-scripts', '--offline']),
  },
  pnpm: {
    subcommands: ['install'],
    lockfiles: ['pnpm-lock.yaml'],
    flags: new Set(['--frozen-lockfile', '--offline', '--ignore-scripts']),
  },
  yarn: {
    subcommands: ['', 'install'],
    lockfiles: ['yarn.lock'],
    flags: new Set(['--immutable', '--frozen-lockfile', '--offline', '--ignore-scripts']),
  },
  bun: {
    subcommands: ['install'],
    lockfiles: ['bun.lockb', 'bun.lock'],
    flags: new Set(['--frozen-lockfile', '--ignore-scripts']),
  },
});

const NOT_APPLICABLE: Allowance = { applies: false };

function isRegularFile(file: string): boolean {
  try {
    // lstat: a lockfile that is a link is not "in the command's directory" — it could be anything.
    return fs.lstatSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

function installAllowance(argv: readonly string[], cwdAbsolute: string): Allowance {
  const program = argv[0];
  const shape = INSTALLS[program!];
  if (shape === undefined) return NOT_APPLICABLE;
  let rest = argv.slice(1);
  let sub: string;
  if (rest.length > 0 && shape.subcommands.includes(rest[0]!)) {
    sub = rest[0]!;
    rest = rest.slice(1);
  } else if (shape.subcommands.includes('') && rest.every((w) => w.startsWith('-'))) {
    sub = '';
  } else {
    return NOT_APPLICABLE;
  }
  const shown = sub === '' ? program : `${program} ${sub}`;
  // A package named on the line is something new: the table's reason ("installs packages") applies.
  if (rest.some((w) => !w.startsWith('-'))) return NOT_APPLICABLE;
  const extra = rest.find((w) => !shape.flags.has(w));
  if (extra !== undefined) {
    return {
      applies: true,
      tier: 'gated',
      code: 'install-not-reproducible',
      reason: `${shown} ${extra} is not on the run list; a lockfile install takes only ${[...shape.flags].join(', ')}`,
    };
  }
  const lockfile = shape.lockfiles.find((name) => isRegularFile(path.join(cwdAbsolute, name)));
  // Without a package.json here the installer walks up to the nearest directory that has one —
  // outside the workspace, perhaps — and installs (and runs the install scripts of) that project.
  if (lockfile !== undefined && !isRegularFile(path.join(cwdAbsolute, 'package.json'))) {
    return {
      applies: true,
      tier: 'gated',
      code: 'install-not-reproducible',
      reason: `${shown} would install for whichever directory above has a package.json: there is no package.json (a regular file) beside the ${lockfile} in this directory`,
    };
  }
  if (lockfile === undefined) {
    return {
      applies: true,
      tier: 'gated',
      code: 'install-not-reproducible',
      reason: `${shown} installs packages this machine did not have: there is no ${shape.lockfiles.join(' or ')} (a regular file) in this directory for it to reproduce`,
    };
  }
  return {
    applies: true,
    tier: 'auto',
    code: 'lockfile-install',
    reason: `on the run list: ${shown} reproduces the ${lockfile} in this directory`,
  };
}

const BARE_BINARY = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;

function pieceProblem(arg: string, piece: string): Refusal | null {
  if (piece.startsWith('/')) return { code: 'absolute', reason: `${show(arg)} names an absolute path` };
  if (piece.startsWith('~')) return { code: 'home-tilde', reason: `${show(arg)} begins at ~` };
  const parts = piece.split('/');
  if (parts.includes('..')) return { code: 'climbs-out', reason: `${show(arg)} climbs with '..'` };
  if (parts.some(isGitComponent)) return { code: 'git-dir', reason: `${show(arg)} names .git` };
  return null;
}

/** Where an npx argument splits into pieces a program may read as paths: `=`, `,`, `:`, `@`, and white space. */
const PIECE_SEPARATORS = /[=,:@\s]/;

/** A URL whose content is code (`data:text/javascript,…`, the seed's `node --import=data:` failure). */
const CODE_URL = /(?:^|[^a-z0-9+.-])(?:data|javascript):/i;

/** The argument as a program that percent-decodes it would read it (`%2Fetc`, `%2e%2e`); itself when it does not decode. */
function decoded(arg: string): string {
  if (!arg.includes('%')) return arg;
  try {
    return decodeURIComponent(arg);
  } catch {
    return arg;
  }
}

/** npx's arguments are bounded the one way the grammar can (seed 003 §5): none absolute, none climbing, none ~. */
function npxArgumentProblem(arg: string): Refusal | null {
  // `--out=/tmp/x`, `file:///etc`, `a,../b`, `@/etc/args` (a response file), and a word holding
  // spaces, which a binary that runs commands (cross-env, concurrently) reads as a command line:
  // every piece a program might read as a path is held to the rule, as written and percent-decoded.
  for (const form of new Set([arg, decoded(arg)])) {
    if (CODE_URL.test(form))
      return { code: 'operand-not-allowed', reason: `${show(arg)} carries code in a data: or javascript: URL` };
    for (const piece of form.split(PIECE_SEPARATORS)) {
      const problem = pieceProblem(arg, piece);
      if (problem !== null) return problem;
    }
  }
  // A short option takes its value attached, after any cluster of letters (`-o/tmp/x`,
  // `-vo../x`): the value may begin at any position after the dash.
  if (arg.startsWith('-') && !arg.startsWith('--')) {
    for (let k = 1; k < arg.length; k++) {
      const problem = pieceProblem(arg, arg.slice(k));
      if (problem !== null) return problem;
    }
  }
  return null;
}

/**
 * The pieces of an npx argument that a program could read as a path (`--outDir=outdir`, `x:outdir`,
 * `-odist`), each resolved against the cwd with the `run` rule: `npx vite build --outDir outdir`
 * writes through a link named outdir to wherever it points, and the shape rule alone cannot see it.
 * A piece that names nothing yet is fine; a link, a deny-listed place or .git is not.
 */
function npxLinkProblem(arg: string, session: PathSession, cwdRelative: string): Refusal | null {
  const pieces = new Set(arg.split(PIECE_SEPARATORS));
  if (arg.startsWith('-') && !arg.startsWith('--')) for (let k = 2; k < arg.length; k++) pieces.add(arg.slice(k));
  for (const raw of pieces) {
    const piece = raw.replace(/\/+$/, '');
    if (piece.length === 0 || piece.startsWith('-') || piece === '.') continue;
    const r = resolveIn(session, { path: piece, for: 'run', cwd: cwdRelative });
    if (!r.ok)
      return {
        code: r.code,
        reason: `${show(arg)} is refused: ${r.reason.replace(/^refused: /, '').replace(/\.$/, '')}`,
      };
  }
  return null;
}

function isRegularFileThrough(file: string): boolean {
  try {
    return fs.statSync(file, { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

function inside(real: string, paths: PathContext): boolean {
  const fold = (p: string) => (paths.caseInsensitive ? p.toLowerCase() : p);
  return fold(real).startsWith(`${fold(paths.workspace).replace(/\/+$/, '')}/`);
}

function npxAllowance(
  argv: readonly string[],
  session: PathSession,
  cwdAbsolute: string,
  cwdRelative: string,
): Allowance {
  const paths = session.ctx;
  if (argv[0] !== 'npx') return NOT_APPLICABLE;
  const bin = argv[1];
  if (bin === undefined)
    return {
      applies: true,
      tier: 'gated',
      code: 'npx-not-project-binary',
      reason: 'npx needs the name of a binary of this project',
    };
  if (bin.startsWith('-')) {
    return {
      applies: true,
      tier: 'gated',
      code: 'npx-not-project-binary',
      reason: `npx ${bin} is not on the run list: npx takes no flags here`,
    };
  }
  if (!BARE_BINARY.test(bin)) {
    return {
      applies: true,
      tier: 'gated',
      code: 'npx-not-project-binary',
      reason: `npx ${bin} names a package or a path, not a binary of this project; npx would fetch and run it`,
    };
  }
  for (const arg of argv.slice(2)) {
    const problem = npxArgumentProblem(arg) ?? npxLinkProblem(arg, session, cwdRelative);
    if (problem)
      return { applies: true, tier: 'gated', code: problem.code, reason: `npx ${bin}: the argument ${problem.reason}` };
  }
  const root = paths.workspace.replace(/\/+$/, '') || '/';
  for (let dir = cwdAbsolute; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '.bin', bin);
    // npm exec runs only a file it finds there; a directory of that name is passed over, and npx
    // then fetches the name from the registry. So only a file counts as the project's binary.
    if (isRegularFileThrough(candidate)) {
      let real: string;
      try {
        real = fs.realpathSync.native(candidate);
      } catch {
        real = '';
      }
      if (!inside(real, paths)) {
        return {
          applies: true,
          tier: 'gated',
          code: 'link-outside',
          reason: `npx ${bin}: ${path.relative(root, candidate)} leads outside the workspace`,
        };
      }
      return {
        applies: true,
        tier: 'auto',
        code: 'project-binary',
        reason: `on the run list: npx ${bin} runs the project's own ${path.relative(root, candidate) || candidate}`,
      };
    }
    if (dir === root || !dir.startsWith(root) || dir === path.dirname(dir)) break;
  }
  return {
    applies: true,
    tier: 'gated',
    code: 'npx-not-project-binary',
    reason: `npx ${bin} would fetch and run a package: there is no node_modules/.bin/${bin} between this directory and the workspace root`,
  };
}

/** The file-dependent allowances; `applies: false` hands the command to the table. */
export function fileAllowance(
  argv: readonly string[],
  session: PathSession,
  cwdAbsolute: string,
  cwdRelative: string,
): Allowance {
  const install = installAllowance(argv, cwdAbsolute);
  return install.applies ? install : npxAllowance(argv, session, cwdAbsolute, cwdRelative);
}
