// The path-containment corpus (SPEC §4): the payload lists path-traversal scanners send (dotdotpwn
// style), absolute paths to sensitive files, every deny-list entry in every spelling, symlink attacks,
// `.git` writes and working-directory variants — each line with its expected answer from oracle.ts.
// Paddock does not URL-decode: `%2e%2e` is a literal name that must stay inside.
import path from 'node:path';
import { expected, type Expect, type Purpose } from './oracle';
import { DENIED_FILES, DENY_ROOTS, HOME_ORDINARY, projectLinks, type CorpusTree } from './tree';

export interface CorpusCase {
  workspace: string;
  for: Purpose;
  cwd?: string;
  path: string;
  expect: Expect;
  /** Which family of attack the line comes from (for the failure report). */
  family: string;
}

const PURPOSES: readonly Purpose[] = ['read', 'write', 'run'];

/** `..` as scanners spell it; only the first is `..` to POSIX, the rest are literal names. */
const DOTS = [
  '..',
  '.%2e',
  '%2e.',
  '%2e%2e',
  '%2E%2E',
  '%252e%252e',
  '%c0%2e%c0%2e',
  '%c0%ae%c0%ae',
  '%e0%80%ae%e0%80%ae',
  '%uff0e%uff0e',
  '....',
  '...',
  '.. ',
  '..;',
  '..%00',
  '..%01',
  '. .',
  '..\u0000',
  '\uff0e\uff0e',
  '\u2024\u2024',
  '\u2025',
  '\ufe52\ufe52',
  '.\u200b.',
  '..\u00a0',
  '\u0660\u0660',
  '.\u0307.',
];
/** `/` as scanners spell it; only `/` (and `\\` to Windows readers) separates. */
const SEPS = [
  '/',
  '\\',
  '%2f',
  '%5c',
  '%252f',
  '%c0%af',
  '%c1%9c',
  '%e0%80%af',
  '\uff0f',
  '\u2215',
  '//',
  '/./',
  ';/',
  '\\/',
  '/\\',
  '%00/',
  '?/',
  '#/',
];
const TARGETS = [
  'etc/passwd',
  'etc/shadow',
  'outside/secret.txt',
  '.ssh/id_rsa',
  'windows/win.ini',
  'boot.ini',
  'proc/self/environ',
];
const COUNTS = [1, 2, 3, 4, 5, 6, 8, 10, 12];

function traversal(t: CorpusTree, add: (c: Omit<CorpusCase, 'expect'>) => void): void {
  for (const dots of DOTS) {
    for (const sep of SEPS) {
      for (const n of COUNTS)
        add({ workspace: t.proj, for: 'read', path: `${(dots + sep).repeat(n)}etc/passwd`, family: 'traversal' });
      add({
        workspace: t.proj,
        for: 'write',
        path: `${(dots + sep).repeat(2)}outside/secret.txt`,
        family: 'traversal',
      });
      add({ workspace: t.proj, for: 'run', path: `${(dots + sep).repeat(3)}etc/passwd`, family: 'traversal' });
    }
  }
  for (const target of TARGETS) {
    for (let n = 1; n <= 12; n++) {
      for (const pre of ['', './', 'src/', 'src/lib/', 'nonexistent/', 'in/', 'sub/']) {
        add({
          workspace: t.proj,
          for: n % 3 === 0 ? 'write' : 'read',
          path: `${pre}${'../'.repeat(n)}${target}`,
          family: 'traversal',
        });
      }
      add({ workspace: t.proj, for: 'read', path: `${'....//'.repeat(n)}${target}`, family: 'traversal' });
      add({ workspace: t.proj, for: 'read', path: `${'..\\'.repeat(n)}${target}`, family: 'traversal' });
      add({ workspace: t.proj, for: 'read', path: `${'../'.repeat(n)}${target}\u0000.png`, family: 'traversal' });
      add({
        workspace: t.proj,
        for: 'read',
        path: `${'./'.repeat(n)}${'../'.repeat(n)}${target}`,
        family: 'traversal',
      });
      add({ workspace: t.home, for: 'read', path: `proj/${'../'.repeat(n)}${target}`, family: 'traversal' });
    }
  }
  for (const tail of ['', '/', '.', ' ', '. ', '...', '::$DATA', '%20', '%00']) {
    add({ workspace: t.proj, for: 'read', path: `../..${tail}`, family: 'traversal' });
    add({ workspace: t.proj, for: 'read', path: `src/..${tail}/..${tail}/x`, family: 'traversal' });
    add({ workspace: t.proj, for: 'read', path: `README.md${tail}`, family: 'trailing' });
  }
}

