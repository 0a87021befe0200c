// What network a contained command needs (policy/contained.ts decides with it): programs that reach
// other hosts by their nature, package managers' fetches and the registries they reach, git's remote
// subcommands, curl and wget by the host and port they name (the agent's own started processes on
// loopback need none: containedUrls.ts), npx by whether the project has the tool. Pure readers of an argv.

import { wordTable } from '../../shared/wordTable';
import { curlNeed, need, none, portCheckNeed, type NetworkNeed } from './containedUrls';
export type { NetworkNeed } from './containedUrls';
export { urlHost, urlPort } from './containedUrls';

/** Programs that reach other hosts by their nature (name lookups, remote shells, cloud CLIs). */
const NETWORK_PROGRAMS: Readonly<Record<string, string>> = wordTable({
  ping: 'looks up and reaches a host',
  'ssh-keyscan': 'connects to a host',
  ping6: 'looks up and reaches a host',
  nslookup: 'looks up a name',
  dig: 'looks up a name',
  host: 'looks up a name',
  drill: 'looks up a name',
  whois: 'asks a remote server',
  traceroute: 'reaches a host',
  ssh: 'opens a remote shell',
  scp: 'copies to or from another host',
  sftp: 'copies to or from another host',
  ftp: 'reaches another host',
  telnet: 'reaches another host',
  nc: 'opens a network connection',
  ncat: 'opens a network connection',
  netcat: 'opens a network connection',
  socat: 'opens a network connection',
  gh: 'talks to GitHub',
  glab: 'talks to GitLab',
  aws: 'talks to AWS',
  gcloud: 'talks to Google Cloud',
  az: 'talks to Azure',
  heroku: 'talks to Heroku',
  vercel: 'talks to Vercel',
  netlify: 'talks to Netlify',
  fly: 'talks to Fly.io',
  flyctl: 'talks to Fly.io',
  wrangler: 'talks to Cloudflare',
  firebase: 'talks to Firebase',
  supabase: 'talks to Supabase',
  terraform: 'talks to a provider’s API',
  http: 'makes an HTTP request',
  https: 'makes an HTTP request',
  xh: 'makes an HTTP request',
  aria2c: 'downloads',
  lynx: 'browses the web',
  w3m: 'browses the web',
  psql: 'connects to a database server',
  mysql: 'connects to a database server',
  mariadb: 'connects to a database server',
  mongo: 'connects to a database server',
  mongosh: 'connects to a database server',
  'redis-cli': 'connects to a database server',
  keytool: 'may fetch a server’s certificate (-printcert -sslserver)',
  wscat: 'opens a network connection',
  websocat: 'opens a network connection',
});

const NPM_REGISTRY = 'registry.npmjs.org';

/** What a command needs from the network: the domains it would reach (null: some host the rule cannot name), or nothing. */

/** The words after the subcommand that name packages (not flags). */
function named(words: readonly string[]): string[] {
  return words.filter((w) => !w.startsWith('-'));
}

/** The Python package index's hosts, offered for allowing when a command fetches from it. */
const PYPI: readonly string[] = ['pypi.org', 'files.pythonhosted.org'];

