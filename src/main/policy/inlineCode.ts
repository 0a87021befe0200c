// Code given on a command line (`python3 -c`, `node -e`, `perl -e`…), read for what contained mode
// must see (policy/contained.ts): whether it runs programs or code it builds, reaches files through
// modules and lookups this rule cannot read, lists folders, writes or deletes files, or opens a file
// by a name it computes; and the names, written whole, that it opens (each judged as a place). A
// heuristic (docs/sandbox.md): what it does not recognise runs, contained.

/** Calls in code given on a command line that run programs or code this rule cannot read. */
const CODE_RUNS =
  /\b(subprocess|os\.(system|popen|exec\w*|spawn\w*|fork)|pty\.spawn|child_process|exec(File)?Sync|spawnSync|eval|exec|__import__|importlib|getattr|globals|Function|vm\.run\w*|system|popen|shell_exec|passthru|proc_open|IO\.popen|Open3)\s*[(.[]/;
/**
 * Perl's and Ruby's calls written without parentheses (`system "cat", "x"`, `do "x.pl"`, `require
 * "./x"`, `load "x.rb"`, `qw(…)` lists), the modules that open files or the network by name, and a
 * library path given to them: code and files this rule does not read.
 */
const SCRIPT_RUNS =
  /\b(system|exec|eval|do|require|load|require_relative|spawn|syscall|readpipe)\s*(["'$@({]|qw\b|q\b)|\buse\s+lib\b|\b(IO::File|IO::Handle|File::Copy|File::Slurp|Path::Tiny|Net::\w+|LWP\b|HTTP::\w+|Socket|IO::Socket|socket|TCPSocket|UDPSocket|Open3|gethostbyname|getaddrinfo|gethost\w*)\b/;
/** Ruby's, Perl's and PHP's backticks and %x run a shell command (in JavaScript a backtick is a string); Perl's readpipe and IPC modules too. */
const SHELL_QUOTES = /`|%x[({[|]|\bqx\s*[({[|/]|\breadpipe\b|\bopen[23]\b|\bIPC::/;
const HAS_SHELL_QUOTES = new Set(['ruby', 'perl', 'php']);
/**
 * Modules, names and shapes through which code reaches files or programs by names this rule cannot
 * read: process and import machinery, lookups of a name by text, modules that read, copy or write
 * files, and calls that write, link, move or truncate them.
 */
const CODE_REACHES =
  /\b(subprocess|child_process|pty|ctypes|importlib|builtins|__builtins__|operator|vars|locals|getattr|setattr|__dict__|__getattribute__|linecache|fileinput|shutil|mmap|runpy|pickle|marshal|shelve|spawn|execFile|fork|worker_threads|sysopen|File::Copy|PosixPath|WindowsPath|PurePosixPath|FileIO|py_compile|compileall|venv|zipapp|cookiejar|dbm)\b|\bos\.(link|symlink|replace|rename|truncate|sendfile|remove|unlink|makedirs)\b|\b(writeFile|appendFile|copyFile|truncate|rename|link|symlink|cp|rm)(Sync)?\s*\(|\bprocess\.binding\b|\bimport\s[^;\n]*\b(system|popen|exec\w*|spawn\w*|remove|unlink|rename|replace|link|symlink|truncate)\b|\bopen(Sync)?\s*\([^)]*,\s*['"][^'"]*[wax+]|\.open\s*\(\s*['"][^'"]*[wax+]|\bO_(WRONLY|RDWR|TRUNC|CREAT|APPEND)\b|\b(createWriteStream|WriteStream)\b|\bmode\s*=\s*['"][^'"]*[wax+]|\bopenSync\s*\([^,)]*,\s*\d|\b(ZipFile|TarFile|zipfile|tarfile|chdir|basicConfig|FileHandler|RotatingFileHandler|TimedRotatingFileHandler)\b|\b(gzip|bz2|lzma)\.open\b|\bopen\s*\(\s*(?:'[^']*'|"[^"]*")\s*,\s*[A-Za-z_$][\w$]*\s*[,)]|\bmode\s*=\s*[A-Za-z_$]|\[\s*['"`][A-Za-z_$][\w$]*['"`]\s*\]\s*\(|\bPath\s*\([^)]*\)\s*\.\s*(replace|rename|symlink_to|hardlink_to|link_to|chmod|lchmod|touch|unlink|rmdir)\s*\(/;
/**
 * Python's doors from any object to any module (`which.__globals__['copyfile']`, `().__class__.__base__
 * .__subclasses__()`, `inspect.getmodule(f)`, `sys.modules`, `gc.get_referrers`, a frame's
 * `f_globals`): a dunder attribute other than the few that name or describe, the modules and
 * attributes that hand out others; and shutil's copies however they were reached.
 */
/** A folder named whole that is not the workspace's given to Python's module path (`sys.path.insert(0, "/x")`). */
const PATH_ELSEWHERE = /\bsys\s*\.\s*path\s*\.\s*(insert|append|extend)\s*\([^)]*(['"])(\/|~|\.\.)/;
const CODE_INTROSPECTS =
  /\b__(?!(?:name|file|version|doc|main|init|qualname)__)\w+__\b|\b(inspect|sys\s*\.\s*modules|gc\s*\.\s*get_\w+|_getframe|f_globals|f_locals|f_builtins|f_back|[gc]i_frame|cr_frame|ag_frame|tb_frame|tb_next)\b|\b(copyfile|copytree|copy2|copyfileobj|copymode|copystat|make_archive|unpack_archive|chown)\s*\(/;
/** A name built by concatenation inside brackets (`f['read'+'FileSync']`), or a path joined with `/`. */
const CODE_COMPUTES = /\[[^\]]*['"`]\s*\+|\+\s*['"`][^\]]*\]|Path\([^)]*\)\s*\//;

/** Names of calls that open or read a file by the name given first. */
const CODE_OPENS =
  /\b(open|io\.open|open_code|codecs\.open|os\.open|FileIO|Path|PurePath|readFileSync|readFile|createReadStream|ReadStream|openAsBlob|openSync|File\.(read|open|readlines|binread|foreach)|IO\.(read|readlines|binread|foreach)|file_get_contents|fopen|readfile|loadtxt|read_csv|read_json|require(?=\s*\()|import(?=\s*\()|read(?=\s*\(\s*[^)\s\d-])|netrc|_load|createRequire|tie|mkdir|makedirs|mkdirSync|connect|fileConfig|minidom\.parse|ElementTree\.parse|ET\.parse|etree\.parse|sax\.parse|pulldom\.parse|iterparse|read_mime_types|cmp|load_verify_locations|genfromtxt|dlopen)\b/g;
/**
 * importlib's lookups of what is installed (`importlib.util.find_spec('pytest')`,
 * `importlib.metadata.version('requests')`, and their imports): they import and read nothing (a
 * distribution's `read_text` reads any path: not among them).
 */
const LOOKS_UP_PACKAGES =
  /\b(from\s+importlib\.(util|metadata)\s+import\s+(find_spec|version)(\s*,\s*(find_spec|version))*(?=\s*(;|\n|$))|import\s+importlib\.(util|metadata)(?=\s*(;|\n|$))|importlib\.(util\.find_spec|metadata\.version)(?=\s*\())/g;
/**
 * shutil's lookup of a program in PATH (`shutil.which('node')`) and of the terminal's size, and
 * their imports (`import sys, shutil`, `from shutil import which, get_terminal_size`): they print
 * where a name is found or how wide the terminal is, and open nothing. Any other mention of shutil
 * (rmtree, copy) is still read as one, and so is a dunder of theirs (`which.__globals__`).
 */
function withoutProgramLookups(code: string): string {
  return code
    .replace(/(?<!\bfrom\s+[\w.]+\s+)\bimport\s+([\w.]+(?:\s*,\s*[\w.]+)*)(?=\s*(;|\n|$))/g, (whole, list: string) => {
      const names = list.split(/\s*,\s*/);
      if (!names.includes('shutil')) return whole;
      const rest = names.filter((n) => n !== 'shutil');
      return rest.length > 0 ? `import ${rest.join(', ')}` : ' _paddock_lookup_ ';
    })
    .replace(
      /\bfrom\s+shutil\s+import\s+(which|get_terminal_size)(\s*,\s*(which|get_terminal_size))*(?=\s*(;|\n|$))/g,
      ' _paddock_lookup_ ',
    )
    .replace(/\bshutil\.(which|get_terminal_size)(?=\s*\()/g, ' _paddock_lookup_ ');
}

/** A Python import statement that renames nothing (`import os, json`, `from pathlib import Path`), to its end. */
const PLAIN_IMPORT = /\b(?:from\s+[\w.]+\s+)?import\s+[\w.]+(?:\s*,\s*[\w.]+)*(?=\s*(;|\n|$))/g;

/**
 * Writes to a file named whole, each a write to that name (judged as a redirect to it is):
 * `open('out.md', 'w')` (any mode that writes), `writeFileSync('x.json', …)` and its kin,
 * `Path('notes.txt').write_text(…)`. The name is the second group.
 */
const CODE_WRITES: readonly RegExp[] = [
  /\b(?:open|openSync)\s*\(\s*(['"])([^'"\\]+)\1\s*,\s*(['"])[^'"\\]*[wax+][^'"\\]*\3\s*[,)]/g,
  /\b(?:writeFileSync|appendFileSync|writeFile|appendFile|createWriteStream|WriteStream)\s*\(\s*(['"])([^'"\\]+)\1\s*[,)]/g,
  /\bPath\s*\(\s*(['"])([^'"\\]+)\1\s*\)\s*\.\s*(?:write_text|write_bytes|open\s*\(\s*['"][^'"\\]*[wax+])/g,
  /\bos\.open\s*\(\s*(['"])([^'"\\]+)\1\s*,[^)]*\bO_(?:WRONLY|RDWR|TRUNC|CREAT|APPEND)/g,
  // A database sqlite3 opens may be changed by what the code runs in it; what urlretrieve fetches
  // is written over its second name; Ruby's File.write.
  /\b(?:sqlite3\s*\.\s*)?connect\s*\(\s*(['"])([^'"\\]+\.(?:db|sqlite3?|db3|sqlitedb))\1/g,
  /\bsqlite3\s*\.\s*connect\s*\(\s*(['"])([^'"\\]+)\1/g,
  /\burlretrieve\s*\([^,()]*,\s*(['"])([^'"\\]+)\1/g,
  /\b(?:File|IO)\s*\.\s*(?:write|binwrite)\s*\(\s*(['"])([^'"\\]+)\1/g,
];

/** The names, written whole, that code given on a command line writes (each judged as a write to it). */
export function codeWritesNames(code: string): string[] {
  return CODE_WRITES.flatMap((write) => [...code.matchAll(write)].map((m) => m[2]!));
}

function withoutWrites(code: string): string {
  return CODE_WRITES.reduce((rest, write) => rest.replace(write, ' _paddock_write_( '), code);
}

/**
 * Calls and modules that run a string as code, beyond CODE_RUNS's: Python's timeit, pdb, profile and
 * cProfile run their statement, compile() and types build functions; Node's vm runs a string, and a
 * function's constructor is Function.
 */
const EVALUATES =
  /\b(timeit|pdb|cProfile|profile|code\.(interact|InteractiveInterpreter|InteractiveConsole)|FunctionType|CodeType|runInThisContext|runInNewContext|runInContext|compileFunction)\s*[(.]|\btrace\.Trace\b|(?<![.\w])compile\s*\(|\bconstructor\s*[([]|\bnew\s+Function\b|\bnode:vm\b|['"]vm['"]/;
/** Perl's `s/…/…/e`: the replacement is run as code. */
const PERL_EVAL_REPLACE = /\bs\s*([^\w\s])(?:(?!\1).)*\1(?:(?!\1).)*\1[a-z]*e/;
/** Escapes that spell characters by number or name (`\x2e`, `\u002e`, `\N{FULL STOP}`, `\056`). */
const ESCAPED_TEXT = /\\(x[0-9a-fA-F]|u[0-9a-fA-F{]|U[0-9a-fA-F]|N\{|[0-7]{2,3})/;
/**
 * Two string literals joined by `+` (Perl's and PHP's `.`), a name spelled in pieces (`'.e'+'nv'`):
 * the text it makes is not read. (A literal joined to a variable, `'n=' + n`, is not this.)
 */
const JOINED_LITERALS = /['"`]\s*\+\s*['"`]/;
const JOINED_LITERALS_DOT = /['"]\s*\.\s*['"]/;
/**
 * A member looked up by a key the code computes, then called (`fs[k](…)`, `process[keys.find(…)]()`):
 * which function runs is not read. (A key written whole, `x['name'](…)`, is read as that name.)
 */
const COMPUTED_CALL = /\[(?!\s*(['"`])[\w$]*\1\s*\])[^\]\n]*\]\s*\(/;
/**
 * Library calls that open a file by the name given to them and print or return its text: Python's
 * warnings that quote a line of a file named (`warn_explicit`, `formatwarning`, `showwarning`),
 * `pkgutil.get_data`, `uu`, `binhex`, `quopri`, `doctest.testfile`, `tokenize.open`, `pydoc`; Perl's
 * compression and archive modules, which pass a plain file through (`gunzip ".env" => "-"`).
 */
const LIBRARY_READS =
  /\b(warn_explicit|formatwarning|showwarning|pkgutil|uu\s*\.\s*(encode|decode)|binhex|quopri|testfile|DocFileSuite|tokenize\s*\.\s*open|pydoc|zipimport|IO::Uncompress|IO::Compress|IO::Any|Archive::\w+|Compress::\w+)\b/;
/**
 * Whether Python code holds two string literals with only blanks between them, which Python joins
 * into one (`'.en' 'v'`): read literal by literal (prefixes, triple quotes, escapes, comments).
 */
function adjacentStrings(code: string): boolean {
  let i = 0;
  let lastStringEnd = -1;
  while (i < code.length) {
    const c = code[i]!;
    if (c === '#') {
      const nl = code.indexOf('\n', i);
      i = nl === -1 ? code.length : nl;
      continue;
    }
    if (c === "'" || c === '"') {
      if (lastStringEnd !== -1 && /^[\s\\]*$/.test(code.slice(lastStringEnd, i).replace(/^[rRbBuUfF]+/, '')))
        return true;
      const triple = code.startsWith(c.repeat(3), i);
      const quote = triple ? c.repeat(3) : c;
      let j = i + quote.length;
      while (j < code.length && !code.startsWith(quote, j)) j += code[j] === '\\' ? 2 : 1;
      i = j + quote.length;
      lastStringEnd = i;
      continue;
    }
    // A string's prefix (f'', rb"") stands between the blanks and the quote: let it pass.
    if (/[rRbBuUfF]/.test(c) && /^[rRbBuUfF]{1,2}['"]/.test(code.slice(i)) && !/[\w]/.test(code[i - 1] ?? '')) {
      const prefix = /^[rRbBuUfF]{1,2}/.exec(code.slice(i))![0];
      if (lastStringEnd !== -1 && /^[\s\\]*$/.test(code.slice(lastStringEnd, i))) return true;
      i += prefix.length;
      continue;
    }
    if (!/\s/.test(c)) lastStringEnd = -1;
    i++;
  }
  return false;
}

/** Calls that list names, which then name files by text this rule never sees. */
const CODE_LISTS =
  /\b(listdir|scandir|os\.walk|os\.fwalk|glob|iglob|rglob|iterdir|readdirSync|readdir|opendirSync|Dir\.(glob|entries|children|\[)|opendir)\b/;
/** A listing call given nothing or a name written whole (and options, as in `glob('**', recursive=True)`). */
const LISTING_CALL =
  /(?:\bos\.f?walk|\bDir\.(?:glob|entries|children)|\b(?:listdir|scandir|glob|iglob|rglob|iterdir|readdirSync|readdir|opendirSync|opendir))\s*\(\s*(?:(['"])([^'"\\]*)\1\s*(?:,[^()]*)?)?\)/g;
/** What code that only lists may still do: look at kinds and existence, load the modules it lists with. */
const LISTING_HARMLESS =
  /\brequire\s*\(\s*(['"])(node:)?(fs|path)\1\s*\)|\b(is_file|is_dir|isfile|isdir|exists|isFile|isDirectory|withFileTypes)\b/g;
/** Left in listing code, a way to read what it found (or to run something with it). */
const READS_FOUND =
  /read|open|load|stream|copy|exec|spawn|import\s*\(|require|file|\bIO\b|content|slurp|source|cat\b|replace|rename|unlink|rmdir|remove|chmod|symlink|link|touch|write|move|truncate/i;

/**
 * Whether code that lists folders does nothing but print names: every listing call is given
 * nothing or a name written whole (the caller judges it as a place: codeListsNames), and once those
 * and the kinds and existence checks are taken out, nothing in it reads, opens or runs.
 */
function listsOnly(code: string): boolean {
  // Python's import statements name modules (`import glob`, `from os import walk`), not calls.
  const body = code.replace(PLAIN_IMPORT, ' ');
  const calls = [...body.matchAll(LISTING_CALL)].length;
  // `glob.glob(…)`: the module's name before its function's is no call of its own.
  const mentions = [...body.matchAll(new RegExp(CODE_LISTS.source, 'g'))].filter(
    (m) => !/^\s*\./.test(body.slice((m.index ?? 0) + m[0].length)),
  ).length;
  if (calls === 0 || calls !== mentions) return false;
  return !READS_FOUND.test(body.replace(LISTING_CALL, ' ').replace(LISTING_HARMLESS, ' '));
}

/** The folders, written whole, that code given on a command line lists (each judged as a place). */
export function codeListsNames(code: string): string[] {
  // A pattern's wildcard parts stand for a folder each (`*/../../*` lists two above): only its
  // literal parts and `..` are kept, judged as the place the listing may reach.
  return [...code.matchAll(LISTING_CALL)].flatMap((m) =>
    m[2]
      ? [
          m[2]
            .split('/')
            .map((part) => (/[*?[]/.test(part) ? 'x' : part))
            .join('/') || '.',
        ]
      : [],
  );
}

/** Calls that delete or move files (a loss this rule judges only as rm and mv). */
const CODE_DELETES =
  /\b(rmtree|remove_tree|remove|removedirs|unlink|unlinkSync|rmdir|rmdirSync|rmSync|rm|rename|renameSync|move|delete|rm_rf|rm_r|truncate)\s*(\(|['"$@])/;
/** Perl's and Ruby's reading of the files their argument list names (`@ARGV`, `<>`, `ARGF`). */
const READS_ARGV = /@ARGV|\$ARGV|<>|\bARGF\b|\bARGV\b/;

/**
 * What code given on a command line (`python3 -c`, `node -e`) does that this rule cannot read: it
 * runs programs or code it builds, lists folders, deletes or moves files, or opens a file by a name
 * it computes (`open('.e'+'nv')`, `o=open`, `open.__call__`, `map(open, …)`). Code whose every
 * mention of an opening call is that call given one name written whole passes, each name read for a
 * secrets file's (mentionsSecret).
 */
/** The names, written whole, that code given on a command line opens (each judged as a place). */
export function codeOpensNames(code: string): string[] {
  // A static import (`import "./x.mjs"`, `import x from "./x.json"`) opens its name as require does.
  const imports = [...code.matchAll(/\bimport\s+(?:[\w$*{}\s,]+\s+from\s+)?(['"])([^'"\\]+)\1/g)].map((m) => m[2]!);
  return [
    ...imports,
    ...[...code.matchAll(CODE_OPENS)].flatMap((call) => {
      const literal = /^\s*\(\s*(['"])([^'"\\]*)\1\s*[,)]/.exec(code.slice((call.index ?? 0) + call[0].length));
      if (!literal || literal[2] === '') return [];
      const name = literal[2]!;
      // Node's require and import resolve a relative name without its extension (`./config/credentials`
      // is credentials.json) or to a folder's index: each file it may open.
      if ((call[0] === 'require' || call[0] === 'import') && /^\.{0,2}\//.test(name) && !/\.[\w]+$/.test(name))
        return [
          name,
          ...['.js', '.json', '.cjs', '.mjs', '.node', '/index.js', '/index.json'].map((ext) => name + ext),
        ];
      return [name];
    }),
  ];
}

export function inlineCodeProblem(program: string, given: string): string | null {
  // Lookups of an installed package's facts run nothing; writes to a name written whole are judged
  // as writes to it (codeWritesNames, by the caller).
  const code = withoutWrites(withoutProgramLookups(given.replace(LOOKS_UP_PACKAGES, ' _paddock_lookup_ ')));
  if (CODE_RUNS.test(code) || (HAS_SHELL_QUOTES.has(program) && (SHELL_QUOTES.test(code) || SCRIPT_RUNS.test(code))))
    return `${program}'s code runs programs or code it builds, which this rule does not read`;
  if (EVALUATES.test(code) || (program === 'perl' && PERL_EVAL_REPLACE.test(code)))
    return `${program}'s code runs code it builds, which this rule does not read`;
  if (
    ESCAPED_TEXT.test(code) ||
    JOINED_LITERALS.test(code) ||
    ((program === 'perl' || program === 'php') && JOINED_LITERALS_DOT.test(code)) ||
    (/^python/.test(program) && adjacentStrings(code))
  )
    return `${program}'s code spells text with escapes or joined pieces, which this rule does not read as the names it makes`;
  if (
    CODE_REACHES.test(code) ||
    CODE_COMPUTES.test(code) ||
    CODE_INTROSPECTS.test(code) ||
    PATH_ELSEWHERE.test(code) ||
    COMPUTED_CALL.test(code) ||
    LIBRARY_READS.test(code)
  )
    return `${program}'s code reaches files or programs by names or modules this rule does not read`;
  if (CODE_LISTS.test(code) && !listsOnly(code))
    return `${program}'s code lists folders, and opens what it finds by names this rule never sees`;
  if (CODE_DELETES.test(code))
    return `${program}'s code deletes or moves files, which this rule reads only as rm and mv`;
  // Perl's `<../*>` is a glob: names listed, maybe above the workspace.
  if (program === 'perl' && /<[^<>\s]*[*?{~][^<>]*>/.test(code))
    return `${program}'s code lists folders with a glob, which this rule does not read`;
  if (HAS_SHELL_QUOTES.has(program) && READS_ARGV.test(code))
    return `${program}'s code reads the files its argument list names, which this rule does not read`;
  // Python's import statements name what later calls use (`from pathlib import Path`); one that
  // renames (`import … as P`) is left in, so that its name is read as the opening call it is.
  const calls = code.replace(PLAIN_IMPORT, ' ');
  for (const call of calls.matchAll(CODE_OPENS)) {
    const after = calls.slice((call.index ?? 0) + call[0].length);
    // The script's own path (`Path(__file__)`, Python's) is a name written whole: its own file.
    if (
      !/^\s*\(\s*(['"])[^'"\\]*\1\s*[,)]/.test(after) &&
      !(/^(Pure)?Path$/.test(call[0]) && /^\s*\(\s*__file__\s*\)/.test(after))
    )
      return `${program}'s code opens a file by a name it computes, which this rule cannot read`;
  }
  return null;
}

/**
 * Loaders of a `.env` file that code on a command line may call, which then holds its secrets in
 * the environment it prints (`load_dotenv()`, `dotenv_values()`, `require('dotenv').config()`,
 * Node's `process.loadEnvFile()`, python-decouple, environs' `read_env`, pydantic's `env_file`).
 */
const LOADS_ENV_FILE = /\b(dotenv\w*|load_dotenv|dotenv_values|find_dotenv|loadEnvFile|read_env|decouple|env_file)\b/i;

/** The .env loader that code given on a command line calls, or null. */
export function codeLoadsEnvFile(code: string): string | null {
  return LOADS_ENV_FILE.exec(code)?.[1] ?? null;
}

/** Calls of code on a command line that reach another host. */
const CODE_NETWORK =
  /\b(urllib|urlopen|requests\.|httpx|aiohttp|http\.client|socket|smtplib|ftplib|telnetlib|xmlrpc|fetch\s*\(|XMLHttpRequest|WebSocket|net\.connect|net\.createConnection|dgram|https?\.(get|request)\s*\(|Net::HTTP|open-uri|LWP|HTTP::Tiny|IO::Socket|fsockopen|curl_init|require\s*\(\s*['"](?:node:)?(?:https?|http2|net|tls|dgram|dns|undici)['"]|['"]node:(?:https?|http2|net|tls|dgram|dns)['"])/;

/** Hosts of this machine, where the agent's own started processes listen. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '0.0.0.0']);

/**
 * What code on a command line reaches of the network, or null: none when every address it names is
 * a URL on this machine (`urlopen('http://127.0.0.1:8000/')`, the agent's own dev server) and it
 * opens no socket of its own.
 */
export function codeNetwork(code: string): string | null {
  const reaches = CODE_NETWORK.exec(code)?.[1];
  if (reaches === undefined) return null;
  const hosts = [...code.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/([^/'"`\s?#]*)/gi)].map((m) =>
    m[1]!.replace(/^.*@/, '').replace(/:\d*$/, '').toLowerCase(),
  );
  const ownOnly = hosts.length > 0 && hosts.every((h) => LOOPBACK_HOSTS.has(h));
  return ownOnly && !/\b(socket|net\.|dgram|IO::Socket|fsockopen)/.test(code) ? null : reaches;
}