const SENSITIVE = [
  '/etc/passwd',
  '/etc/shadow',
  '/etc/hosts',
  '/etc/sudoers',
  '/root/.ssh/id_rsa',
  '/root/.bash_history',
  '/proc/self/environ',
  '/proc/self/cmdline',
  '/proc/self/maps',
  '/proc/self/mem',
  '/proc/self/fd/0',
  '/proc/1/environ',
  '/proc/1/root/etc/passwd',
  '/proc/self/root/etc/passwd',
  '/proc/self/cwd/README.md',
  '/proc/thread-self/root/etc/passwd',
  '/dev/fd/0',
  '/dev/stdin',
  '/dev/null',
  '/dev/zero',
  '/dev/tcp/127.0.0.1/80',
  '/dev/shm/x',
  '/sys/class/net',
  '/sys/kernel/notes',
  '/var/log/syslog',
  '/tmp/x',
  '/',
  '//',
  '///etc/passwd',
  '/.',
  '/..',
  '/../../etc/passwd',
  '/etc/../etc/passwd',
  '/./etc/passwd',
  'C:\\Windows\\win.ini',
  'C:/Windows/System32/drivers/etc/hosts',
  'c:\\boot.ini',
  'C:',
  'C:..\\x',
  '\\\\server\\share\\x',
  '\\\\?\\C:\\Windows',
  '\\\\.\\pipe\\x',
  '//server/share/x',
  'file:///etc/passwd',
  'file://localhost/etc/passwd',
  'file:/etc/passwd',
  '\\etc\\passwd',
  '~',
  '~/',
  '~/.ssh/id_rsa',
  '~root/.ssh/id_rsa',
  '~+/x',
  '$HOME/.ssh/id_rsa',
  '${HOME}/.ssh',
  '%USERPROFILE%\\.ssh',
  '',
  '\u0000',
  'a\u0000/../../etc/passwd',
  '.\u0000',
  '\n/etc/passwd',
];

function absolutes(t: CorpusTree, add: (c: Omit<CorpusCase, 'expect'>) => void): void {
  const extra = [
    `/proc/self/root${t.proj}/README.md`,
    `/proc/${process.pid}/root${t.proj}/README.md`,
    `/proc/self/cwd/${t.proj}`,
    `${t.proj}/../proj-evil/x.txt`,
    `${t.proj}-evil/x.txt`,
    `${t.proj}/../../outside/secret.txt`,
    `${t.outside}/secret.txt`,
    `${t.home}/.ssh/id_rsa`,
    `${t.homeLink}/.ssh/id_rsa`,
    `${t.homeLink}/proj/../.ssh/id_rsa`,
    `${t.proj}/README.md`,
    `//proc/self/root${t.proj}/README.md`,
    `///proc/self/root${t.proj}/README.md`,
    `/./proc/self/root${t.proj}/README.md`,
    `/tmp/../proc/self/root${t.proj}/README.md`,
    `/../proc/${process.pid}/root${t.proj}`,
    `//proc/self/cwd`,
    `//dev/fd/0`,
    `/./dev/stdin`,
    `//sys/kernel/notes`,
    `${t.outside}/../../../proc/self/root${t.proj}/README.md`,
    `/proc/../${t.proj}/README.md`,
    `${t.proj}/./src//lib/a.ts`,
    `${t.proj}/`,
    t.proj,
    `${t.proj}/.`,
    `${t.proj}/..`,
    `${t.proj}/src/../../.ssh/id_rsa`,
  ];
  for (const ws of [t.proj, t.home, t.root]) {
    for (const p of [...SENSITIVE, ...extra])
      for (const purpose of PURPOSES) add({ workspace: ws, for: purpose, path: p, family: 'absolute' });
  }
}

