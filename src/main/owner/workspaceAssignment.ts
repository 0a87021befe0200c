// Setting an agent's workspace: the owner's folder pick and the `workspace` tool's approved card
// both come here, so the rules of SPEC §4 hold whichever way a directory is named.
import fs from 'node:fs';
import path from 'node:path';
import type { Workspace } from '../../shared/domain';
import type { WorkspacesRepository } from '../store/workspaces';
import { describeFacts, directoryFacts } from './directoryFacts';
import { detectVirtualenv } from './virtualenv';

export type RootDecision = { ok: true; path: string } | { ok: false; reason: string };

export interface WorkspaceAssignmentDeps {
  workspaces: WorkspacesRepository;
  /** SPEC §4's root rules (exists, is a directory, not `/`, not Paddock's state, not denied). */
  validateRoot(directory: string): RootDecision;
  /** PATH from the owner's login shell, captured once when the owner approves a workspace. */
  capturePath(): Promise<string>;
  findGit(capturedPath: string): string | null;
  /** All of an agent's processes are killed when its workspace changes (seed 003 §4). */
  stopAgentProcesses(agentId: string): Promise<void>;
}

export interface WorkspaceProposal {
  directory: string;
  details: string[];
  capturedPath: string;
}

const CAPTURE_REUSE_MS = 5 * 60_000;

export function createWorkspaceAssignment(deps: WorkspaceAssignmentDeps) {
  let lastCapture: { at: number; value: Promise<string> } | null = null;
  // A card shows the PATH that approval will store: one capture serves both within a few minutes.
  function capture(): Promise<string> {
    if (!lastCapture || Date.now() - lastCapture.at > CAPTURE_REUSE_MS) {
      lastCapture = { at: Date.now(), value: deps.capturePath() };
    }
    return lastCapture.value;
  }

  return {
    /** Why a directory can never be a workspace, as a sentence for the owner; null when the rules allow it. */
    refusalOf(directory: string): string | null {
      const root = deps.validateRoot(directory);
      if (root.ok) return null;
      const sentence = root.reason.replace(/^refused:\s*/, '');
      return sentence.charAt(0).toUpperCase() + sentence.slice(1);
    },

    /** The owner's login-shell PATH (captured at most every few minutes). */
    capturedPath: capture,

    async propose(
      directory: string,
    ): Promise<{ ok: true; proposal: WorkspaceProposal } | { ok: false; reason: string }> {
      const root = deps.validateRoot(directory);
      if (!root.ok) return root;
      const capturedPath = await capture();
      const details = [...describeFacts(directoryFacts(root.path)), `PATH to capture: ${capturedPath}`];
      const venv = detectVirtualenv(root.path);
      if (venv) details.push(virtualenvLine(root.path, venv));
      return { ok: true, proposal: { directory: root.path, details, capturedPath } };
    },

    async assign(
      agentId: string,
      directory: string,
    ): Promise<{ ok: true; workspace: Workspace } | { ok: false; reason: string }> {
      const root = deps.validateRoot(directory);
      if (!root.ok) return root;
      const capturedPath = await capture();
      const previous = deps.workspaces.get(agentId);
      if (previous) await deps.stopAgentProcesses(agentId);
      const workspace = deps.workspaces.set({
        agentId,
        directory: root.path,
        capturedPath,
        gitBinary: deps.findGit(capturedPath),
        venv: detectVirtualenv(root.path),
      });
      return { ok: true, workspace };
    },
  };
}

/** What the card says of a project's virtualenv (issue 24 §4). */
export function virtualenvLine(root: string, venv: string): string {
  const rel = path.relative(root, venv);
  return `Python virtualenv: ${rel} — its bin/ comes first on PATH for test runs and project scripts, as editors do, so python -m pytest uses the project's pytest; ${rel}/bin/pytest and ${rel}/bin/python -m pytest run without a card in run mode`;
}

export type WorkspaceAssignment = ReturnType<typeof createWorkspaceAssignment>;

/**
 * A cloned or created repository under <data>/repositories/<id>/agent becomes the agent's workspace
 * (AC-9); when the assignment refuses it, the directory is removed, so a failed connect leaves nothing behind.
 */
export async function connectRepository(
  assignment: WorkspaceAssignment,
  agentId: string,
  directory: string,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const assigned = await assignment.assign(agentId, directory);
  if (assigned.ok) return { ok: true };
  fs.rmSync(directory, { recursive: true, force: true });
  return { ok: false, reason: assigned.reason };
}
