// What contained mode knows about programs and names (policy/contained.ts decides with it): which
// programs the sandbox cannot serve, which run other commands, which reach the network and where,
// which variables change what a program loads, which files are secrets, which only show names.
// Data and small pure readers of an argv; no filesystem.
import path from 'node:path';

/** Programs that need what the sandbox does not give: a daemon, a display, root, a host service. */
export const SANDBOX_CANNOT: Record<string, string> = {
  docker: 'needs the Docker daemon, which the sandbox does not reach',
  'docker-compose': 'needs the Docker daemon, which the sandbox does not reach',
  podman: 'needs a container runtime, which the sandbox does not give',
  nerdctl: 'needs a container runtime, which the sandbox does not give',
  kubectl: 'talks to a cluster, a host service the sandbox does not reach',
  minikube: 'runs a cluster on the host, which the sandbox does not reach',
  sudo: 'asks for root, which the sandbox never gives',
  su: 'asks for another user, which the sandbox never gives',
  doas: 'asks for root, which the sandbox never gives',
  pkexec: 'asks for root, which the sandbox never gives',
  systemctl: 'controls the host’s services, which the sandbox does not reach',
  service: 'controls the host’s services, which the sandbox does not reach',
  launchctl: 'controls the host’s services, which the sandbox does not reach',
  'apt-get': 'installs system packages as root, which the sandbox never gives',
  apt: 'installs system packages as root, which the sandbox never gives',
  dpkg: 'installs system packages as root, which the sandbox never gives',
  yum: 'installs system packages as root, which the sandbox never gives',
  dnf: 'installs system packages as root, which the sandbox never gives',
  pacman: 'installs system packages as root, which the sandbox never gives',
  apk: 'installs system packages as root, which the sandbox never gives',
  snap: 'installs system packages as root, which the sandbox never gives',
  brew: 'changes the host’s Homebrew, outside the workspace',
  port: 'changes the host’s MacPorts, outside the workspace',
  'xdg-open': 'opens a window on your display, which the sandbox does not give',
  open: 'opens a window on your display, which the sandbox does not give',
  xclip: 'reads or writes your clipboard, which the sandbox does not give',
  xsel: 'reads or writes your clipboard, which the sandbox does not give',
  pbcopy: 'writes your clipboard, which the sandbox does not give',
  pbpaste: 'reads your clipboard, which the sandbox does not give',
  'wl-copy': 'writes your clipboard, which the sandbox does not give',
  xdotool: 'drives your display, which the sandbox does not give',
  osascript: 'drives your desktop, which the sandbox does not give',
  'notify-send': 'shows a notification on your desktop, which the sandbox does not give',
  chown: 'changes a file’s owner, which needs root the sandbox never gives',
  chgrp: 'changes a file’s group, which the sandbox does not give',
  mount: 'mounts a filesystem, which the sandbox never allows',
  umount: 'unmounts a filesystem, which the sandbox never allows',
  crontab: 'schedules commands on the host, outside the sandbox',
  at: 'schedules commands on the host, outside the sandbox',
  reboot: 'controls the machine, which the sandbox never allows',
  shutdown: 'controls the machine, which the sandbox never allows',
};

/** Programs that run other commands, a string as code, or keep running after the command ends. */
export const RUNS_OTHERS: Record<string, string> = {
  xargs: '`xargs` runs a command for each line of its input, which this rule does not read',
  parallel: '`parallel` runs commands from its input, which this rule does not read',
  watch: '`watch` runs a command again and again; use start for a program that keeps running',
  nohup: '`nohup` lets a command outlive this one; use start for a program that keeps running',
  setsid: '`setsid` lets a command outlive this one; use start for a program that keeps running',
  disown: '`disown` lets a command outlive this one; use start for a program that keeps running',
  screen: '`screen` keeps commands running after this one; use start',
  tmux: '`tmux` keeps commands running after this one; use start',
  script: '`script` runs a shell this rule does not read',
  expect: '`expect` runs a script of commands this rule does not read',
  chroot: '`chroot` runs a command in another root',
  unshare: '`unshare` runs a command in new namespaces',
  nsenter: '`nsenter` runs a command in other namespaces',
  busybox: '`busybox` runs the program named in its first word; write that program',
  sshpass: '`sshpass` feeds a password to another program',
};