/** Whether a pip subcommand asks the package index: installs and downloads, index and search, a list of what is outdated. */
function pipFetches(sub: string, rest: readonly string[]): boolean {
  // An install from the project's own folders with nothing else to fetch: no index, or neither its
  // dependencies nor build requirements.
  // A requirements or constraints file may name an index or a URL of its own (`--find-links
  // http://…`), and so may a --find-links given here: neither is local whatever --no-index says.
  const fetchesByFile = rest.some(
    (w, i) =>
      /^(-r|-c|--requirement|--constraint|-i|--index-url|--extra-index-url)(=|$)|^-[rc]./.test(w) ||
      (/^(-f|--find-links)(=|$)/.test(w) && /:\/\//.test(w.includes('=') ? w : (rest[i + 1] ?? ''))) ||
      /^-f.*:\/\//.test(w),
  );
  const local =
    (rest.includes('--no-index') && !fetchesByFile) ||
    (rest.includes('--no-deps') &&
      rest.includes('--no-build-isolation') &&
      rest.filter((w) => !w.startsWith('-')).every((w) => /^(\.{1,2}|\.{0,2}\/.*)$/.test(w)));
  if ((sub === 'install' || sub === 'wheel') && local) return false;
  return (
    ['install', 'download', 'wheel', 'search', 'index'].includes(sub) ||
    (sub === 'list' && rest.some((w) => w === '--outdated' || w === '-o' || w === '--uptodate' || w === '-u'))
  );
}

/**
 * What this argv needs from the network. `localBin(name)`: whether the project has that npm binary
 * (node_modules/.bin) from the command's directory up, for npx. `ownPorts`: see curlNeed.
 */
export function networkNeed(argv: readonly string[], localBin: LocalBin, ownPorts?: readonly number[]): NetworkNeed {
  // A versioned name is the program (`pip3.12`, `python3.12`); the subcommand is the first word
  // after the program's own flags, a flag's value left out (`npm --prefix sub install`, `pip -q install`).
  // A program by path is the program it names (`.venv/bin/pip install` fetches as pip does).
  const program = argv[0]
    ?.replace(/^.*\//, '')
    .replace(/^(pip|python)(\d(\.\d+)?)$/, (_m, name: string, v: string) =>
      name === 'pip' ? 'pip3' : v.startsWith('2') ? 'python' : 'python3',
    )
    // netcat under its packages' names (Debian's nc.openbsd and nc.traditional, a renamed ncat.real).
    .replace(/^(nc|ncat|netcat)(\.[\w.-]+|-(openbsd|traditional|gnu))$/, '$1');
  const takesValue =
    /^(--prefix|-C|--cwd|--dir|--filter|-F|-w|--workspace|--userconfig|--cache|--registry|--manifest-path|--config|-c|--loglevel|--retries|--timeout|--proxy|--index-url|-i|--extra-index-url|--cert|--client-cert|--cache-dir|--log|--python|--src|--root|--target|-t|--global-option|--trusted-host)$/;
  let first = 1;
  // python's own flags come before -m (`python3 -I -m pip download`): -m is the word after them.
  const python = program === 'python' || program === 'python3';
  while (first < argv.length && argv[first]!.startsWith('-') && !(python && argv[first] === '-m'))
    first += python ? (/^-[WXQ]$/.test(argv[first]!) ? 2 : 1) : takesValue.test(argv[first]!) ? 2 : 1;
  const sub = argv[first] ?? '';
  const rest = argv.slice(first + 1);
  const args = argv.slice(1);
  // A port check of the agent's own server (`nc -z localhost 3000`) sends nothing: read as curl's URL is.
  const check =
    program === 'nc' || program === 'ncat' || program === 'netcat' ? portCheckNeed(args, program, ownPorts) : null;
  if (check) return check;
  if (NETWORK_PROGRAMS[program!]) return need(`${program} ${NETWORK_PROGRAMS[program!]}`, null);
  switch (program) {
    case 'curl':
    case 'wget':
      return curlNeed(args, program, ownPorts);
    case 'getent':
      return /^(hosts|ahosts|ahostsv4|ahostsv6|networks)$/.test(sub) ? need('getent looks up a name', null) : none;
    case 'openssl':
      return /^(s_client|s_server|s_time|ocsp)$/.test(sub)
        ? need(`openssl ${sub} opens a network connection`, null)
        : none;
    case 'gpg':
    case 'gpg2':
      return args.some((w) =>
        /^--(recv-keys?|search-keys|refresh-keys|fetch-keys|send-keys?|locate-keys?|auto-key-locate)/.test(w),
      )
        ? need(`${program} reaches a keyserver`, null)
        : none;
    case 'tar':
    case 'bsdtar':
    case 'cpio':
      // An archive named HOST:FILE is another host's, reached through rsh (--force-local reads it as a file).
      return !args.includes('--force-local') &&
        args.some((w, i) => {
          const file = w.startsWith('--file=')
            ? w.slice(7)
            : /^-[a-zA-Z]*f$/.test(args[i - 1] ?? '') || args[i - 1] === '--file'
              ? w
              : null;
          return file !== null && /^[^/]*:/.test(file);
        })
        ? need(`${program} reads or writes an archive on another host`, null)
        : none;
    case 'rsync':
      return args.some((w) => !w.startsWith('-') && /^[^/]*:/.test(w))
        ? need('rsync copies to or from another host', null)
        : none;
    case 'npm':
    case 'pnpm':
    case 'yarn':
    case 'bun': {
      const registry = program === 'yarn' ? ['registry.yarnpkg.com', NPM_REGISTRY] : [NPM_REGISTRY];
      const install = [
        'install',
        'i',
        'ci',
        'add',
        'update',
        'up',
        'upgrade',
        'outdated',
        'publish',
        'view',
        'info',
        'audit',
        'dlx',
        'x',
        'create',
        'init',
        'link',
        'login',
        'whoami',
        'search',
        'unpublish',
        'dedupe',
        'prune',
        'show',
        'v',
        'install-test',
        'it',
        'install-ci-test',
        'cit',
        'isntall',
        'isnt',
        'fetch',
        'repo',
        'docs',
        'bugs',
        'ping',
        'diff',
        'dist-tag',
        'dist-tags',
        'owner',
        'doctor',
        'deprecate',
        'access',
        'team',
        'star',
        'stars',
        'org',
        'hook',
        'token',
        'profile',
        'adduser',
        'sbom',
      ];
      // npm pack of the project itself and the cache's own upkeep stay here; of a package named, they fetch it.
      if ((sub === 'pack' && named(rest).length > 0) || (sub === 'cache' && rest[0] === 'add'))
        return need(`${program} ${sub} fetches a package from the registry`, registry);
      // Bare `yarn` installs; `yarn --version` or `--help` only prints.
      const printsOnly = sub === '' && args.length > 0 && args.every((w) => /^(--version|-v|--help|-h)$/.test(w));
      // With --offline npm, pnpm and yarn install from their cache only: nothing is fetched (an empty
      // cache in the sandbox's home fails the install, which the sandbox contains).
      // Only the project's own lockfile install: a package named (`file:/x`, `link:`) or a global one
      // (`-g`, `--location=global`, `--prefix`) reaches outside the workspace.
      const offline =
        ['npm', 'pnpm', 'yarn'].includes(program) &&
        args.includes('--offline') &&
        ['', 'install', 'i', 'ci'].includes(sub) &&
        rest.every((w) => w.startsWith('-')) &&
        !args.some((w) =>
          /^(-g|--global|--location|--prefix|--dir|-C|--global-dir|--modules-dir|--store-dir|--cache)(=|$)/.test(w),
        );
      if (((program === 'yarn' && sub === '' && !printsOnly) || install.includes(sub)) && !offline)
        return need(`${program} ${sub || 'install'} fetches from the package registry`, registry);
      // (`npm --prefix DIR exec tsc`: DIR's binaries, as after exec.)
      if (program === 'npm' && (sub === 'exec' || sub === 'x')) {
        const { prefix } = withoutPrefix(argv.slice(1, first));
        return npmExecNeed(prefix === undefined ? rest : ['--prefix', prefix, ...rest], localBin);
      }
      return none;
    }
    case 'npx':
    case 'pnpx':
      return npxNeed(args, localBin);
    case 'bunx':
      return npxNeed(args, localBin);
    case 'pip':
    case 'pip3':
      return pipFetches(sub, rest) ? need(`${program} ${sub} fetches from the package index`, PYPI) : none;
    case 'python':
    case 'python3':
      // (ensurepip installs the wheel it carries: nothing fetched.)
      if (sub === '-m' && rest[0] === 'pip') {
        // The pip subcommand after pip's own flags (`-m pip --retries 0 download`).
        let at = 1;
        while (at < rest.length && rest[at]!.startsWith('-')) at += takesValue.test(rest[at]!) ? 2 : 1;
        if (pipFetches(rest[at] ?? '', rest.slice(at + 1)))
          return need(`${program} -m pip ${rest[at]} fetches from the package index`, PYPI);
      }
      // A virtualenv made with --upgrade-deps installs pip's newest from the index.
      if (sub === '-m' && rest[0] === 'venv' && rest.includes('--upgrade-deps'))
        return need(`${program} -m venv --upgrade-deps fetches pip from the package index`, PYPI);
      // The standard library's network clients.
      if (
        sub === '-m' &&
        /^(ftplib|http\.client|smtplib|telnetlib|urllib\.request|nntplib|poplib|imaplib|xmlrpc\.client)$/.test(
          rest[0] ?? '',
        )
      )
        return need(`${program} -m ${rest[0]} connects to another host`, null);
      return none;
    case 'uv':
      if (
        ['add', 'sync', 'lock', 'tool', 'python'].includes(sub) ||
        (sub === 'pip' && ['install', 'compile', 'sync', 'download'].includes(rest[0] ?? ''))
      ) {
        return need(`uv ${sub} fetches from the package index`, PYPI);
      }
      return sub === 'run' && named(rest).length === 0
        ? none
        : sub === 'run' && rest.includes('--with')
          ? need('uv run --with fetches a package', PYPI)
          : none;
    // Test-environment tools build each environment by installing into it from the index.
    case 'tox':
    case 'nox':
      return !args.some((w) => /^(--version|--help|-h|-l|--list|--listenvs|-a|--listenvs-all|--list-sessions)$/.test(w))
        ? need(`${program} installs each environment's packages from the package index`, PYPI)
        : none;
    case 'hatch':
      return ['test', 'run', 'env', 'shell', 'build', 'fmt'].includes(sub)
        ? need(`hatch ${sub} installs its environment's packages from the package index`, PYPI)
        : none;
    case 'uvx':
    case 'pipx':
      // What pipx has installed, and its own version or help, are on this machine.
      if (
        (program === 'pipx' && ['list', 'environment', 'uninstall', 'uninstall-all', 'completions'].includes(sub)) ||
        (sub === '' && args.length > 0 && args.every((w) => /^(--version|--help|-h)$/.test(w)))
      )
        return none;
      return need(`${program} fetches a tool from the package index`, PYPI);
    case 'poetry':
    case 'pipenv':
    case 'pdm':
    case 'conda':
    case 'mamba':
      return ['add', 'install', 'update', 'lock', 'sync', 'create'].includes(sub)
        ? need(`${program} ${sub} fetches packages`, null)
        : none;
    case 'cargo':
      return ['fetch', 'install', 'add', 'update', 'search', 'publish', 'login', 'generate-lockfile'].includes(sub)
        ? need(`cargo ${sub} reaches crates.io`, ['crates.io', 'index.crates.io', 'static.crates.io'])
        : none;
    case 'go':
      return ['get', 'install'].includes(sub) ||
        (sub === 'mod' && ['download', 'tidy', 'vendor'].includes(rest[0] ?? ''))
        ? need(`go ${sub} fetches modules`, ['proxy.golang.org', 'sum.golang.org'])
        : none;
    case 'gem':
    case 'bundle':
    case 'composer':
      return ['install', 'update', 'add', 'require', 'fetch', 'outdated'].includes(sub)
        ? need(`${program} ${sub} fetches packages`, null)
        : none;
    case 'git': {
      const gitArgs = gitSubcommand(args);
      const gsub = gitArgs[0] ?? '';
      if (
        ['clone', 'fetch', 'pull', 'push', 'ls-remote', 'archive'].includes(gsub) &&
        !(gsub === 'archive' && !gitArgs.some((w) => w.startsWith('--remote')))
      ) {
        return need(`git ${gsub} reaches a remote`, null);
      }
      // The first word after the subcommand's own flags (`git remote -v update`, `git submodule --quiet update`).
      const action = gitArgs.slice(1).find((w) => !w.startsWith('-')) ?? '';
      if (gsub === 'submodule' && ['update', 'add', 'sync', 'foreach'].includes(action))
        return need('git submodule reaches a remote', null);
      if (
        gsub === 'remote' &&
        (['update', 'show', 'prune'].includes(action) ||
          (action === 'set-head' && gitArgs.some((w) => w === '-a' || w === '--auto')))
      )
        return need('git remote reaches a remote', null);
      if (gsub === 'lfs' && ['pull', 'fetch', 'clone', 'push', 'install'].includes(action))
        return need(`git lfs ${action} reaches a remote`, null);
      return none;
    }
    default:
      return none;
  }
}

/** git's own options that take the next word as their value (`--namespace x`, `-C dir`). */
export const GIT_VALUED: ReadonlySet<string> = new Set([
  '-C',
  '-c',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--super-prefix',
  '--config-env',
  '--attr-source',
  '--list-cmds',
  '--shallow-file',
]);

/** git's words from its subcommand on (after `-C dir`, `-c k=v`, `--no-pager` and the like). */
export function gitSubcommand(args: readonly string[]): readonly string[] {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) i += GIT_VALUED.has(args[i]!) ? 2 : 1;
  return args.slice(i);
}

/**
 * Flags that only say whether npx may fetch (or how much it prints): before a tool the project has,
 * npx runs the project's own, fetching nothing. `--` ends npm exec's own flags. Not `--no`: npx
 * reads it as `--no-yes`, which takes the next word (the tool) as its value, and then reads every
 * flag after it as npm's own (`npx --no tsc -y -p pkg` installs pkg and runs its tsc).
 */
const NPX_RUNS_LOCAL_WITH = new Set([
  '-y',
  '--yes',
  '--no-install',
  '--offline',
  '--prefer-offline',
  '-q',
  '--quiet',
  '--silent',
  '--',
]);

/** Whether the project has an npm binary: below `prefix` when npm is given one, else from the command's directory up. */
type LocalBin = (name: string, prefix?: string) => boolean;

/**
 * `--prefix DIR` (or `--prefix=DIR`) before the tool: npm takes DIR's project, whose binaries it runs
 * (the value is judged as a place of the command's, as every word is). The other words, and DIR.
 */
function withoutPrefix(args: readonly string[]): { args: string[]; prefix?: string } {
  const out: string[] = [];
  let prefix: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (!w.startsWith('-') || w === '--') return { args: [...out, ...args.slice(i)], ...(prefix ? { prefix } : {}) };
    if (w === '--prefix' && args[i + 1] !== undefined && !args[i + 1]!.startsWith('-')) prefix = args[++i];
    else if (w.startsWith('--prefix=') && w.length > '--prefix='.length) prefix = w.slice('--prefix='.length);
    else out.push(w);
  }
  return { args: out, ...(prefix ? { prefix } : {}) };
}