/** Spellings of one HOME-relative entry, as seen from a workspace `prefix` above it ('' = HOME). */
function spellings(rel: string, prefix: string, t: CorpusTree): string[] {
  const p = prefix + rel;
  const dirs = rel.split('/');
  const first = dirs[0]!;
  return [
    p,
    `./${p}`,
    `${p}/`,
    `.//${p}`,
    `${prefix}proj/../${rel}`,
    `${prefix}nonexistent/../${rel}`,
    `${prefix}proj/src/../../${rel}`,
    `${prefix}./${dirs.join('/./')}`,
    `${prefix}${dirs.join('//')}`,
    `${prefix}${first}/../${rel}`,
    `${prefix}${rel}/.`,
    `${prefix}${rel}/../${dirs[dirs.length - 1]}`,
    `${prefix}${rel.toUpperCase()}`,
    `${prefix}${first.replace(/^\./, '.%2e')}`,
    `${prefix}${rel}.`,
    `${prefix}${rel} `,
    `${prefix}${rel}::$DATA`,
    `${prefix}${rel}\\`,
    `${prefix}${rel.replace(/\//g, '\\')}`,
    `${prefix}links/home/${rel}`,
    `${prefix}links/home/links/home/${rel}`,
    path.join(t.home, rel),
    `${t.homeLink}/${rel}`,
    `${t.home}/proj/../${rel}`,
    `${t.home}//${rel}`,
  ];
}

function denyList(t: CorpusTree, add: (c: Omit<CorpusCase, 'expect'>) => void): void {
  const entries = [
    ...new Set([
      ...DENY_ROOTS.map((r) => r.replace('*', '')),
      ...DENIED_FILES,
      '.cargo/credentials.json',
      '.cargo/credentialsX',
      '.ssh/new_key',
      '.aws/config',
      '.config/gh/new.yml',
    ]),
  ];
  const ordinary = [...HOME_ORDINARY, 'new-file.txt', '.config/new.txt'];
  for (const [ws, prefix] of [
    [t.home, ''],
    [t.root, 'home/'],
  ] as const) {
    for (const rel of entries) {
      for (const p of spellings(rel, prefix, t))
        add({ workspace: ws, for: p.length % 2 === 0 ? 'read' : 'write', path: p, family: 'deny-list' });
      for (const purpose of PURPOSES)
        add({ workspace: ws, for: purpose, path: `${prefix}${rel}`, family: 'deny-list' });
    }
    for (const rel of ordinary)
      for (const purpose of PURPOSES)
        add({ workspace: ws, for: purpose, path: `${prefix}${rel}`, family: 'deny-near-miss' });
    const via = [
      'links/ssh-via-homelink/id_rsa',
      'links/ssh-via-homelink',
      'links/ssh-detour',
      'links/readme-via-homelink',
      'links/zshrc',
      'dotfiles/zshrc',
      'dotfiles/fish/config.fish',
      'dotfiles/README.md',
      'links/ssh',
      'links/ssh/id_rsa',
      'links/aws-abs/credentials',
      'links/cargo/credentials',
      'links/cargo/credentials.toml',
      'links/cargo/config.toml',
      'links/rc',
      'links/config/gh/hosts.yml',
      'links/config/other/ok.txt',
      'links/config/Paddock/paddock.db',
      'links/paddock/repositories/p1/agent/src/x.ts',
      'links/paddock/logs/main.log',
      'links/home/.ssh',
      'links/home/notes.txt',
    ];
    for (const v of via)
      for (const purpose of PURPOSES)
        add({ workspace: ws, for: purpose, path: `${prefix}${v}`, family: 'deny-via-link' });
    const data = [
      '.config/Paddock',
      '.config/Paddock/paddock.db',
      '.config/Paddock/paddock.db-wal',
      '.config/Paddock/logs/main.log',
      '.config/Paddock/credentials/keys.json',
      '.config/Paddock/repositories',
      '.config/Paddock/repositories/p1',
      '.config/Paddock/repositories/p1/deploy-key',
      '.config/Paddock/repositories/p1/agent/src/x.ts',
      '.config/Paddock/repositories/p1/agent/new.ts',
      '.config/Paddock/repositories/p1/agent/../deploy-key',
      '.config/Paddock/repositories/p1/agent/../../../paddock.db',
      '.config/PADDOCK/paddock.db',
      '.config/Paddock/repositories/p1/agent/.git/config',
    ];
    for (const d of data)
      for (const purpose of PURPOSES) add({ workspace: ws, for: purpose, path: `${prefix}${d}`, family: 'data-dir' });
  }
  for (const p of [
    'src/x.ts',
    'new.ts',
    '.',
    '..',
    '../deploy-key',
    '../../../paddock.db',
    '../../../logs/main.log',
    `${t.dataDir}/paddock.db`,
    '.git/config',
    '.git/hooks/x',
  ]) {
    for (const purpose of PURPOSES) add({ workspace: t.worktree, for: purpose, path: p, family: 'worktree' });
  }
}