/** Shells: `-c` runs a string as shell code, `-i` an interactive shell, and no script reads code from input. */
export const SHELLS = new Set(['sh', 'bash', 'dash', 'zsh', 'ksh', 'fish', 'csh', 'tcsh']);

/** Interpreters whose flag runs the next word as code: the code is read for secrets' names. */
export const INLINE_CODE_FLAGS: Record<string, readonly string[]> = {
  python: ['-c'],
  python3: ['-c'],
  python2: ['-c'],
  node: ['-e', '--eval', '-p', '--print'],
  nodejs: ['-e', '--eval', '-p', '--print'],
  bun: ['-e', '--eval', '-p', '--print'],
  deno: ['eval'],
  ruby: ['-e'],
  perl: ['-e', '-E'],
  php: ['-r'],
  lua: ['-e'],
};

/** Programs whose first operand is a pattern (never a path), unless `-e`/`-f`/`--regexp` gives it. */
export const PATTERN_FIRST = new Set(['grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'zgrep', 'git-grep']);
/**
 * Options of the pattern-first and script-first programs that take the next word(s) as their value,
 * and how many: skipped when finding the pattern or script, so that `rg -g '*.py' KEY` is read as
 * the pattern KEY searched in the directory, and `awk -F , 'script' f` as the script and its file.
 */
const GREP_VALUES = [
  '-A',
  '-B',
  '-C',
  '-m',
  '-d',
  '-D',
  '--include',
  '--exclude',
  '--exclude-dir',
  '--exclude-from',
  '--max-count',
  '--context',
  '--after-context',
  '--before-context',
  '--devices',
  '--directories',
  '--binary-files',
  '--label',
];
const RG_VALUES = [
  '-A',
  '-B',
  '-C',
  '-m',
  '-M',
  '-j',
  '-E',
  '-g',
  '-t',
  '-T',
  '-r',
  '-d',
  '--glob',
  '--iglob',
  '--type',
  '--type-not',
  '--type-add',
  '--type-clear',
  '--max-count',
  '--max-columns',
  '--context',
  '--after-context',
  '--before-context',
  '--encoding',
  '--engine',
  '--max-depth',
  '--max-filesize',
  '--path-separator',
  '--pre',
  '--pre-glob',
  '--replace',
  '--sort',
  '--sortr',
  '--threads',
  '--color',
  '--colors',
  '--context-separator',
  '--field-match-separator',
  '--field-context-separator',
  '--dfa-size-limit',
  '--regex-size-limit',
  '--ignore-file',
  '--hyperlink-format',
  '--generate',
];
export const VALUE_FLAGS: Record<string, Record<string, number>> = {
  grep: Object.fromEntries(GREP_VALUES.map((f) => [f, 1])),
  egrep: Object.fromEntries(GREP_VALUES.map((f) => [f, 1])),
  fgrep: Object.fromEntries(GREP_VALUES.map((f) => [f, 1])),
  zgrep: Object.fromEntries(GREP_VALUES.map((f) => [f, 1])),
  rg: Object.fromEntries(RG_VALUES.map((f) => [f, 1])),
  ag: {
    '-A': 1,
    '-B': 1,
    '-C': 1,
    '-m': 1,
    '-G': 1,
    '--ignore': 1,
    '--ignore-dir': 1,
    '--depth': 1,
    '--file-search-regex': 1,
  },
  awk: { '-F': 1, '-v': 1 },
  gawk: { '-F': 1, '-v': 1 },
  mawk: { '-F': 1, '-v': 1 },
  nawk: { '-F': 1, '-v': 1 },
  jq: { '--arg': 2, '--argjson': 2, '--slurpfile': 2, '--rawfile': 2, '--indent': 1 },
  yq: {
    '--arg': 2,
    '--argjson': 2,
    '--indent': 1,
    '-I': 1,
    '-o': 1,
    '--output-format': 1,
    '-p': 1,
    '--input-format': 1,
  },
  sed: { '-l': 1, '--line-length': 1 },
};

/** Programs whose first operand is a script in their own language, read for secrets' names. */
export const SCRIPT_FIRST = new Set(['sed', 'awk', 'gawk', 'mawk', 'nawk', 'jq', 'yq']);

/** Variables that change what a program loads, runs or reads as configuration: a card, whatever the value. */
const OVERRIDES = new Set([
  'BASH_ENV',
  'ENV',
  'PROMPT_COMMAND',
  'PS0',
  'PS1',
  'PS2',
  'PS4',
  'SHELLOPTS',
  'BASHOPTS',
  'IFS',
  'PATH',
  'CDPATH',
  'HOME',
  'ZDOTDIR',
  'SHELL',
  'TMPDIR',
  'XDG_CONFIG_HOME',
  'XDG_DATA_HOME',
  'XDG_CACHE_HOME',
  'XDG_RUNTIME_DIR',
  'NODE_OPTIONS',
  'NODE_EXTRA_CA_CERTS',
  'NODE_REPL_EXTERNAL_MODULE',
  'PYTHONSTARTUP',
  'PYTHONHOME',
  'PYTHONINSPECT',
  'PYTHONBREAKPOINT',
  'PYTHONUSERBASE',
  'PERL5OPT',
  'PERL5DB',
  'RUBYOPT',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  'EDITOR',
  'VISUAL',
  'PAGER',
  'MANPAGER',
  'LESSOPEN',
  'LESSCLOSE',
  'BROWSER',
  'SSH_AUTH_SOCK',
  'SSH_ASKPASS',
  'SUDO_ASKPASS',
  'RUSTC_WRAPPER',
  'RUSTC',
  'RUSTFLAGS',
  'CARGO_HOME',
  'RUSTUP_HOME',
  'CARGO_BUILD_RUSTC_WRAPPER',
  'GOFLAGS',
  'GOPROXY',
  'GOPATH',
  'GOROOT',
  'CC',
  'CXX',
  'LD',
  'MAKEFLAGS',
  'MFLAGS',
  'GNUMAKEFLAGS',
  'MAKEFILES',
  'PYTEST_ADDOPTS',
  'PYTEST_PLUGINS',
  'RUSTC_WORKSPACE_WRAPPER',
  'RUSTDOCFLAGS',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'http_proxy',
  'https_proxy',
  'ALL_PROXY',
  'all_proxy',
  'NO_PROXY',
  'no_proxy',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'CURL_CA_BUNDLE',
  'REQUESTS_CA_BUNDLE',
  'PIP_INDEX_URL',
  'PIP_EXTRA_INDEX_URL',
  'UV_INDEX_URL',
  'NPM_CONFIG_REGISTRY',
  'COMPOSER_HOME',
  'GEM_HOME',
  'BUNDLE_GEMFILE',
  'VIRTUAL_ENV',
]);
/** Prefixes of such variables (the dynamic loader's, git's, npm's configuration, Python's and Perl's hooks). */
const OVERRIDE_PREFIXES = [
  'LD_',
  'DYLD_',
  'GIT_',
  'NPM_CONFIG_',
  'npm_config_',
  'YARN_',
  'PNPM_',
  'BUN_',
  'PIP_',
  'UV_',
  'POETRY_',
  'CARGO_',
  'BASH_FUNC_',
  'PERL',
  'RUBY',
  'LUA_',
  'NODE_',
];
/** Variables that are lists of directories to load code from: each must be inside the workspace. */
export const PATH_LISTS = new Set([
  'PYTHONPATH',
  'NODE_PATH',
  'LD_LIBRARY_PATH',
  'PERL5LIB',
  'PERLLIB',
  'RUBYLIB',
  'GOPATH',
  'CLASSPATH',
  'MYPYPATH',
]);
/** Of the prefixed variables, ones that only change what is printed or asked, with the values they may take. */
const HARMLESS_VALUES: Record<string, RegExp> = {
  GIT_PAGER: /^(cat|)$/,
  PAGER: /^(cat|)$/,
  GIT_TERMINAL_PROMPT: /^[01]$/,
  GIT_EDITOR: /^(true|:)$/,
  EDITOR: /^(true|:)$/,
  NODE_ENV: /^[A-Za-z0-9_-]*$/,
  NODE_NO_WARNINGS: /^[01]$/,
  CARGO_TERM_COLOR: /^(always|never|auto)$/,
  CARGO_INCREMENTAL: /^[01]$/,
  NPM_CONFIG_LOGLEVEL: /^[a-z]+$/,
  npm_config_loglevel: /^[a-z]+$/,
  PERL_BADLANG: /^[01]$/,
  LD_BIND_NOW: /^1?$/,
  UV_NO_PROGRESS: /^[01]$/,
  PIP_DISABLE_PIP_VERSION_CHECK: /^[01]$/,
  PIP_NO_INPUT: /^[01]$/,
};

/** The sentence for a variable that changes what the program loads or runs, or null when it is an ordinary one. */
export function overrideReason(name: string, value: string): string | null {
  const harmless = HARMLESS_VALUES[name];
  if (harmless) return harmless.test(value) ? null : `${name}=${value} changes what the program runs or shows`;
  if (PATH_LISTS.has(name)) return null;
  // npm reads its npm_config_* names in any case (Npm_Config_Userconfig is userconfig).
  if (OVERRIDES.has(name) || OVERRIDE_PREFIXES.some((p) => name.startsWith(p)) || /^npm_config_/i.test(name)) {
    return `${name} changes what the program loads, runs or reads as its configuration`;
  }
  return null;
}

/** Programs that print names, sizes or hashes of what they are given, never its content. */
export const NAMES_ONLY = new Set([
  'ls',
  'stat',
  'wc',
  'du',
  'file',
  'test',
  '[',
  'touch',
  'chmod',
  'mkdir',
  'realpath',
  'readlink',
  'basename',
  'dirname',
  'md5sum',
  'sha1sum',
  'sha256sum',
  'sha512sum',
  'b2sum',
  'cksum',
  'tree',
  'find',
  'echo',
  'printf',
  'true',
  'false',
  'exa',
  'eza',
  'lsd',
]);

const ENV_EXAMPLES =
  /^\.env(?:\..+)?\.(?:example|sample|template|dist|defaults)$|^\.env\.(?:example|sample|template|dist|defaults)(?:\..+)?$/i;
const PUBLIC_PEM = /(^|[-_.])(ca|cacert|cert|certificate|chain|fullchain|bundle|public|pub|root)([-_.]|$)/i;
const SECRET_DIRS = new Set(['.ssh', '.aws', '.gnupg', '.gpg', '.kube', '.docker', '.azure', '.config/gcloud']);

/** Whether a file name (its base name) is a secrets file's: `.env*`, `.npmrc`, private keys, credentials. */
export function isSecretName(base: string): boolean {
  const lower = base.toLowerCase();
  if (lower === '.env' || lower.startsWith('.env.')) return !ENV_EXAMPLES.test(lower);
  if (
    [
      '.npmrc',
      '.pypirc',
      '.netrc',
      '_netrc',
      '.git-credentials',
      '.pgpass',
      '.dockercfg',
      '.htpasswd',
      '.yarnrc.yml',
      '.secrets',
      '.vault-token',
      '.envrc',
      '.dev.vars',
    ].includes(lower)
  )
    return true;
  if (/^id_(rsa|dsa|ecdsa|ed25519)(_sk)?$/.test(lower)) return true;
  if (/\.(key|p12|pfx|jks|keystore|ppk|asc|gpg)$/.test(lower)) return !lower.endsWith('.pub.asc');
  if (lower.endsWith('.pem')) return !PUBLIC_PEM.test(lower.slice(0, -4));
  if (/^credentials.*\.json$/.test(lower) || /^client_secret.*\.json$/.test(lower)) return true;
  if (/service[-_]?account.*\.json$/.test(lower)) return true;
  if (/^secrets?\.(json|ya?ml|toml|env)$/.test(lower)) return true;
  return false;
}

/** Whether a workspace-relative path is a secrets file, or lies in a secrets folder (`.ssh`, `.aws`, `.gnupg`…). */
export function isSecretPath(rel: string): boolean {
  const parts = rel.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.length === 0) return false;
  if (parts.slice(0, -1).some((p) => SECRET_DIRS.has(p.toLowerCase()))) return true;
  if (SECRET_DIRS.has(parts[parts.length - 1]!.toLowerCase())) return true;
  return isSecretName(parts[parts.length - 1]!);
}

/** A word of code (python -c, awk's program) that names a secrets file anywhere in it. */
export function mentionsSecret(code: string): string | null {
  for (const token of code.split(/[^A-Za-z0-9._/~-]+/)) {
    if (token === '') continue;
    const base = path.posix.basename(token);
    if (isSecretName(base) || token.split('/').some((p) => SECRET_DIRS.has(p.toLowerCase()))) return token;
  }
  return null;
}

/** Directories the project makes again (build output, caches): deleting them loses nothing a build does not restore. */
const BUILD_OUTPUT = new Set([
  'dist',
  'build',
  'out',
  'target',
  '.next',
  '.nuxt',
  '.svelte-kit',
  '.turbo',
  '.parcel-cache',
  '.vite',
  'coverage',
  '.nyc_output',
  '__pycache__',
  '.pytest_cache',
  '.mypy_cache',
  '.ruff_cache',
  '.hypothesis',
  '.tox',
  '.nox',
  '.gradle',
  '.angular',
  '.expo',
  'storybook-static',
  '.docusaurus',
  '.cache',
]);

/** Whether a workspace-relative path is (inside) build output the project makes again. */
export function isBuildOutput(rel: string): boolean {
  return rel
    .split('/')
    .some((p) => BUILD_OUTPUT.has(p) || p.endsWith('.egg-info') || p.endsWith('.pyc') || p.endsWith('.tsbuildinfo'));
}

/** Programs that reach other hosts by their nature (name lookups, remote shells, cloud CLIs). */
const NETWORK_PROGRAMS: Record<string, string> = {
  ping: 'looks up and reaches a host',
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
};

const NPM_REGISTRY = 'registry.npmjs.org';

/** What a command needs from the network: the domains it would reach (null: some host the rule cannot name), or nothing. */
export type NetworkNeed = { needs: false } | { needs: true; what: string; domains: readonly string[] | null };

const none: NetworkNeed = { needs: false };
const need = (what: string, domains: readonly string[] | null): NetworkNeed => ({ needs: true, what, domains });

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1', '0.0.0.0']);

/** The host a curl/wget operand names (`http://h:1/x`, `h:1/x`, `h/x`), or null when it is not a URL. */
export function urlHost(word: string): string | null {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(word);
  if (scheme) {
    try {
      return new URL(word).hostname.toLowerCase();
    } catch {
      return '';
    }
  }
  const bare = /^(\[[0-9a-f:]+\]|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)(?::\d+)?(?:[/?#]\S*)?$/i.exec(word);
  if (!bare) return null;
  const host = bare[1]!.toLowerCase();
  // `b.txt` or `out` is a file name, not a host: a bare word is a host only as localhost, an address or with a port or path.
  if (LOOPBACK.has(host)) return host;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || /[:/?#]/.test(word.slice(bare[1]!.length))) return host;
  return null;
}

/** curl's and wget's flags that take a value (which is never the URL). */
const CURL_VALUE_FLAGS = new Set([
  '-o',
  '-O',
  '-d',
  '-H',
  '-X',
  '-w',
  '-u',
  '-A',
  '-e',
  '-b',
  '-c',
  '-T',
  '-F',
  '-m',
  '-r',
  '-K',
  '-E',
  '-D',
  '-P',
  '-t',
  '--output',
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-urlencode',
  '--header',
  '--request',
  '--write-out',
  '--user',
  '--user-agent',
  '--referer',
  '--cookie',
  '--cookie-jar',
  '--upload-file',
  '--form',
  '--max-time',
  '--connect-timeout',
  '--retry',
  '--output-document',
  '--directory-prefix',
  '--tries',
  '--timeout',
  '--config',
  '--cert',
  '--key',
  '--cacert',
  '--dump-header',
  '--resolve',
  '--json',
]);

/** The port a curl/wget URL operand reaches (its scheme's default when none is written: curl assumes http). */
export function urlPort(word: string): number {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(word);
  if (scheme) {
    try {
      const url = new URL(word);
      if (url.port !== '') return Number(url.port);
      return url.protocol === 'https:' ? 443 : url.protocol === 'ftp:' ? 21 : 80;
    } catch {
      return 0;
    }
  }
  const port = /^(?:\[[0-9a-f:]+\]|[A-Za-z0-9.-]+):(\d+)/i.exec(word)?.[1];
  return port === undefined ? 80 : Number(port);
}

/**
 * `ownPorts`: the ports the agent's own started processes listen on (the only loopback ports a
 * contained command reaches); undefined when unknown (check-command: no processes to ask), which
 * takes every loopback URL for the agent's own.
 */
function curlNeed(args: readonly string[], program: string, ownPorts?: readonly number[]): NetworkNeed {
  const hosts: string[] = [];
  const loopbackPorts: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (
      word === '-x' ||
      word === '--proxy' ||
      word!.startsWith('--proxy=') ||
      word === '--socks5' ||
      word === '--unix-socket' ||
      word === '--connect-to'
    ) {
      return need(`${program} ${word} goes through another host`, null);
    }
    // A config file or a list of URLs (curl -K, wget -i) names places this rule does not read.
    if (
      (program === 'curl' && (/^-[a-zA-Z]*K/.test(word!) || word!.startsWith('--config'))) ||
      (program === 'wget' && (/^-[a-zA-Z]*i/.test(word!) || word!.startsWith('--input-file')))
    )
      return need(`${program} ${word} reads the URLs it reaches from a file`, null);
    if (CURL_VALUE_FLAGS.has(word!)) {
      i++;
      continue;
    }
    if (word!.startsWith('-')) continue;
    // Every operand of curl and wget is a URL: a bare `example.com` (or `b.txt`) is a host to reach.
    const host = urlHost(word!) ?? (/^[^/:?#@\s]+/.exec(word!)?.[0].toLowerCase() || null);
    if (host === null) continue;
    hosts.push(host);
    if (LOOPBACK.has(host)) loopbackPorts.push(urlPort(word!));
  }
  const far = hosts.filter((h) => !LOOPBACK.has(h));
  if (far.length > 0) return need(`${program} reaches ${far.join(', ')}`, far.some((h) => h === '') ? null : far);
  const strange = ownPorts === undefined ? [] : loopbackPorts.filter((port) => !ownPorts.includes(port));
  if (strange.length > 0) {
    return need(
      `${program} reaches port ${strange.join(', ')} of this machine, which no process this agent started (\`start\`) listens on; a contained command reaches only those`,
      null,
    );
  }
  return none;
}

/** The words after the subcommand that name packages (not flags). */
function named(words: readonly string[]): string[] {
  return words.filter((w) => !w.startsWith('-'));
}

/**
 * What this argv needs from the network. `localBin(name)`: whether the project has that npm binary
 * (node_modules/.bin) from the command's directory up, for npx. `ownPorts`: see curlNeed.
 */
export function networkNeed(
  argv: readonly string[],
  localBin: (name: string) => boolean,
  ownPorts?: readonly number[],
): NetworkNeed {
  const [program, sub = '', ...rest] = argv;
  const args = argv.slice(1);
  if (NETWORK_PROGRAMS[program!]) return need(`${program} ${NETWORK_PROGRAMS[program!]}`, null);
  switch (program) {
    case 'curl':
    case 'wget':
      return curlNeed(args, program, ownPorts);
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
      ];
      if ((program === 'yarn' && sub === '') || install.includes(sub))
        return need(`${program} ${sub || 'install'} fetches from the package registry`, registry);
      if (program === 'npm' && (sub === 'exec' || sub === 'x')) return npxNeed(rest, localBin);
      return none;
    }
    case 'npx':
    case 'pnpx':
      return npxNeed(args, localBin);
    case 'bunx':
      return npxNeed(args, localBin);
    case 'pip':
    case 'pip3':
      return ['install', 'download', 'wheel', 'search', 'index'].includes(sub)
        ? need(`${program} ${sub} fetches from the package index`, ['pypi.org', 'files.pythonhosted.org'])
        : none;
    case 'python':
    case 'python3':
      if (
        sub === '-m' &&
        (rest[0] === 'pip' || rest[0] === 'ensurepip') &&
        ['install', 'download', 'wheel'].includes(rest[1] ?? '')
      ) {
        return need(`${program} -m pip ${rest[1]} fetches from the package index`, [
          'pypi.org',
          'files.pythonhosted.org',
        ]);
      }
      return none;
    case 'uv':
      if (
        ['add', 'sync', 'lock', 'tool', 'python'].includes(sub) ||
        (sub === 'pip' && ['install', 'compile', 'sync', 'download'].includes(rest[0] ?? ''))
      ) {
        return need(`uv ${sub} fetches from the package index`, ['pypi.org', 'files.pythonhosted.org']);
      }
      return sub === 'run' && named(rest).length === 0
        ? none
        : sub === 'run' && rest.includes('--with')
          ? need('uv run --with fetches a package', ['pypi.org', 'files.pythonhosted.org'])
          : none;
    case 'uvx':
    case 'pipx':
      return need(`${program} fetches a tool from the package index`, ['pypi.org', 'files.pythonhosted.org']);
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
      return ['get', 'install'].includes(sub) || (sub === 'mod' && ['download', 'tidy'].includes(rest[0] ?? ''))
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
      if (gsub === 'submodule' && ['update', 'add', 'sync', 'foreach'].includes(gitArgs[1] ?? ''))
        return need('git submodule reaches a remote', null);
      if (gsub === 'remote' && ['update', 'show', 'prune'].includes(gitArgs[1] ?? ''))
        return need('git remote reaches a remote', null);
      return none;
    }
    default:
      return none;
  }
}

/** git's words from its subcommand on (after `-C dir`, `-c k=v`, `--no-pager` and the like). */
export function gitSubcommand(args: readonly string[]): readonly string[] {
  let i = 0;
  while (i < args.length && args[i]!.startsWith('-')) {
    i += args[i] === '-C' || args[i] === '-c' || args[i] === '--git-dir' || args[i] === '--work-tree' ? 2 : 1;
  }
  return args.slice(i);
}

/**
 * Flags that only say whether npx may fetch (or how much it prints): before a tool the project has,
 * npx runs the project's own, fetching nothing. `--` ends npm exec's own flags.
 */
const NPX_RUNS_LOCAL_WITH = new Set([
  '-y',
  '--yes',
  '--no',
  '--no-install',
  '--offline',
  '--prefer-offline',
  '-q',
  '--quiet',
  '--silent',
  '--',
]);

function npxNeed(args: readonly string[], localBin: (name: string) => boolean): NetworkNeed {
  // Any other flag before the tool (-p pkg, --package, -c) asks npx to fetch or choose a package.
  let at = 0;
  while (at < args.length && NPX_RUNS_LOCAL_WITH.has(args[at]!) && args[at - 1] !== '--') at++;
  const tool = args[at];
  if (tool === undefined || tool.startsWith('-'))
    return need('npx with flags before the tool fetches a package', [NPM_REGISTRY]);
  const name = tool.replace(/@[^/@]*$/, '');
  if (name !== tool || tool.includes('/') || !localBin(name))
    return need(`npx ${tool} fetches a package the project does not have`, [NPM_REGISTRY]);
  return none;
}
