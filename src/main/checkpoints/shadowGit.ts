// The shadow repository of checkpoints (issue 20): git with its own GIT_DIR under the data
// directory and the workspace as GIT_WORK_TREE. It runs under the hardened runner's environment and
// `-c` overrides (git/hardening.ts) and starts through the exec seam (processes/spawn.ts, purpose
// 'checkpoint'). The workspace's own .git is never the GIT_DIR, so its config, hooks, index and refs
// are never read or written; git itself never descends into a directory named .git. Where the sandbox
// is available it runs in the workspace's reader sandbox (sandbox/readerProfile.ts): the workspace
// read-only, the shadow repository the one place it writes, so a link a process swaps in while git
// walks leads nowhere that process could not read itself.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { configOverrides, gitDirectories, gitEnvironment } from '../git/hardening';
import { assertEmptyHooks } from '../git/runner';
import { runCaptured } from '../processes/spawn';
import { volumeIgnoresCase } from '../workspace/volume';
import type { CommandWrapper } from '../processes/command';
import type { ReaderSandbox } from '../sandbox/sandbox';

export class CheckpointError extends Error {}

export interface ShadowRepo {
  gitDir: string;
  workspace: string;
  /** The owner's home and Paddock's data directory: where the deny list's places are. */
  home: string;
  dataDir: string;
  /** git with the arguments after the global options; rejects with a sentence when git fails. */
  git(args: string[], options?: { input?: Buffer | string; allowExit?: number[] }): Promise<Buffer>;
}

export interface ShadowOptions {
  gitBinary: string;
  dataDir: string;
  home: string;
  workspace: string;
  wrap?: CommandWrapper;
  /** When given and contained, git runs in the workspace's reader sandbox (over `wrap`). */
  sandbox?: ReaderSandbox;
  timeoutMs?: number;
}

/** One shadow repository per workspace directory: `<data>/checkpoints/<sha256 of the path>.git`. */
export function shadowDirFor(dataDir: string, workspace: string): string {
  const hash = crypto.createHash('sha256').update(workspace).digest('hex').slice(0, 32);
  return path.join(dataDir, 'checkpoints', `${hash}.git`);
}

// Settings only the shadow needs: content is stored as it is on disk (no line-ending or filter
// conversion), links stay links, and the untracked cache keeps an unchanged tree's scan cheap.
const SHADOW_SETTINGS: Array<[string, string]> = [
  ['core.autocrlf', 'false'],
  ['core.safecrlf', 'false'],
  ['core.symlinks', 'true'],
  ['core.untrackedCache', 'true'],
  ['core.splitIndex', 'false'],
  ['index.skipHash', 'false'],
  ['core.bigFileThreshold', '4m'],
  ['advice.addEmbeddedRepo', 'false'],
  ['advice.addIgnoredFile', 'false'],
  ['user.name', 'Paddock checkpoints'],
  ['user.email', 'checkpoints@paddock.invalid'],
];

export async function openShadowRepo(options: ShadowOptions): Promise<ShadowRepo> {
  if (!path.isAbsolute(options.gitBinary)) {
    throw new CheckpointError(
      "refused: checkpoints run git only from an absolute binary found on the workspace's captured PATH",
    );
  }
  const gitDir = shadowDirFor(options.dataDir, options.workspace);
  const dirs = gitDirectories(options.dataDir);
  const env = gitEnvironment({ gitBinary: options.gitBinary, dirs }) as Record<string, string>;
  env.GIT_DIR = gitDir;
  env.GIT_WORK_TREE = options.workspace;
  // The overrides say nothing of these; unset, git would look for them in the environment.
  env.GIT_INDEX_FILE = path.join(gitDir, 'index');
  env.GIT_OBJECT_DIRECTORY = path.join(gitDir, 'objects');
  // The deny list's exclude lines are folded as the resolver folds (deniedPaths.ts): on a volume that
  // ignores case, git must match them ignoring case too.
  const settings: Array<[string, string]> = [
    ...SHADOW_SETTINGS,
    ['core.ignoreCase', String(volumeIgnoresCase(options.workspace))],
  ];
  const globals = ['--no-pager', ...configOverrides(dirs), ...settings.flatMap(([k, v]) => ['-c', `${k}=${v}`])];
  // The shadow repository exists before its first git: the reader sandbox binds it at its own path.
  fs.mkdirSync(gitDir, { recursive: true, mode: 0o700 });
  const wrap = options.sandbox?.contained
    ? options.sandbox.readerWrapperFor(options.workspace, { writable: [gitDir], readOnly: [dirs.emptyHooks] })
    : options.wrap;

  const git: ShadowRepo['git'] = async (args, runOptions = {}) => {
    assertEmptyHooks(dirs.emptyHooks);
    const result = await runCaptured({
      program: options.gitBinary,
      args: [...globals, ...args],
      cwd: options.workspace,
      env,
      purpose: 'checkpoint',
      timeoutMs: options.timeoutMs ?? 120_000,
      input: runOptions.input,
      wrap,
    });
    const allowed = runOptions.allowExit ?? [0];
    if (result.exitCode === null || !allowed.includes(result.exitCode)) {
      const why = result.stderr.trim().split('\n').slice(-3).join(' ') || `exit ${result.exitCode}`;
      throw new CheckpointError(`the checkpoint's git ${args[0]} failed: ${why}`);
    }
    return result.stdout;
  };

  if (!fs.existsSync(path.join(gitDir, 'HEAD'))) {
    // The empty hooks directory is the template, so the new repository starts with no hooks at all.
    await git(['init', '--quiet', `--template=${dirs.emptyHooks}`]);
    fs.mkdirSync(path.join(gitDir, 'info'), { recursive: true, mode: 0o700 });
    // Belt and braces: git never enters a .git directory, and this says so once more.
    fs.writeFileSync(path.join(gitDir, 'info', 'exclude'), '.git\n/.git/\n', { mode: 0o600 });
    // A workspace's .gitattributes could ask for line-ending conversion or an ident/filter: this file
    // outranks it, so every byte is stored and restored exactly as it is on disk.
    fs.writeFileSync(path.join(gitDir, 'info', 'attributes'), '* -text -ident -filter !eol !working-tree-encoding\n', {
      mode: 0o600,
    });
  }
  return { gitDir, workspace: options.workspace, home: options.home, dataDir: options.dataDir, git };
}

/** NUL-separated output as strings (empty entries dropped). */
export function splitNul(output: Buffer): string[] {
  return output
    .toString('utf8')
    .split('\0')
    .filter((entry) => entry.length > 0);
}
