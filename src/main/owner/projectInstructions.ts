// The project's instruction files as the owner decided them (seed 003 §7: a file is untrusted text).
// A file's text is pinned when the owner accepted exactly that content (sha256); only pinned text
// reaches the system prompt. A new file, or one whose content changed since it was accepted, waits
// for the owner (the window asks, with the text and the diff) and is meanwhile an ordinary file.
import { unifiedDiff } from '../workspace/diffText';
import {
  findInstructionFiles,
  INSTRUCTION_MAX_BYTES,
  type FoundInstructionFile,
  type InstructionStatus,
  type PromptInstructions,
} from '../workspace/instructionFiles';

export type { InstructionStatus, PromptInstructions } from '../workspace/instructionFiles';
import { pathContextFor } from '../workspace/types';
import type { InstructionPinsRepository, InstructionPin } from '../store/instructionPins';
import type { Workspace } from '../../shared/domain';

export interface InstructionFileState {
  relPath: string;
  status: InstructionStatus;
  size: number;
  /** The file's text on disk now (null when too large). */
  text: string | null;
  sha256: string | null;
  /** The text the owner accepted, when there is one. */
  pinnedText: string | null;
  /** For a changed file: the diff from the accepted text to the one on disk. */
  diff: string | null;
}

export const NO_INSTRUCTIONS: PromptInstructions = { pinned: [], unaccepted: [] };

/** The pinned texts sent in one system prompt, together; a file past it is named, its text not sent. */
export const PROMPT_INSTRUCTIONS_MAX_BYTES = 64 * 1024;

export class InstructionRefusal extends Error {
  constructor(
    readonly code: 'instructions-changed' | 'instructions-not-found' | 'instructions-too-large',
    message: string,
  ) {
    super(message);
  }
}

export interface ProjectInstructionsDeps {
  pins: InstructionPinsRepository;
  home: string;
  dataDir: string;
  /** The paths a conversation's calls named (read, write, edit, list…): where nearer files are looked for. */
  workedPaths(conversationId: string): string[];
  /** Told when an agent's workspace holds files waiting for the owner that it was not told of before. */
  onWaiting?(agentId: string): void;
}

function stateOf(found: FoundInstructionFile, pin: InstructionPin | null): InstructionFileState {
  const base = {
    relPath: found.relPath,
    size: found.size,
    text: found.text,
    sha256: found.sha256,
    pinnedText: pin?.content ?? null,
  };
  if (found.text === null || found.sha256 === null) return { ...base, status: 'too-large', diff: null };
  if (!pin) return { ...base, status: 'new', diff: null };
  if (pin.sha256 === found.sha256) return { ...base, status: 'pinned', diff: null };
  return { ...base, status: 'changed', diff: unifiedDiff(found.relPath, pin.content, found.text) };
}

export function createProjectInstructions(deps: ProjectInstructionsDeps) {
  const toldWaiting = new Map<string, string>();

  function scan(workspace: Workspace, conversationId: string | null): InstructionFileState[] {
    const ctx = pathContextFor(workspace, deps);
    const worked = conversationId ? deps.workedPaths(conversationId) : [];
    return findInstructionFiles(ctx, worked).map((found) =>
      stateOf(found, deps.pins.get(workspace.directory, found.relPath)),
    );
  }

  return {
    scan,

    /** The files waiting for the owner's answer (new or changed). */
    waiting(workspace: Workspace, conversationId: string | null): InstructionFileState[] {
      return scan(workspace, conversationId).filter((file) => file.status === 'new' || file.status === 'changed');
    },

    /** Read at every model request: a pin accepted during a turn applies to its next request. */
    forPrompt(workspace: Workspace, conversationId: string): PromptInstructions {
      const files = scan(workspace, conversationId);
      const pinned: PromptInstructions['pinned'] = [];
      const unaccepted: PromptInstructions['unaccepted'] = [];
      let bytes = 0;
      for (const file of files) {
        // A changed file keeps the text the owner accepted: the pin does not move until they accept the new one.
        if (file.pinnedText !== null && file.status !== 'new') {
          bytes += Buffer.byteLength(file.pinnedText, 'utf8');
          if (bytes > PROMPT_INSTRUCTIONS_MAX_BYTES) {
            unaccepted.push({ relPath: file.relPath, status: 'too-large' });
            continue;
          }
          pinned.push({ relPath: file.relPath, text: file.pinnedText, changedOnDisk: file.status !== 'pinned' });
        }
        if (file.status !== 'pinned') unaccepted.push({ relPath: file.relPath, status: file.status });
      }
      const waitingKey = unaccepted
        .filter((file) => file.status !== 'too-large')
        .map((file) => `${file.relPath}@${files.find((f) => f.relPath === file.relPath)?.sha256}`)
        .join('\n');
      if (waitingKey !== '' && toldWaiting.get(workspace.agentId) !== waitingKey) deps.onWaiting?.(workspace.agentId);
      toldWaiting.set(workspace.agentId, waitingKey);
      return { pinned, unaccepted };
    },

    /**
     * The owner accepted the text they were shown (its sha256): it is pinned, unless the file no
     * longer holds exactly that text (then they are shown the new one).
     */
    accept(workspace: Workspace, relPath: string, sha256: string, conversationId: string | null): InstructionPin {
      const file = scan(workspace, conversationId).find((candidate) => candidate.relPath === relPath);
      if (!file)
        throw new InstructionRefusal(
          'instructions-not-found',
          `${relPath} is not an instruction file of this workspace any more; nothing was pinned.`,
        );
      if (file.status === 'too-large' || file.text === null || file.sha256 === null) {
        throw new InstructionRefusal(
          'instructions-too-large',
          `${relPath} is larger than ${INSTRUCTION_MAX_BYTES} bytes; Paddock does not pin it.`,
        );
      }
      if (file.sha256 !== sha256)
        throw new InstructionRefusal(
          'instructions-changed',
          `${relPath} changed since it was shown to you; read the new text before accepting it.`,
        );
      const pin = deps.pins.pin({
        directory: workspace.directory,
        relPath,
        kind: 'instructions',
        sha256: file.sha256,
        content: file.text,
      });
      toldWaiting.delete(workspace.agentId);
      return pin;
    },

    list: (): InstructionPin[] => deps.pins.list(),
    forget: (directory: string, relPath: string): boolean => deps.pins.forget(directory, relPath),
  };
}

export type ProjectInstructions = ReturnType<typeof createProjectInstructions>;

/** The paths a conversation's calls named in a `path` or `cwd` argument. */
export function pathsNamedBy(calls: readonly { args: unknown }[]): string[] {
  const paths: string[] = [];
  for (const call of calls) {
    const args = call.args as Record<string, unknown> | null;
    if (!args || typeof args !== 'object') continue;
    for (const key of ['path', 'cwd'])
      if (typeof args[key] === 'string' && (args[key] as string).length < 4096) paths.push(args[key] as string);
  }
  return paths;
}
