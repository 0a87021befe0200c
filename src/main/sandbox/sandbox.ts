// The sandbox as the tools see it (SPEC §14): one wrapper per agent call, built from the agent's
// workspace and allowed domains, that rewrites `program args` into `bwrap <profile> -- program args`
// (or `sandbox-exec -p <profile> program args` on macOS). The classified argv follows `--`
// untouched: no shell, no quoting, no re-splitting. Where no engine is available the wrapper is
// the identity and `contained` is false, which the tiers and every card read.
import fs from 'node:fs';
import path from 'node:path';
import { SpawnError, type Command, type CommandWrapper, type SpawnPurpose } from '../processes/command';
import { closerShell, fdCloser } from '../processes/fdCloser';
import {
  alwaysCardMounts,
  gitEntriesOf,
  watchAlwaysCard,
  type AlwaysCardWatch,
  type MovedEntry,
} from './alwaysCardGuard';
import { removeLeftPlaceholders } from './placeholders';
import { watchAlwaysCardLive, type LiveAlwaysCardWatch, type LiveStop } from './alwaysCardLive';
import { describeNetwork } from './domains';
import { describeStatus, type SandboxStatus } from './engine';
import { createNetworkProxy, type NetworkProxy, type ProxyDecision } from './netProxy';
import {
  containedArgv,
  denyCovers,
  isInside,
  PROXY_SOCKET_NAME,
  proxyEnv,
  SYSTEM_DIRS,
  type ContainedProfile,
  type OwnServicesMount,
} from './profile';
import { mountCheckLauncher, type ReaderMounts } from './readerProfile';
import { hostLayout, hostProbe } from './hostLayout';
import { seatbeltArgv } from './seatbelt';
import { filesAmong, realOr, realOrNull, toolchainDirsFor } from './toolchains';
import { encodeProgram, seccompArchFor, seccompProgram, type SeccompArch } from './seccomp';

export interface AgentSandboxRequest {
  agentId: string;
  workspace: string;
  /** The owner's allowed domains for this agent (checked entries); empty: no network at all. */
  allowedDomains: readonly string[];
  /** The agent's own started processes' ports this command reaches on its loopback, those added while it runs included (ownServices.ts). */
  ownServices?: OwnServicesMount;
}

export interface Sandbox {
  readonly status: SandboxStatus;
  readonly contained: boolean;
  /**
   * Why `program` (absolute, found on the command's PATH on the host) cannot be run inside the
   * agent's sandbox, or null when the sandbox shows it (or there is no sandbox).
   */
  unseenProgram(workspace: string, program: string, pathValue: string): string | null;
  /** The wrapper for one agent's command; the identity when no engine is available. */
  wrapperFor(request: AgentSandboxRequest): CommandWrapper;
  /** The host directory that appears as /tmp inside the agent's sandbox (created 0700). */
  privateTmpFor(agentId: string): string;
  /** Lists the workspace's always-card entries (every depth) before a bounded contained command; `finish()` moves out what it created. */
  watchAlwaysCard(workspace: string): AlwaysCardWatch;
  /**
   * For a long-lived contained process: moves out what appears anywhere in the workspace while it
   * runs, at once, and before the move calls `stop` of every long-lived process whose workspace holds
   * it (this one's, another's in the same folder or around it: inotify does not say which made it),
   * with the paths relative to that process's workspace.
   */
  watchAlwaysCardLive(workspace: string, stop: (why: LiveStop) => void): LiveAlwaysCardWatch;
  /**
   * How many contained processes (a `run` or `bash` while it runs, a `start`, an agent's stdio MCP
   * server) run in `workspace` or a folder of it now. While one runs, it may swap a folder for a link
   * at any moment: git that writes the working tree (stash push, init, the owner's Pull) would write
   * through it.
   */
  longLivedIn(workspace: string): number;
  /** The owner changed an agent's list: a running proxy applies it at the next request and closes what it no longer admits. */
  setAllowedDomains(agentId: string, domains: readonly string[]): void;
  /** "contained: bubblewrap 0.8.0, network off" (or the allowed domains), or "not available: …". */
  describe(allowedDomains?: readonly string[]): string;
  /**
   * The wrapper for Paddock's own readers of `workspace` (purposes search, git, checkpoint): the
   * agent's contained profile with the workspace read-only except what `options` opens (see
   * readerProfile.ts). The identity when no bubblewrap is available: then no contained process
   * exists that could race them (every command that runs project code is a card).
   */
  readerWrapperFor(workspace: string, options?: ReaderOptions): CommandWrapper;
  /** Ends every agent's proxy (Paddock quits). */
  close(): Promise<void>;
}

