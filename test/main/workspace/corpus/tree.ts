// The real tree the path-containment corpus runs against (SPEC §4): a fake HOME holding every entry of
// the deny list with a secret inside, Paddock's data directory at its default place under that HOME,
// a project workspace with inward, outward, dangling and looping links and a .git, and an outside.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface CorpusTree {
  /** Real temp root: above HOME (also used as a workspace). */
  root: string;
  home: string;
  /** The project workspace, home/proj. */
  proj: string;
  /** Paddock's data directory at its Linux default, home/.config/Paddock. */
  dataDir: string;
  /** A connected worktree under the data directory. */
  worktree: string;
  outside: string;
  /** root/homelink → home: HOME reached through a link. */
  homeLink: string;
  cleanup(): void;
}

/** Every deny-list entry of SPEC §4, relative to HOME, and the file holding its secret. */
export const DENIED_FILES: readonly string[] = [
  '.ssh/id_rsa',
  '.ssh/authorized_keys',
  '.aws/credentials',
  '.gnupg/private-keys-v1.d/key.key',
  '.npmrc',
  '.netrc',
  '.gitconfig',
  '.git-credentials',
  '.config/git/config',
  '.config/gh/hosts.yml',
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.profile',
  '.zshrc',
  '.zshenv',
  '.zprofile',
  '.zlogin',
  '.config/fish/config.fish',
  '.docker/config.json',
  '.kube/config',
  '.pypirc',
  '.cargo/credentials',
  '.cargo/credentials.toml',
  '.config/gcloud/credentials.db',
  '.azure/accessTokens.json',
  '.local/bin/tool',
  '.config/autostart/x.desktop',
  '.config/systemd/user/x.service',
  'Library/LaunchAgents/x.plist',
  'Library/Keychains/login.keychain-db',
  '.claude/settings.json',
  '.cursor/mcp.json',
  '.codex/config.toml',
  '.gemini/settings.json',
];

/** The deny-list roots (SPEC §4) as HOME-relative paths; `*` is a name prefix. */
export const DENY_ROOTS: readonly string[] = [
  '.ssh',
  '.aws',
  '.gnupg',
  '.npmrc',
  '.netrc',
  '.gitconfig',
  '.git-credentials',
  '.config/git',
  '.config/gh',
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.profile',
  '.zshrc',
  '.zshenv',
  '.zprofile',
  '.zlogin',
  '.config/fish',
  '.docker',
  '.kube',
  '.pypirc',
  '.cargo/credentials*',
  '.config/gcloud',
  '.azure',
  '.local/bin',
  '.config/autostart',
  '.config/systemd',
  'Library/LaunchAgents',
  'Library/Keychains',
  '.claude',
  '.cursor',
  '.codex',
  '.gemini',
  // Fuzzing with the workspace at HOME: credentials, histories, and files other programs run as code.
  '.pgpass',
  '.my.cnf',
  '.vault-token',
  '.terraform.d',
  '.config/op',
  '.password-store',
  '.local/share/keyrings',
  '.mozilla',
  '.config/google-chrome',
  '.config/chromium',
  '.config/BraveSoftware',
  '.config/rclone',
  '.m2/settings.xml',
  '.gradle/gradle.properties',
  '.bash_history',
  '.zsh_history',
  '.python_history',
  '.node_repl_history',
  '.psql_history',
  '.mysql_history',
  '.vimrc',
  '.vim',
  '.config/nvim',
  '.emacs',
  '.emacs.d',
  '.tmux.conf',
  '.ipython',
  '.jupyter',
  '.local/lib',
  '.xprofile',
  '.xsession',
  '.xsessionrc',
  '.xinitrc',
  '.config/environment.d',
  '.pam_environment',
  '.cargo/config',
  '.cargo/config.toml',
  '.local/share/applications',
  '.vscode',
  '.config/Code',
  'Library/Cookies',
  'Library/Application Support/Google/Chrome',
];

/** Near misses beside the deny list: ordinary files that must stay readable and writable. */
export const HOME_ORDINARY: readonly string[] = [
  'notes.txt',
  '.sshx/readme',
  '.ssh-backup.txt',
  '.config/github/x',
  '.config/fish2/x',
  '.config/other/ok.txt',
  '.cargo/registry/index.txt',
  '.local/share/x.txt',
  '.bashrc.d/x',
  'Library/Preferences/x.plist',
];

function put(file: string, body: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
}

function ln(target: string, at: string): void {
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.symlinkSync(target, at);
}

