// A real core (temporary data dir, SQLite file, HOME) with one agent, its workspace and a conversation,
// and a way to dispatch calls as the loop would.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Scope, Mode, Card, ToolResult } from '../../../src/shared/domain';
import { createConversationsRepository } from '../../../src/main/store/conversations';
import type { CallOrigin } from '../../../src/main/dispatch/types';
import { buildTestCore } from '../../support/testCore';

export const ALL_SCOPES: Scope[] = [
  'file_read',
  'file_write',
  'file_edit',
  'process',
  'git',
  'preview',
  'workspace',
  'shell',
];

export async function dispatchHarness(
  root: string,
  options: { env?: NodeJS.ProcessEnv; scopes?: Scope[]; mode?: Mode; withWorkspace?: boolean } = {},
) {
  const { core, home, dataDir } = await buildTestCore(root, options.env);
  const workspace = path.join(root, 'project');
  fs.mkdirSync(workspace, { recursive: true });
  const agent = core.agents.create({
    name: 'Developer',
    handle: '@tester',
    provider: 'anthropic',
    model: 'test',
    scopes: options.scopes ?? ALL_SCOPES,
    mode: options.mode ?? 'run',
  });
  if (options.withWorkspace !== false) {
    core.workspaces.set({
      agentId: agent.id,
      directory: workspace,
      capturedPath: process.env.PATH ?? '/usr/bin:/bin',
      gitBinary: null,
    });
  }
  const conversation = createConversationsRepository(core.db).create(agent.id, 'test');
  // The owner's request the calls run under (the edge: as an MCP session opens one); the floor checks it is live.
  core.ownerRequests.open('turn-1', conversation.id);

  function dispatch(
    tool: string,
    args: unknown,
    origin: Partial<CallOrigin> = {},
    signal = new AbortController().signal,
  ): { callId: string; result: Promise<ToolResult> } {
    const callId = randomUUID();
    const result = core.dispatcher.dispatch(
      {
        callId,
        tool,
        args,
        agentId: agent.id,
        conversationId: conversation.id,
        ownerRequestId: 'turn-1',
        delegationDepth: 0,
        ...origin,
      },
      signal,
    );
    return { callId, result };
  }

  async function nextCard(): Promise<Card> {
    for (let i = 0; i < 500; i += 1) {
      const [card] = core.cards.list();
      if (card) return card;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no card appeared');
  }

  return {
    core,
    home,
    dataDir,
    workspace,
    agent,
    conversation,
    dispatch,
    nextCard,
    file: (rel: string) => path.join(workspace, rel),
  };
}