/** Workspaces inside HOME beside denied places: the deny list holds from below, too. */
function besideDenied(t: CorpusTree, add: (c: Omit<CorpusCase, 'expect'>) => void): void {
  const spots: Record<string, string[]> = {
    dotfiles: [
      'zshrc',
      'fish/config.fish',
      'fish',
      'README.md',
      'new.txt',
      './zshrc',
      'x/../zshrc',
      'fish/../zshrc',
      `${t.home}/dotfiles/zshrc`,
      `${t.homeLink}/dotfiles/zshrc`,
    ],
    '.config': [
      'gh/hosts.yml',
      'git/config',
      'fish/config.fish',
      'gcloud/credentials.db',
      'autostart/x.desktop',
      'systemd/user/x.service',
      'Paddock/paddock.db',
      'Paddock/repositories/p1/agent/src/x.ts',
      'other/ok.txt',
      'github/x',
      'new.txt',
      './gh/',
      'other/../gh/hosts.yml',
    ],
    '.cargo': [
      'credentials',
      'credentials.toml',
      'credentialsX',
      'config.toml',
      'registry/index.txt',
      './credentials',
      'registry/../credentials.toml',
    ],
    '.local': ['bin/tool', 'bin', 'share/x.txt', 'share/../bin/tool', './bin/'],
    Library: [
      'LaunchAgents/x.plist',
      'Keychains/login.keychain-db',
      'Preferences/x.plist',
      'Preferences/../LaunchAgents/new.plist',
    ],
  };
  for (const [dir, paths] of Object.entries(spots)) {
    for (const p of paths)
      for (const purpose of PURPOSES)
        add({ workspace: path.join(t.home, dir), for: purpose, path: p, family: 'beside-denied' });
  }
}

function symlinks(t: CorpusTree, add: (c: Omit<CorpusCase, 'expect'>) => void): void {
  const suffixes = [
    '',
    '/',
    '/.',
    '/README.md',
    '/a.ts',
    '/lib/a.ts',
    '/etc/passwd',
    '/secret.txt',
    '/id_rsa',
    '/.ssh/id_rsa',
    '/..',
    '/../..',
    '/../README.md',
    '/new/file.txt',
    `${t.proj}/README.md`,
    '/proj/README.md',
    '/x',
  ];
  for (const name of Object.keys(projectLinks(t))) {
    for (const s of suffixes)
      for (const purpose of PURPOSES) add({ workspace: t.proj, for: purpose, path: `${name}${s}`, family: 'symlink' });
    for (const purpose of PURPOSES)
      add({ workspace: t.proj, for: purpose, path: `./src/../${name}/x`, family: 'symlink' });
  }
  for (const chain of [
    'dot/dot/dot/README.md',
    'dot/in/a.ts',
    'in/../lib/a.ts',
    'sub/lib/a.ts',
    'sub/back',
    'src/up/README.md',
    'src/up/src/up/README.md',
    'src/upup/.ssh/id_rsa',
    'dot/up/.ssh/id_rsa',
    'inabs/lib/../../README.md',
  ]) {
    for (const purpose of PURPOSES) add({ workspace: t.proj, for: purpose, path: chain, family: 'symlink-chain' });
  }
}

const GIT_SPELLINGS = [
  '.git/config',
  '.git/hooks/pre-commit',
  '.GIT/config',
  '.Git/hooks/post-checkout',
  '.gIt/HEAD',
  './.git/config',
  '.git//config',
  'src/../.git/config',
  '.git/',
  '.git',
  '.git/.',
  'src/.git/x',
  'new/.GIT/hooks/x',
  'g/config',
  'g/hooks/pre-commit',
  'g',
  '.git./config',
  '.git /config',
  '.git::$INDEX_ALLOCATION/config',
  'GIT~1/config',
  'git~1/hooks/x',
  '.git\\config',
  '.git\\hooks\\pre-commit',
  '.git%2fconfig',
  '.git\u200b/config',
  '.g\u0131t/config',
  '.git/objects/../hooks/x',
  'sub/../.git/x',
];

