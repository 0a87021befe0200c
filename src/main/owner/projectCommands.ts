// Slash commands: the project's `.paddock/commands/*.md` (read through the fence, each pinned by the
// owner like an instruction file before its first use: the file's text becomes the owner's own
// message) and the owner's own in `<data>/commands/*.md` (theirs already). `$ARGUMENTS` in the text
// is replaced by what the owner typed after the name. On a shared name the owner's own wins.
import fs from 'node:fs';
import path from 'node:path';
import type { Workspace } from '../../shared/domain';
import type { InstructionPinsRepository } from '../store/instructionPins';
import { unifiedDiff } from '../workspace/diffText';
import { readInside, sha256 } from '../workspace/files';
import { resolveDetailed } from '../workspace/resolve';
import { pathContextFor } from '../workspace/types';

export const PROJECT_COMMANDS_DIR = '.paddock/commands';
/** A command file larger than this is not offered. */
export const COMMAND_MAX_BYTES = 16 * 1024;
/** At most this many commands from each place. */
export const COMMANDS_MAX = 100;
const NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/i;

export type CommandStatus = 'pinned' | 'new' | 'changed' | 'owner';

export interface SlashCommand {
  name: string;
  source: 'project' | 'owner';
  /** The project's file relative to the workspace; the owner's file name under <data>/commands. */
  relPath: string;
  text: string;
  sha256: string;
  status: CommandStatus;
  pinnedText: string | null;
  diff: string | null;
}

export class CommandRefusal extends Error {
  constructor(
    readonly code: 'command-unknown' | 'command-not-accepted' | 'command-changed',
    message: string,
  ) {
    super(message);
  }
}

function nameOf(file: string): string | null {
  if (!file.toLowerCase().endsWith('.md')) return null;
  const name = file.slice(0, -3);
  return NAME.test(name) ? name.toLowerCase() : null;
}

/** The message a command sends: its text with every `$ARGUMENTS` replaced by what was typed after it. */
export function expandCommand(text: string, args: string): string {
  return text.split('$ARGUMENTS').join(args).trim();
}

export function createProjectCommands(deps: { pins: InstructionPinsRepository; home: string; dataDir: string }) {
  const ownerDir = path.join(deps.dataDir, 'commands');

  function ownerCommands(): SlashCommand[] {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(ownerDir, { withFileTypes: true });
    } catch {
      return [];
    }
    const found: SlashCommand[] = [];
    for (const entry of entries.filter((e) => e.isFile()).slice(0, COMMANDS_MAX)) {
      const name = nameOf(entry.name);
      if (!name) continue;
      let data: Buffer;
      try {
        const fd = fs.openSync(path.join(ownerDir, entry.name), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
        try {
          if (fs.fstatSync(fd).size > COMMAND_MAX_BYTES) continue;
          data = fs.readFileSync(fd);
        } finally {
          fs.closeSync(fd);
        }
      } catch {
        continue;
      }
      const text = data.toString('utf8');
      found.push({
        name,
        source: 'owner',
        relPath: entry.name,
        text,
        sha256: sha256(data) as string,
        status: 'owner',
        pinnedText: null,
        diff: null,
      });
    }
    return found;
  }

  function projectCommands(workspace: Workspace): SlashCommand[] {
    const ctx = pathContextFor(workspace, deps);
    const dir = resolveDetailed(ctx, { path: PROJECT_COMMANDS_DIR, for: 'read' });
    if (!dir.ok || !dir.stat?.isDirectory()) return [];
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir.path, { withFileTypes: true });
    } catch {
      return [];
    }
    const found: SlashCommand[] = [];
    // A link is not a regular entry here and is skipped; each file is opened again through the fence.
    for (const entry of entries.filter((e) => e.isFile()).slice(0, COMMANDS_MAX)) {
      const name = nameOf(entry.name);
      if (!name) continue;
      const relPath = `${PROJECT_COMMANDS_DIR}/${entry.name}`;
      const read = readInside(ctx, relPath, COMMAND_MAX_BYTES + 1);
      if (!read.ok || read.size > COMMAND_MAX_BYTES) continue;
      const text = read.data.toString('utf8');
      const hash = sha256(read.data) as string;
      const pin = deps.pins.get(workspace.directory, relPath);
      const usable = pin?.kind === 'command' ? pin : null;
      const status: CommandStatus = !usable ? 'new' : usable.sha256 === hash ? 'pinned' : 'changed';
      found.push({
        name,
        source: 'project',
        relPath,
        text,
        sha256: hash,
        status,
        pinnedText: usable?.content ?? null,
        diff: status === 'changed' && usable ? unifiedDiff(relPath, usable.content, text) : null,
      });
    }
    return found;
  }

  function list(workspace: Workspace | null): SlashCommand[] {
    const own = ownerCommands();
    const taken = new Set(own.map((command) => command.name));
    const project = workspace ? projectCommands(workspace).filter((command) => !taken.has(command.name)) : [];
    return [...own, ...project].sort((a, b) => a.name.localeCompare(b.name));
  }

  return {
    list,
    /** The message `/name args` sends, from the owner's file or the project's pinned text; refused otherwise. */
    expand(workspace: Workspace | null, name: string, args: string): string {
      const command = list(workspace).find((candidate) => candidate.name === name.toLowerCase());
      if (!command)
        throw new CommandRefusal('command-unknown', `there is no command /${name} here; the palette lists them`);
      if (command.status === 'new')
        throw new CommandRefusal(
          'command-not-accepted',
          `/${command.name} comes from the project (${command.relPath}); accept its text before its first use`,
        );
      if (command.status === 'changed')
        throw new CommandRefusal(
          'command-changed',
          `${command.relPath} changed since you accepted it; accept the new text before using /${command.name} again`,
        );
      return expandCommand(command.text, args);
    },
    /** Pins exactly the text the owner was shown. */
    accept(workspace: Workspace, relPath: string, shown: string): void {
      const command = projectCommands(workspace).find((candidate) => candidate.relPath === relPath);
      if (!command) throw new CommandRefusal('command-unknown', `${relPath} is not a command file of this workspace`);
      if (command.sha256 !== shown)
        throw new CommandRefusal(
          'command-changed',
          `${relPath} changed since it was shown to you; read the new text before accepting it`,
        );
      deps.pins.pin({
        directory: workspace.directory,
        relPath,
        kind: 'command',
        sha256: command.sha256,
        content: command.text,
      });
    },
  };
}

export type ProjectCommands = ReturnType<typeof createProjectCommands>;