/** What a reader may write, and what outside the workspace it may see (absolute paths, bound at their own place). */
export interface ReaderOptions {
  /** The working tree writable too (a git action that changes files: stash push, init). */
  writesWorkspace?: boolean;
  writable?: readonly string[];
  readOnly?: readonly string[];
}

/** What the readers' wrapper needs of a sandbox (the search tool, the git tool and checkpoints take only this). */
export type ReaderSandbox = Pick<Sandbox, 'contained' | 'readerWrapperFor' | 'longLivedIn'>;

const SOCAT_CANDIDATES = ['/usr/bin/socat', '/usr/local/bin/socat', '/bin/socat'];
const STAT_CANDIDATES = ['/usr/bin/stat', '/bin/stat'];

/** The agent's purposes (its commands, and the MCP servers run for it); Paddock's own are wrapped only by readerWrapperFor, the owner's never. */
const CONTAINED_PURPOSES: ReadonlySet<SpawnPurpose> = new Set(['run', 'start', 'bash', 'mcp']);
/** Paddock's own readers of the workspace, wrapped by readerWrapperFor; every other purpose passes through it untouched. */
const READER_PURPOSES: ReadonlySet<SpawnPurpose> = new Set(['search', 'git', 'checkpoint']);
const AGENT_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export interface SandboxOptions {
  status: SandboxStatus;
  home: string;
  dataDir: string;
  /** Where socat is; found on the system when not given (null: allowed domains cannot be reached). */
  socat?: string | null;
  /** Tests only: the proxy's resolver and the loopback ports it may reach (see netProxy.ts). */
  proxyResolve?(host: string): Promise<string[]>;
  proxyLoopbackPorts?: ReadonlySet<number>;
  onProxyDecision?(agentId: string, decision: ProxyDecision): void;
  /** The filter's architecture; this Node's when not given (null: no filter, said in the docs). */
  seccompArch?: SeccompArch | null;
}

/** Writes the compiled filter once per start, 0600 in the data directory (never mounted inside). */
function writeSeccompFilter(dataDir: string, arch: SeccompArch | null): string | null {
  if (!arch) return null;
  const dir = path.join(dataDir, 'sandbox');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, `seccomp-${arch}.bpf`);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, encodeProgram(seccompProgram(arch)), { mode: 0o600 });
  fs.renameSync(temp, file);
  return file;
}

