// A real core (temp data dir, SQLite, HOME) whose agent talks to the fake model server through the
// real SDK, with a workspace that is a real git repository: what the checkpoint tests drive.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Card, CheckpointView } from '../../../src/shared/domain';
import { startFakeModelServer, type FakeScript, type FakeModelServer } from '../../support/fakeModelServer';
import { buildTestCore } from '../../support/testCore';
import { ALL_SCOPES } from '../dispatch/harness';

export async function checkpointHarness(root: string, script: FakeScript) {
  const server: FakeModelServer = await startFakeModelServer(script);
  const { core, dataDir } = await buildTestCore(root, { PADDOCK_CODING_TOOLS: 'on', PADDOCK_SHELL: 'on' });
  fs.mkdirSync(path.join(root, 'project'), { recursive: true });
  const workspace = fs.realpathSync(path.join(root, 'project'));
  const agent = core.agents.create({
    name: 'Developer',
    handle: '@cp',
    provider: 'anthropic',
    model: 'fake',
    baseUrl: server.url,
    scopes: ALL_SCOPES,
    mode: 'run',
  });
  core.secrets.set(agent.id, 'sk-test-key-0123456789');
  core.workspaces.set({
    agentId: agent.id,
    directory: workspace,
    capturedPath: process.env.PATH ?? '/usr/bin:/bin',
    gitBinary: null,
  });
  const conversation = core.conversations.create(agent.id, 'checkpoints');
  const file = (rel: string): string => path.join(workspace, rel);

  /** The owner approves every tool card while a turn works (the owner's clicks are the edge of the world). */
  async function runTurn(text: string): Promise<string> {
    const turnId = core.runner.startTurn({ agentId: agent.id, conversationId: conversation.id, text });
    let ended = false;
    const settled = core.runner.settled(turnId).then((reason) => {
      ended = true;
      return reason;
    });
    while (!ended) {
      for (const card of core.cards.list()) {
        if (card.tool !== 'checkpoint')
          core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash });
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return settled;
  }

  async function cardById(cardId: string): Promise<Card> {
    const card = core.cards.list().find((c) => c.id === cardId);
    if (!card) throw new Error('the restore card is not pending');
    return card;
  }

  /** Approves a restore card and waits for the restore it asked about to be recorded. */
  async function approveRestore(card: Card, choice?: 'stop-processes'): Promise<CheckpointView> {
    const before = core.checkpoints.list(conversation.id).filter((c) => c.kind === 'restore').length;
    const answered = core.cards.answer({ cardId: card.id, decision: 'approve', baseHash: card.baseHash, choice });
    if (!answered.ok) throw new Error(answered.message);
    for (let i = 0; i < 1000; i++) {
      const restores = core.checkpoints.list(conversation.id).filter((c) => c.kind === 'restore');
      if (restores.length > before && restores[restores.length - 1]!.summary) return restores[restores.length - 1]!;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the restore did not finish');
  }

  return {
    core,
    server,
    dataDir,
    workspace,
    agent,
    conversation,
    file,
    runTurn,
    cardById,
    approveRestore,
    async close() {
      await core.shutdown();
      await server.close();
    },
  };
}

/** A real repository of the owner's own in the workspace, with one commit. */
export function initOwnerRepository(workspace: string): void {
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: workspace,
      env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
    });
  git('init', '-q');
  git('-c', 'user.name=Owner', '-c', 'user.email=owner@example.invalid', 'add', '-A');
  git('-c', 'user.name=Owner', '-c', 'user.email=owner@example.invalid', 'commit', '-q', '-m', 'start');
}

/** Every file under .git (index, refs, objects, config, hooks), hashed by path. */
export function hashGitDirectory(workspace: string): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        hash.update(path.relative(workspace, full));
        hash.update(fs.readFileSync(full));
      }
    }
  };
  walk(path.join(workspace, '.git'));
  return hash.digest('hex');
}