/** npm exec and npm x read a flag after the tool as npm's own (`--package=…` included) unless `--` comes first. */
function npmExecNeed(given: readonly string[], localBin: LocalBin): NetworkNeed {
  const { args } = withoutPrefix(given);
  const end = args.indexOf('--');
  const tool = args.findIndex((w) => !w.startsWith('-'));
  // Flags between the tool and `--` are npm's; after `--` they are the tool's (`npm exec tsc -- --noEmit`).
  if (
    tool >= 0 &&
    (end < 0 || tool < end) &&
    args.slice(tool + 1, end < 0 ? undefined : end).some((w) => w.startsWith('-'))
  )
    return need(
      `npm exec reads the flags after ${args[tool]} as its own (a package to fetch among them); write -- before the tool`,
      [NPM_REGISTRY],
    );
  return npxNeed(given, localBin);
}

function npxNeed(given: readonly string[], localBin: LocalBin): NetworkNeed {
  const { args, prefix } = withoutPrefix(given);
  // Any other flag before the tool (-p pkg, --package, -c) asks npx to fetch or choose a package.
  let at = 0;
  while (at < args.length && NPX_RUNS_LOCAL_WITH.has(args[at]!) && args[at - 1] !== '--') at++;
  const tool = args[at];
  if (tool === undefined || tool.startsWith('-'))
    return need('npx with flags before the tool fetches a package', [NPM_REGISTRY]);
  const name = tool.replace(/@[^/@]*$/, '');
  if (name !== tool || tool.includes('/') || !localBin(name, prefix))
    return need(`npx ${tool} fetches a package the project does not have`, [NPM_REGISTRY]);
  return none;
}
