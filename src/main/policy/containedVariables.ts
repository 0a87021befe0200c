// The variables of a command's environment that change what its program loads, runs or reads as
// configuration (`NAME=value` before it, `env NAME=value`, `export NAME=value`): a card, whatever the
// value, except the few that only change what is printed; and the lists of folders code is loaded
// from, each of whose entries must be inside the workspace. Data and one pure reader.
import { wordTable } from '../../shared/wordTable';

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
  // bash: set, GLOBIGNORE makes `*` match dotfiles (.env among them); EXECIGNORE and GLOBSORT
  // change what a name runs and the order a pattern lists.
  'GLOBIGNORE',
  // GNU cp, mv, install and ln name their backups by these.
  'VERSION_CONTROL',
  'SIMPLE_BACKUP_SUFFIX',
  'EXECIGNORE',
  'GLOBSORT',
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
  // Build flags and tools that make's rules and compilers run (-wrapper, plugins, include paths).
  'CFLAGS',
  'CXXFLAGS',
  'CPPFLAGS',
  'LDFLAGS',
  'LDLIBS',
  'AR',
  'AS',
  'CPP',
  'NM',
  'RANLIB',
  'CGO_CFLAGS',
  'CGO_CXXFLAGS',
  'CGO_LDFLAGS',
  'PKG_CONFIG_PATH',
  'GOTOOLCHAIN',
  'GOENV',
  'CURL_HOME',
  'WGETRC',
  'OPENSSL_CONF',
  'GCONV_PATH',
  'LOCPATH',
  'MAVEN_OPTS',
  'GRADLE_OPTS',
  'DOTNET_STARTUP_HOOKS',
  'BUNDLE_PATH',
  'VIMINIT',
  'EXINIT',
  'PIPENV_DOTENV_LOCATION',
  // A program's options, or a file it reads as such, taken from a variable (round nine).
  'MAGIC',
  'ZIPOPT',
  'ZIP',
  'UNZIP',
  'UNZIPOPT',
  'TAR_OPTIONS',
  // Where a program writes (round thirteen): tar's archive, Python's caches, gcc's dependency files.
  'TAPE',
  'PYTHONPYCACHEPREFIX',
  'SUNPRO_DEPENDENCIES',
  'DEPENDENCIES_OUTPUT',
  // Every GNU program then reads a word after an operand as an operand (`grep -r KEY . -l`).
  'POSIXLY_CORRECT',
  'RIPGREP_CONFIG_PATH',
  'ACKRC',
  'AG_OPTIONS',
  'GREP_OPTIONS',
  'GZIP',
  'BZIP',
  'BZIP2',
  'XZ_OPT',
  'XZ_DEFAULTS',
  'SYSTEM_WGETRC',
  'SSLKEYLOGFILE',
  'GNUPGHOME',
  'NLSPATH',
  'HOSTALIASES',
  'LESS',
  'LESSKEY',
  'PARALLEL',
  'SQLITE_HISTORY',
  'PSQLRC',
  'MYSQL_HOME',
  'INPUTRC',
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
  'RUSTUP_',
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
/** rustc flags that set lint levels, cfg names or code-generation levels, and nothing else. */
const RUST_FLAGS =
  /^\s*((-[DWAF]\s*[A-Za-z0-9_:-]+|--cfg\s+[A-Za-z0-9_]+|-C\s*(opt-level|debuginfo|debug-assertions|overflow-checks|codegen-units|target-cpu)=[A-Za-z0-9_-]+)(\s+|$))*$/;

const HARMLESS_VALUES: Readonly<Record<string, RegExp>> = wordTable({
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
  // Lint levels, cfg names and code-generation levels only (`-D warnings`): no linker, no plugin, no path.
  RUSTFLAGS: RUST_FLAGS,
  RUSTDOCFLAGS: RUST_FLAGS,
  // pytest's reporting and selection options, and plugins turned off (`-p no:randomly`); not -p NAME,
  // -c, -o, --rootdir or a path.
  // go's build and test flags that pick no program, file or plugin: not -toolexec, -exec, -overlay,
  // -modfile, -pgo, -ldflags or -gcflags (which pass flags on to the linker and compiler).
  GOFLAGS:
    /^\s*((-mod=(mod|readonly|vendor)|-count=\d+|-v|-x|-race|-short|-failfast|-cover|-json|-trimpath|-buildvcs=(true|false|auto)|-p=\d+|-parallel=\d+|-timeout=\d+[a-z]*|-tags=[\w,.-]*)(\s+|$))*$/,
  // Node's memory, stack and warning flags: none loads a module, opens a file or a port (not
  // --require, --import, --loader, --env-file, --inspect, --openssl-config, --redirect-warnings, …).
  NODE_OPTIONS:
    /^\s*((--(max[-_]old[-_]space[-_]size|max[-_]semi[-_]space[-_]size|stack[-_]size|max[-_]http[-_]header[-_]size)=\d+|--(enable-source-maps|no-warnings|no-deprecation|trace-warnings|trace-deprecation|trace-uncaught|experimental-vm-modules|openssl-legacy-provider|no-experimental-fetch|experimental-specifier-resolution=node)|--unhandled-rejections=(strict|warn|none|throw|warn-with-error-code)|--dns-result-order=(ipv4first|ipv6first|verbatim))(\s+|$))*$/,
  PYTEST_ADDOPTS:
    /^\s*((-[qvsxlr][A-Za-z]*|--tb=\w+|--maxfail=\d+|-p\s*no:[\w.-]+|--no-header|--color=\w+|-n\s*(auto|\d+)|--disable-warnings|-W\s*[\w:.]+|--durations=\d+|--strict-markers)(\s+|$))*$/,
});

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
