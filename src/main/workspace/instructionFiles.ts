// The project's instruction files for agents (AGENTS.md and its peers' names): found at the workspace
// root and in every folder on the way to a path the conversation worked on, read through the fence
// (no link followed, the deny list kept), each bounded. What they say is data until the owner pins it.
import path from 'node:path';
import type { PathContext } from './types';
import { readInside, sha256 } from './files';
import { hasHiddenCharacters } from '../../shared/hiddenCharacters';

/** Where an instruction file stands against the owner's pin (owner/projectInstructions.ts decides it). */
export type InstructionStatus = 'pinned' | 'new' | 'changed' | 'too-large';

/** What the system prompt receives: the owner's accepted texts, and the names of the others. */
export interface PromptInstructions {
  pinned: { relPath: string; text: string; changedOnDisk: boolean }[];
  unaccepted: { relPath: string; status: Exclude<InstructionStatus, 'pinned'> }[];
}

/** Names read in every folder, in this order; the nearest folder's file wins where two disagree. */
export const INSTRUCTION_FILE_NAMES = ['AGENTS.md', 'CLAUDE.md', 'GEMINI.md'] as const;
/** Read at the workspace root only. */
export const ROOT_INSTRUCTION_FILES = ['.github/copilot-instructions.md'] as const;
/** A file larger than this is never pinned nor sent: it is named as an ordinary file. */
export const INSTRUCTION_MAX_BYTES = 32 * 1024;
/** At most this many files are looked at in one scan (root first, then deeper folders). */
export const INSTRUCTION_MAX_FILES = 12;

const LOWER_NAMES = new Set(INSTRUCTION_FILE_NAMES.map((name) => name.toLowerCase()));

export interface FoundInstructionFile {
  /** Relative to the workspace, with `/`. */
  relPath: string;
  size: number;
  /** Null when the file is larger than INSTRUCTION_MAX_BYTES. */
  text: string | null;
  sha256: string | null;
}

/** Whether a workspace-relative path names an instruction file (any case, any folder). */
export function isInstructionFile(relPath: string): boolean {
  const parts = relPath.split(/[\\/]/).filter((part) => part !== '' && part !== '.');
  const last = parts.at(-1)?.toLowerCase() ?? '';
  if (LOWER_NAMES.has(last)) return true;
  return parts.length === 2 && parts[0]!.toLowerCase() === '.github' && last === 'copilot-instructions.md';
}

/** The folders from the root down to each worked path (the path itself too, in case it is a folder). */
export function foldersOnTheWay(workedPaths: readonly string[]): string[] {
  const folders = [''];
  for (const worked of workedPaths) {
    const normal = path.posix.normalize(worked.replace(/\\/g, '/'));
    if (normal.startsWith('/') || normal === '..' || normal.startsWith('../')) continue;
    const parts = normal.split('/').filter((part) => part !== '' && part !== '.');
    // A folder name is written into the system prompt: one with a control or hidden character is not looked in.
    const plain = parts.findIndex((part) => /[\u0000-\u001f\u007f]/.test(part) || hasHiddenCharacters(part));
    if (plain >= 0) parts.length = plain;
    for (let depth = 1; depth <= parts.length; depth++) folders.push(parts.slice(0, depth).join('/'));
  }
  return [...new Set(folders)].sort((a, b) => depthOf(a) - depthOf(b) || a.localeCompare(b));
}

function depthOf(folder: string): number {
  return folder === '' ? 0 : folder.split('/').length;
}

/** Every instruction file on the way, root first; a missing or refused path is simply absent. */
export function findInstructionFiles(ctx: PathContext, workedPaths: readonly string[] = []): FoundInstructionFile[] {
  const candidates: string[] = [];
  for (const folder of foldersOnTheWay(workedPaths)) {
    for (const name of INSTRUCTION_FILE_NAMES) candidates.push(folder === '' ? name : `${folder}/${name}`);
    if (folder === '') candidates.push(...ROOT_INSTRUCTION_FILES);
  }
  const found: FoundInstructionFile[] = [];
  for (const relPath of candidates) {
    if (found.length >= INSTRUCTION_MAX_FILES) break;
    const read = readInside(ctx, relPath, INSTRUCTION_MAX_BYTES + 1);
    if (!read.ok) continue;
    if (read.size > INSTRUCTION_MAX_BYTES) {
      found.push({ relPath, size: read.size, text: null, sha256: null });
      continue;
    }
    found.push({ relPath, size: read.size, text: read.data.toString('utf8'), sha256: sha256(read.data) });
  }
  return found;
}