/** Links inside the project, by name → target (relative targets are relative to the link). */
export function projectLinks(
  t: Pick<CorpusTree, 'root' | 'home' | 'proj' | 'outside' | 'dataDir'>,
): Record<string, string> {
  return {
    in: 'src/lib',
    inabs: path.join(t.proj, 'src'),
    'readme-link': 'README.md',
    'sub/back': '../README.md',
    'sub/lib': '../src/lib',
    'chain-in1': 'chain-in2',
    'chain-in2': 'src/lib/a.ts',
    dot: '.',
    out: '../../outside',
    outabs: t.outside,
    'sub/climb': '../../../outside/secret.txt',
    root: '/',
    etc: '/etc',
    passwd: '/etc/passwd',
    up: '..',
    upup: '../..',
    dang: 'does-not-exist',
    dangabs: '/nonexistent-paddock/x',
    'dang-out': '../nope',
    loop1: 'loop2',
    loop2: 'loop1',
    self: 'self',
    procroot: '/proc/self/root',
    proccwd: '/proc/self/cwd',
    devfd: '/dev/fd',
    ssh: '../.ssh',
    sshabs: path.join(t.home, '.ssh'),
    'id_rsa.pub': '../.ssh/id_rsa',
    '.env': '../.aws/credentials',
    'config.json': path.join(t.home, '.docker', 'config.json'),
    data: path.relative(t.proj, t.dataDir),
    'chain-out1': 'chain-out2',
    'chain-out2': 'sub/climb',
    docs: '/usr/share/doc',
    build: t.outside,
    'node_modules/.bin/tsc': '/bin/sh',
    'lib-via-home': path.join(t.root, 'homelink', 'proj', 'src', 'lib'),
    'sibling-back': '../proj/README.md',
    g: '.git',
    // Device and process trees that lead back to the workspace: still aliases (SPEC §4).
    'proc-rel': `${'../'.repeat(t.proj.split('/').length + 2)}proc/self/root${t.proj}/README.md`,
    'proc-dbl': `//proc/self/root${t.proj}`,
    'proc-dot': `/./proc/self/root${t.proj}/src`,
    'proc-chain': 'proc-rel',
    'dev-fd': '../../../../../../../../../../dev/fd/0',
    'src/up': '..',
    'src/upup': '../..',
  };
}

export function buildCorpusTree(): CorpusTree {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-corpus-')));
  const home = path.join(root, 'home');
  const proj = path.join(home, 'proj');
  const dataDir = path.join(home, '.config', 'Paddock');
  const worktree = path.join(dataDir, 'repositories', 'p1', 'agent');
  const outside = path.join(root, 'outside');
  const homeLink = path.join(root, 'homelink');
  const t = { root, home, proj, dataDir, worktree, outside, homeLink };

  // A dotfiles manager (stow, chezmoi, yadm) makes deny entries links into a folder the owner may
  // open as a workspace: the real files there are the deny list's too (SPEC §4: real paths).
  put(path.join(home, 'dotfiles', 'zshrc'), 'SECRET zshrc\n');
  put(path.join(home, 'dotfiles', 'fish', 'config.fish'), 'SECRET fish\n');
  put(path.join(home, 'dotfiles', 'README.md'), '# dotfiles\n');
  ln('dotfiles/zshrc', path.join(home, '.zshrc'));
  ln('../dotfiles/fish', path.join(home, '.config', 'fish'));
  for (const f of DENIED_FILES) put(path.join(home, f), `SECRET ${f}\n`);
  for (const f of HOME_ORDINARY) put(path.join(home, f), `ordinary ${f}\n`);
  put(path.join(outside, 'secret.txt'), 'OUTSIDE-SECRET\n');
  put(path.join(home, 'proj-evil', 'x.txt'), 'evil\n');
  put(path.join(dataDir, 'paddock.db'), 'db');
  put(path.join(dataDir, 'logs', 'main.log'), 'log');
  put(path.join(dataDir, 'credentials', 'keys.json'), '{}');
  put(path.join(dataDir, 'repositories', 'p1', 'deploy-key'), 'KEY');
  put(path.join(worktree, 'src', 'x.ts'), 'export {};\n');
  put(path.join(worktree, '.git', 'config'), '[core]\n');
  put(path.join(proj, 'README.md'), '# project\n');
  put(path.join(proj, 'src', 'lib', 'a.ts'), 'export const a = 1;\n');
  put(path.join(proj, 'src', 'index.ts'), 'export {};\n');
  put(path.join(proj, '.git', 'config'), '[core]\n');
  put(path.join(proj, '.git', 'HEAD'), 'ref: refs/heads/main\n');
  put(path.join(proj, '.git', 'hooks', 'pre-commit.sample'), '#!/bin/sh\n');
  put(path.join(proj, 'docs-real', 'guide.md'), '# guide\n');
  ln(home, homeLink);
  for (const [name, target] of Object.entries(projectLinks(t))) ln(target, path.join(proj, name));
  // Links in HOME (for the HOME and above-HOME workspaces) that lead into denied places.
  ln('../.ssh', path.join(home, 'links', 'ssh'));
  ln(path.join(home, '.aws'), path.join(home, 'links', 'aws-abs'));
  ln('../.cargo', path.join(home, 'links', 'cargo'));
  ln('../.bashrc', path.join(home, 'links', 'rc'));
  ln('../.config', path.join(home, 'links', 'config'));
  ln('../.config/Paddock', path.join(home, 'links', 'paddock'));
  ln('..', path.join(home, 'links', 'home'));
  ln(path.join(homeLink, '.ssh'), path.join(home, 'links', 'ssh-via-homelink'));
  ln('../proj/../.ssh/id_rsa', path.join(home, 'links', 'ssh-detour'));
  ln(path.join(homeLink, 'proj', 'README.md'), path.join(home, 'links', 'readme-via-homelink'));
  ln('../dotfiles/zshrc', path.join(home, 'links', 'zshrc'));
  return { ...t, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}
