// Shared by the process tests: temp dirs, a database with agents, and waiting on a condition
// (never a fixed sleep: the box is a loaded 2-core machine).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../../src/main/store/database';
import { createAgentsRepository } from '../../../src/main/store/agents';
import { isAlive } from '../../../src/main/processes/identity';
import type { Agent, Mode, ToolCallContext } from '../../../src/shared/domain';

export const FIXTURES = path.resolve(__dirname, '../../fixtures/processes');
export const FAMILY = path.join(FIXTURES, 'family.cjs');

const dirs: string[] = [];
export function tempDir(prefix = 'paddock-proc-'): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  dirs.push(dir);
  return dir;
}
export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export function databaseWithAgents(dataDir: string, ids: string[]): Db {
  const db = openDatabase(dataDir);
  const agents = createAgentsRepository(db);
  for (const id of ids)
    agents.create({
      id,
      name: `Agent ${id}`,
      handle: `@${id}`,
      provider: 'anthropic',
      model: 'm',
      scopes: [],
      maxOutputTokens: 1000,
    });
  return db;
}

export async function waitFor(condition: () => boolean, timeoutMs = 20_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function waitGone(pids: number[], timeoutMs = 20_000): Promise<void> {
  await waitFor(() => pids.every((pid) => !isAlive(pid)), timeoutMs, `pids ${pids.join(', ')} to be gone`);
}

/** Reads "parent N" / "grandchild N" lines printed by family.cjs. */
export function familyPids(text: string): { parent: number; grandchild: number } | null {
  const parent = /parent (\d+)/.exec(text);
  const grandchild = /grandchild (\d+)/.exec(text);
  return parent && grandchild ? { parent: Number(parent[1]), grandchild: Number(grandchild[1]) } : null;
}

/** Best-effort cleanup of pids a failed test may leave. */
export function killQuietly(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** A tool call context over a real workspace directory (for the run/start/output/stop/bash tools). */
export function toolContext(options: {
  agentId?: string;
  mode?: Mode;
  workspace: string | null;
  capturedPath?: string;
  home?: string;
  dataDir?: string;
  signal?: AbortSignal;
  onOutput?: (chunk: string) => void;
}): ToolCallContext {
  const agentId = options.agentId ?? 'alice';
  const agent: Agent = {
    id: agentId,
    name: `Agent ${agentId}`,
    handle: `@${agentId}`,
    provider: 'anthropic',
    model: 'm',
    baseUrl: null,
    scopes: ['process', 'shell'],
    mode: options.mode ?? 'run',
    acceptancePolicy: 'apply',
    maxOutputTokens: 1000,
    createdAt: 'now',
  };
  return {
    agent,
    workspace:
      options.workspace === null
        ? null
        : {
            agentId,
            directory: options.workspace,
            capturedPath: options.capturedPath ?? testPath(),
            gitBinary: null,
            createdAt: 'now',
          },
    home: options.home ?? tempDir('paddock-home-'),
    dataDir: options.dataDir ?? tempDir('paddock-data-'),
    callId: 'call-1',
    conversationId: 'conv-1',
    signal: options.signal ?? new AbortController().signal,
    onOutput: options.onOutput,
  };
}

/** A PATH with node's own directory first, then the system's. */
export function testPath(): string {
  return [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':');
}
