// The network a curl or wget command reaches, read from its words as curl and wget read them:
// the host of each URL (a bare host too; a user name before `@` is none, a backslash is a letter),
// the flags that take a value (never the URL), a proxy, a resolve, a config or a list of URLs that
// send it elsewhere, and ports of this machine only where the agent's own processes listen.

export type NetworkNeed = { needs: false } | { needs: true; what: string; domains: readonly string[] | null };

export const none: NetworkNeed = { needs: false };
export const need = (what: string, domains: readonly string[] | null): NetworkNeed => ({ needs: true, what, domains });

export const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1', '0.0.0.0']);

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

/**
 * The host as curl and wget read a URL's authority: up to the first `/`, `?` or `#` (a backslash
 * is a letter there), after the last `@`, without a port; null when the word has no `://`.
 */
function rawHost(word: string): string | null {
  const at = word.indexOf('://');
  if (at < 0) return null;
  const authority = /^[^/?#]*/.exec(word.slice(at + 3))![0];
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const host = hostPort.startsWith('[') ? hostPort.slice(0, hostPort.indexOf(']') + 1) : hostPort.replace(/:\d*$/, '');
  return host.toLowerCase();
}

/** wget's flags that take a value (its -r, -c and -m take none, where curl's -r and -c do). */
const WGET_VALUE_FLAGS = new Set([
  '-O',
  '-o',
  '-a',
  '-P',
  '-t',
  '-T',
  '-w',
  '-Q',
  '-l',
  '-U',
  '-B',
  '-D',
  '-A',
  '-R',
  '-I',
  '-X',
  '--header',
  '--user-agent',
  '--output-document',
  '--output-file',
  '--append-output',
  '--directory-prefix',
  '--tries',
  '--timeout',
  '--wait',
  '--level',
  '--accept',
  '--reject',
  '--domains',
  '--exclude-domains',
  '--user',
  '--password',
  '--post-data',
  '--post-file',
  '--body-data',
  '--method',
  '--referer',
  '--load-cookies',
  '--save-cookies',
  '--base',
]);

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
  // Limits, timings and ranges: numbers and sizes, never a host.
  '--retry-delay',
  '--retry-max-time',
  '--max-filesize',
  '--limit-rate',
  '--keepalive-time',
  '--expect100-timeout',
  '--speed-limit',
  '--speed-time',
  '-Y',
  '-y',
  '--max-redirs',
  '--range',
  '--continue-at',
  '-C',
  '--time-cond',
  '-z',
  '--rate',
  '--parallel-max',
  '--happy-eyeballs-timeout-ms',
  '--trace',
  '--trace-ascii',
  '--stderr',
  '--output-dir',
  '--form-string',
  '--oauth2-bearer',
  '--proto',
  '--proto-redir',
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

/** The card for ports of this machine that none of the agent's own started processes listens on. */
function notOwnPorts(program: string, ports: readonly (number | string)[]): NetworkNeed {
  return need(
    `${program} reaches port ${ports.join(', ')} of this machine, which no process this agent started (\`start\`) listens on; a contained command reaches only those`,
    null,
  );
}

/**
 * `ownPorts`: the ports the agent's own started processes listen on (the only loopback ports a
 * contained command reaches); undefined when unknown (check-command: no processes to ask), which
 * takes every loopback URL for the agent's own.
 */
export function curlNeed(args: readonly string[], program: string, ownPorts?: readonly number[]): NetworkNeed {
  const hosts: string[] = [];
  const loopbackPorts: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    // A proxy, a host resolved or connected elsewhere, wget's own commands: another host, whatever the URL says.
    if (
      /^-[a-zA-Z]*x/.test(word!) ||
      /^--(proxy|preproxy|socks\d\w*|unix-socket|abstract-unix-socket|connect-to|resolve|doh-url|interface|haproxy\w*)/.test(
        word!,
      ) ||
      (program === 'wget' && (/^-[a-zA-Z]*e/.test(word!) || word!.startsWith('--execute')))
    ) {
      return need(`${program} ${word} goes through another host`, null);
    }
    // A config file or a list of URLs (curl -K, wget -i) names places this rule does not read.
    if (
      (program === 'curl' && (/^-[a-zA-Z]*K/.test(word!) || word!.startsWith('--config'))) ||
      (program === 'wget' && (/^-[a-zA-Z]*i/.test(word!) || word!.startsWith('--input-file')))
    )
      return need(`${program} ${word} reads the URLs it reaches from a file`, null);
    if ((program === 'wget' ? WGET_VALUE_FLAGS : CURL_VALUE_FLAGS).has(word!)) {
      i++;
      continue;
    }
    // `--url=URL` is a URL as an operand is.
    const url = word!.startsWith('--url=') ? word!.slice(6) : word!;
    if (url.startsWith('-')) continue;
    // Every operand of curl and wget is a URL: a bare `example.com` (or `b.txt`) is a host to reach.
    // A user name before `@` is no host (`localhost@example.com` reaches example.com).
    const bare = url.replace(/^[^/?#]*@/, '');
    const host = urlHost(url) ?? (/^[^/:?#@\s]+/.exec(bare)?.[0].toLowerCase() || null);
    if (host === null) continue;
    hosts.push(host);
    // curl reads a backslash as a letter, where a URL parser reads a slash (`http://127.0.0.1\@far/`):
    // both readings must be this machine.
    const asCurl = rawHost(url);
    if (asCurl !== null && asCurl !== host) hosts.push(asCurl);
    if (LOOPBACK.has(host)) loopbackPorts.push(urlPort(url));
  }
  const far = hosts.filter((h) => !LOOPBACK.has(h));
  if (far.length > 0) return need(`${program} reaches ${far.join(', ')}`, far.some((h) => h === '') ? null : far);
  const strange = ownPorts === undefined ? [] : loopbackPorts.filter((port) => !ownPorts.includes(port));
  if (strange.length > 0) {
    return notOwnPorts(program, strange);
  }
  return none;
}

/**
 * The path a URL on the command line asks a server for, as the server reads it: the query and the
 * fragment left off, percent-escapes decoded, dot segments taken out. Null when the word is not a
 * URL (or a bare `host:port/path`).
 */
export function urlPath(word: string): string | null {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(word);
  const bare = scheme ? null : /^(\[[0-9a-f:]+\]|[A-Za-z0-9.-]+):\d+(?=\/)/i.exec(word);
  const start = scheme?.[0].length ?? bare?.[0].length;
  if (start === undefined) return null;
  const raw = word.slice(start).replace(/[?#].*$/s, '');
  let decoded = raw;
  // A server may decode once more (a double escape, `%252e`): decoded until it no longer changes.
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      break;
    }
    if (next === decoded) break;
    decoded = next;
  }
  const parts: string[] = [];
  for (const part of decoded.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

/** Whether curl expands `{…}` and `[…]` in its URLs (its globbing, unless -g or --globoff). */
export function curlGlobs(program: string, args: readonly string[]): boolean {
  return program === 'curl' && !args.some((w) => w === '--globoff' || /^-[a-zA-Z]*g[a-zA-Z]*$/.test(w));
}

/** nc's options a port check may carry: -z (connect, send nothing), -v, -n (no name lookup), -4/-6, and -w SECONDS. */
const PORT_CHECK_FLAGS = /^-[zvn46]+$/;
/** Most ports one check may name in a range (`5170-5180`). */
const MOST_PORTS = 64;

/**
 * `nc -z HOST PORT…` (and ncat's, netcat's): a port check, which connects and sends nothing. Null
 * when the words are anything else (no -z, another option, UDP, a proxy, a program to run, a socket),
 * which the caller judges as nc by its nature. A port check of this machine needs no network when
 * each port is one the agent's own started processes listen on (`ownPorts`; every port when unknown).
 */
export function portCheckNeed(
  args: readonly string[],
  program: string,
  ownPorts?: readonly number[],
): NetworkNeed | null {
  let probe = false;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (word === '-w' && /^\d{1,3}$/.test(args[i + 1] ?? '')) {
      i++;
      continue;
    }
    if (/^-w\d{1,3}$/.test(word)) continue;
    if (PORT_CHECK_FLAGS.test(word)) {
      if (word.includes('z')) probe = true;
      continue;
    }
    if (word.startsWith('-')) return null;
    operands.push(word);
  }
  if (!probe || operands.length < 2) return null;
  const [host, ...portWords] = operands;
  // Each port word with the ports it names (a range names each of its ports).
  const named: { word: string; ports: number[] }[] = [];
  for (const word of portWords) {
    const range = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(word);
    if (!range) return null;
    const low = Number(range[1]);
    const high = range[2] === undefined ? low : Number(range[2]);
    if (high < low || high - low >= MOST_PORTS || high > 65_535) return null;
    named.push({ word, ports: Array.from({ length: high - low + 1 }, (_, k) => low + k) });
  }
  // Another host is reached as nc reaches any (the allowed domains go through a proxy nc does not use).
  if (!LOOPBACK.has(host!.toLowerCase())) return null;
  const strange =
    ownPorts === undefined ? [] : named.filter(({ ports }) => ports.some((port) => !ownPorts.includes(port)));
  if (strange.length > 0)
    return notOwnPorts(
      program,
      strange.map(({ word }) => word),
    );
  return none;
}