function gitWrites(t: CorpusTree, add: (c: Omit<CorpusCase, 'expect'>) => void): void {
  for (const p of GIT_SPELLINGS)
    for (const purpose of PURPOSES) add({ workspace: t.proj, for: purpose, path: p, family: 'git' });
  for (const p of GIT_SPELLINGS) add({ workspace: t.proj, for: 'write', path: `${t.proj}/${p}`, family: 'git' });
  for (const cwd of ['.git', '.git/hooks', 'g', 'g/hooks', '.GIT', 'src/../.git', './.git/']) {
    for (const p of ['config', 'pre-commit', '.', 'x/y'])
      for (const purpose of PURPOSES) add({ workspace: t.proj, for: purpose, cwd, path: p, family: 'git-cwd' });
  }
  for (const p of ['.github/workflows/ci.yml', '.gitignore', '.gitattributes', 'git/x', '.gitx/y', 'x.git/y'])
    for (const purpose of PURPOSES) add({ workspace: t.proj, for: purpose, path: p, family: 'git-near-miss' });
}

function workingDirectories(t: CorpusTree, add: (c: Omit<CorpusCase, 'expect'>) => void): void {
  const cwds = [
    `//proc/self/root${t.proj}`,
    `/./proc/self/root${t.proj}/src`,
    '',
    '.',
    './',
    'src',
    'src/lib',
    './src/',
    'src//lib/',
    'in',
    'sub',
    'out',
    'up',
    'dot',
    'root',
    'procroot',
    '..',
    '../..',
    'src/../..',
    '/etc',
    t.proj,
    `${t.proj}/src`,
    t.outside,
    'README.md',
    'nonexistent',
    '~',
    '~/.ssh',
    'dang',
    'loop1',
    'src\\lib',
    '..\\..',
    'C:\\',
    '\u0000',
    'src/\u0000',
    '\uff0e\uff0e',
  ];
  const paths = [
    'README.md',
    'a.ts',
    'lib/a.ts',
    '../README.md',
    '../../README.md',
    '../../../etc/passwd',
    '.',
    '..',
    '/etc/passwd',
    `${t.proj}/README.md`,
    'new.txt',
    '../.git/config',
    '../../.ssh/id_rsa',
  ];
  for (const cwd of cwds)
    for (const p of paths)
      for (const purpose of PURPOSES) add({ workspace: t.proj, for: purpose, cwd, path: p, family: 'cwd' });
}

function ordinary(t: CorpusTree, add: (c: Omit<CorpusCase, 'expect'>) => void): void {
  const names = [
    'README.md',
    'src/index.ts',
    'src/lib/a.ts',
    'new.txt',
    'src/new/deep/file.ts',
    '.',
    './',
    'src/',
    '...',
    '....',
    '.. .',
    '%2e%2e',
    '%2e%2e/%2e%2e/etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '..%252f..%252fetc',
    '..%c0%af..%c0%afetc',
    '....//....//etc',
    '..;/..;/etc',
    'a..b',
    '..a',
    'a..',
    '.hidden',
    'file:',
    'caf\u00e9.txt',
    'docs-real/guide.md',
    'proj/README.md',
    '-rf',
    '--help',
    '*',
    '?',
    '[a]',
    '$(id)',
    '`id`',
    "'",
    '"',
    ' leading',
    'trailing ',
    'x'.repeat(255),
  ];
  for (const n of names)
    for (const purpose of PURPOSES) add({ workspace: t.proj, for: purpose, path: n, family: 'ordinary' });
}

export function generateCorpus(t: CorpusTree): CorpusCase[] {
  const cases: CorpusCase[] = [];
  const seen = new Set<string>();
  const add = (c: Omit<CorpusCase, 'expect'>): void => {
    const key = JSON.stringify([c.workspace, c.for, c.cwd, c.path]);
    if (seen.has(key)) return;
    seen.add(key);
    cases.push({ ...c, expect: expected(t, c.workspace, c.for, c.cwd, c.path) });
  };
  traversal(t, add);
  absolutes(t, add);
  denyList(t, add);
  besideDenied(t, add);
  symlinks(t, add);
  gitWrites(t, add);
  workingDirectories(t, add);
  ordinary(t, add);
  return cases;
}