/** `dev:ino` of a real directory (never a link); a refusal otherwise, before anything starts. */
function plainDirectoryId(dir: string): string {
  const stat = fs.lstatSync(dir, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink() || !stat.isDirectory())
    throw new SpawnError(`refused: ${dir} is not a directory (a link, or gone), so nothing was run in it`);
  return `${stat.dev}:${stat.ino}`;
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const { status } = options;
  const home = realOr(options.home);
  const dataDir = realOr(options.dataDir);

  function privateTmpFor(agentId: string): string {
    if (!AGENT_ID.test(agentId)) throw new Error(`refused: \`${agentId}\` is not a valid agent id`);
    const dir = path.join(dataDir, 'sandbox', 'tmp', agentId);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  // Placeholder folders an earlier Paddock made in owners' folders and a crash left there go first.
  if (status.available) removeLeftPlaceholders(path.join(dataDir, 'sandbox', 'placeholders.json'));
  const seccompFilter =
    status.available && status.engine === 'bubblewrap'
      ? writeSeccompFilter(dataDir, options.seccompArch ?? seccompArchFor(process.arch))
      : null;
  const statProgram = STAT_CANDIDATES.find((file) => fs.existsSync(file)) ?? null;
  const socat =
    options.socat === undefined ? (SOCAT_CANDIDATES.find((file) => fs.existsSync(file)) ?? null) : options.socat;
  const domains = new Map<string, readonly string[]>();
  /** The workspace of each contained process running now (one entry per watch, until its finish()). */
  const liveWorkspaces: string[] = [];
  /** Each long-lived process running now: its workspace, and how to stop it. */
  const longLived = new Set<{ workspace: string; stop: (why: LiveStop) => void }>();

  /** A live watch whose appearances stop every long-lived process that holds them, this one's included. */
  function watchLive(workspace: string, stop: (why: LiveStop) => void): LiveAlwaysCardWatch {
    const watch = watchAlwaysCardLive(workspace, path.join(dataDir, 'refused'));
    const holder = { workspace, stop };
    longLived.add(holder);
    watch.onAppeared((rels) => {
      const found = rels.map((rel) => path.join(workspace, rel));
      for (const other of [...longLived]) {
        const theirs = found.filter((p) => isInside(other.workspace, p)).map((p) => path.relative(other.workspace, p));
        if (theirs.length > 0) other.stop({ kind: 'appeared', paths: theirs });
      }
    });
    // Each process's own watch sees a replaced entry that its own sandbox held.
    watch.onHoldEnded((rels) => stop({ kind: 'replaced', paths: rels }));
    const finish = watch.finish.bind(watch);
    watch.finish = () => {
      longLived.delete(holder);
      return finish();
    };
    return watch;
  }

  /** A watch of `workspace` that counts as a contained process running there until it finishes. */
  function counted<W extends { finish(): MovedEntry[] }>(workspace: string, start: (real: string) => W): W {
    const real = realOr(workspace);
    const watch = start(real);
    liveWorkspaces.push(real);
    let ended = false;
    const finish = watch.finish.bind(watch);
    watch.finish = () => {
      if (!ended) {
        ended = true;
        liveWorkspaces.splice(liveWorkspaces.indexOf(real), 1);
      }
      return finish();
    };
    return watch;
  }
  const proxies = new Map<string, Promise<NetworkProxy>>();

  /** The agent's proxy socket directory, the proxy started on first use (its socket appears in it). */
  function proxySocketDirFor(agentId: string): string {
    if (!AGENT_ID.test(agentId)) throw new Error(`refused: \`${agentId}\` is not a valid agent id`);
    const dir = path.join(dataDir, 'sandbox', 'net', agentId);
    if (!proxies.has(agentId)) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      const started = createNetworkProxy({
        socketPath: path.join(dir, PROXY_SOCKET_NAME),
        allowed: () => domains.get(agentId) ?? [],
        resolve: options.proxyResolve,
        reachableLoopbackPorts: options.proxyLoopbackPorts,
        onDecision: (decision) => options.onProxyDecision?.(agentId, decision),
      });
      started.catch(() => proxies.delete(agentId));
      proxies.set(agentId, started);
    }
    return dir;
  }

  /** The agent's current list; its running proxy closes the tunnels and exchanges the list no longer admits. */
  function setDomains(agentId: string, list: readonly string[]): void {
    domains.set(agentId, list);
    void proxies.get(agentId)?.then(
      (proxy) => proxy.closeNoLongerAllowed(),
      () => undefined,
    );
  }

  function profileFor(request: AgentSandboxRequest, command: Command): ContainedProfile {
    const workspace = realOr(request.workspace);
    const toolchainDirs = toolchainDirsFor(command.env.PATH ?? '', home, dataDir, workspace);
    const covers = denyCovers(home, dataDir, [workspace, ...toolchainDirs], hostProbe);
    const gitEntries = gitEntriesOf(workspace);
    return {
      workspace,
      toolchainFiles: filesAmong(toolchainDirs),
      gitEntries,
      alwaysCardEntries: alwaysCardMounts(workspace).filter((entry) => !gitEntries.includes(entry)),
      home,
      dataDir,
      privateTmp: privateTmpFor(request.agentId),
      toolchainDirs,
      coverDirs: covers.dirs,
      coverFiles: covers.files,
      seccompFilter,
      network:
        request.allowedDomains.length > 0 && socat && status.available && status.engine === 'bubblewrap'
          ? { proxySocketDir: proxySocketDirFor(request.agentId), socat }
          : 'off',
      ...(request.ownServices && socat && status.available && status.engine === 'bubblewrap'
        ? { ownServices: { socat, ...request.ownServices } }
        : {}),
      cwd: realOr(command.cwd),
    };
  }

  function wrapperFor(request: AgentSandboxRequest): CommandWrapper {
    if (!status.available) return (command) => command;
    setDomains(request.agentId, request.allowedDomains);
    return (command, purpose) => {
      if (!CONTAINED_PURPOSES.has(purpose)) return command;
      const profile = profileFor(request, command);
      const argv =
        status.engine === 'bubblewrap'
          ? containedArgv(status.program, profile, hostLayout, command.program, command.args)
          : [
              ...fdCloser({ shell: closerShell(hostLayout.exists), fdDir: '/dev/fd', open: null }),
              ...seatbeltArgv(status.program, profile, command.program, command.args),
            ];
      const proxied = profile.network !== 'off' && status.engine === 'bubblewrap';
      const env = {
        ...command.env,
        ...(proxied ? proxyEnv() : {}),
        TMPDIR: status.engine === 'bubblewrap' ? '/tmp' : profile.privateTmp,
      };
      return { program: argv[0]!, args: argv.slice(1), cwd: profile.cwd, env };
    };
  }

  /** The readers' own /tmp: in the data directory, which no agent's sandbox shows. */
  function readerTmp(): string {
    const dir = path.join(dataDir, 'sandbox', 'reader-tmp');
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    return dir;
  }

  function readerWrapperFor(workspacePath: string, options: ReaderOptions = {}): CommandWrapper {
    // Seatbelt has no read-only-workspace-but-.git form yet: there the readers stay as they were.
    if (!status.available || status.engine !== 'bubblewrap') return (command) => command;
    const workspace = realOr(workspacePath);
    // Lexically resolved only (never through a link): a writable place inside the workspace is checked below.
    const writable = (options.writable ?? []).map((dir) => path.resolve(dir));
    const reader: ReaderMounts = {
      workspace: options.writesWorkspace ? 'read-write' : 'read-only',
      writable,
      readOnly: (options.readOnly ?? []).map(realOr),
    };
    return (command, purpose) => {
      if (!READER_PURPOSES.has(purpose)) return command;
      const checks = writable
        .filter((dir) => isInside(workspace, dir))
        .map((dir) => ({ path: dir, id: plainDirectoryId(dir) }));
      if (checks.length > 0 && !statProgram)
        throw new SpawnError(
          "refused: no `stat` program was found to check the sandbox's mounts, so git was not run where it would write",
        );
      const launcher = checks.length > 0 && statProgram ? mountCheckLauncher(statProgram, checks) : [];
      const toolchainDirs = toolchainDirsFor(command.env.PATH ?? '', home, dataDir, workspace);
      const covers = denyCovers(home, dataDir, [workspace, ...toolchainDirs], hostProbe);
      const profile: ContainedProfile = {
        workspace,
        // None bound on their own: the read-only workspace holds them, and a bind by path would follow
        // a link swapped in for one (see mountCheckLauncher).
        gitEntries: [],
        alwaysCardEntries: [],
        home,
        dataDir,
        privateTmp: readerTmp(),
        toolchainDirs,
        coverDirs: covers.dirs,
        coverFiles: covers.files,
        seccompFilter,
        network: 'off',
        // Resolved here (a held directory's /proc path names its real place); the host's own working
        // directory stays the caller's, so bubblewrap starts in the held directory itself.
        cwd: realOr(command.cwd),
        reader,
      };
      const [program, ...args] = [...launcher, command.program, ...command.args];
      const argv = containedArgv(status.program, profile, hostLayout, program!, args);
      return { program: argv[0]!, args: argv.slice(1), cwd: command.cwd, env: { ...command.env, TMPDIR: '/tmp' } };
    };
  }

  function unseenProgram(workspacePath: string, program: string, pathValue: string): string | null {
    if (!status.available || status.engine !== 'bubblewrap' || !path.isAbsolute(program)) return null;
    const workspace = realOr(workspacePath);
    const toolchainDirs = toolchainDirsFor(pathValue, home, dataDir, workspace);
    const shown = [...SYSTEM_DIRS, workspace, ...toolchainDirs];
    const kept = filesAmong(toolchainDirs);
    const covers = denyCovers(home, dataDir, [workspace, ...toolchainDirs], hostProbe);
    const covered = (p: string) =>
      !kept.includes(p) && (covers.dirs.some((dir) => isInside(dir, p)) || covers.files.includes(p));
    const visible = (p: string) => shown.some((dir) => isInside(dir, p)) && !isInside(dataDir, p) && !covered(p);
    const real = realOrNull(program);
    if (visible(program) && real !== null && visible(real)) return null;
    const name = path.basename(program);
    return (
      `\`${name}\` is ${program}${real && real !== program ? ` (really ${real})` : ''}, which the sandbox does not show, so it was not run: ` +
      'inside, only the system directories, the workspace and the roots of version managers found on PATH (rustup, nvm, pyenv, asdf, mise, volta, bun, deno) are visible. ' +
      'Install it in the project (node_modules/.bin, a virtualenv) or through one of those.'
    );
  }

  return {
    status,
    contained: status.available,
    unseenProgram,
    wrapperFor,
    readerWrapperFor,
    privateTmpFor,
    // Where refused entries go: the data directory, never visible inside the sandbox.
    // A bounded command counts as running too while it runs (an MCP client may call git beside it).
    watchAlwaysCard: (workspace) => counted(workspace, (real) => watchAlwaysCard(real, path.join(dataDir, 'refused'))),
    watchAlwaysCardLive: (workspace, stop) => counted(workspace, (real) => watchLive(real, stop)),
    longLivedIn(workspace) {
      const real = realOr(workspace);
      return liveWorkspaces.filter((dir) => isInside(real, dir) || isInside(dir, real)).length;
    },
    setAllowedDomains: setDomains,
    describe: (allowedDomains = []) =>
      describeStatus(
        status,
        status.available && status.engine === 'seatbelt' && allowedDomains.length > 0
          ? 'network off (allowed domains are not built for macOS yet)'
          : describeNetwork(allowedDomains, socat),
      ),
    close: async () => {
      const all = [...proxies.values()];
      proxies.clear();
      await Promise.all(all.map((started) => started.then((proxy) => proxy.close()).catch(() => undefined)));
    },
  };
}
