// Seed 000's acceptance criteria end to end in the unit tier (issue 15 item 9): the real core — the
// real agent loop, the real dispatcher and floor, real cards answered as the owner would, real files
// on disk — with only the model's brain scripted (the fake server speaks Anthropic's wire format to
// the real SDK). Owner clicks are the other edge: `turn` answers each card with `onCard`.
import fs from 'node:fs';
import path from 'node:path';
import type { Card, CardAnswer, Mode, Scope } from '../../../src/shared/domain';
import type { Core } from '../../../src/main/core';
import { startFakeModelServer, type FakeModelServer, type FakeTurn } from '../../support/fakeModelServer';
import { buildTestCore } from '../../support/testCore';
import { toolResultsIn, type SentToolResult } from '../agent/wire';

export const DEVELOPER: Scope[] = [
  'file_read',
  'file_write',
  'file_edit',
  'process',
  'git',
  'preview',
  'workspace',
  'shell',
];

export interface LoopWorld {
  core: Core;
  model: FakeModelServer;
  root: string;
  dataDir: string;
  workspace: string;
  agentId: string;
  conversationId: string;
  /** Runs one owner request to its end; every card is answered by `onCard` (approve when absent). */
  turn(
    text: string,
    onCard?: (card: Card) => Omit<CardAnswer, 'cardId'>,
  ): Promise<{ end: string; results: SentToolResult[]; cards: Card[] }>;
  /** The tool names the model was offered on its last request. */
  offered(): string[];
  close(): Promise<void>;
}

/** `script[i]` answers the model's i-th request of the world (later requests end with text). */
export async function loopWorld(
  root: string,
  script: FakeTurn[],
  options: {
    env?: NodeJS.ProcessEnv;
    scopes?: Scope[];
    mode?: Mode;
    withWorkspace?: boolean;
    maxOutputTokens?: number;
  } = {},
): Promise<LoopWorld> {
  const model = await startFakeModelServer((_request, index) => script[index] ?? { text: 'done' });
  const { core, dataDir } = await buildTestCore(root, options.env ?? {});
  fs.mkdirSync(path.join(root, 'project'), { recursive: true });
  const workspace = fs.realpathSync(path.join(root, 'project'));
  const agent = core.agents.create({
    name: 'Acceptance',
    handle: '@ac',
    provider: 'anthropic',
    model: 'fake-model',
    baseUrl: model.url,
    scopes: options.scopes ?? DEVELOPER,
    mode: options.mode ?? 'ask',
    maxOutputTokens: options.maxOutputTokens,
  });
  core.secrets.set(agent.id, 'sk-acceptance');
  if (options.withWorkspace !== false) {
    core.workspaces.set({
      agentId: agent.id,
      directory: workspace,
      capturedPath: process.env.PATH ?? '/usr/bin:/bin',
      gitBinary: null,
    });
  }
  const conversation = core.conversations.create(agent.id, 'acceptance');
  return {
    core,
    model,
    root,
    dataDir,
    workspace,
    agentId: agent.id,
    conversationId: conversation.id,
    async turn(text, onCard = () => ({ decision: 'approve' })) {
      const cards: Card[] = [];
      const unsubscribe = core.events.subscribe((event) => {
        if (event.type !== 'card.pending') return;
        cards.push(event.card);
        // The owner's click, after the card is shown.
        setImmediate(() =>
          core.cards.answer({ cardId: event.card.id, baseHash: event.card.baseHash, ...onCard(event.card) }),
        );
      });
      try {
        const before = model.requests.length;
        const turnId = core.runner.startTurn({ agentId: agent.id, conversationId: conversation.id, text });
        const end = await core.runner.settled(turnId);
        const last = model.requests.at(-1);
        const results = last && model.requests.length > before ? toolResultsIn(last) : [];
        return { end, results, cards };
      } finally {
        unsubscribe();
      }
    },
    offered() {
      const tools = (model.requests.at(-1)?.body.tools ?? []) as { name: string }[];
      return tools.map((tool) => tool.name);
    },
    async close() {
      await core.shutdown();
      await model.close();
    },
  };
}
