// Pictures the owner sends with a message: decoded and bounded, stored as PNG files, sent to the
// model as image blocks in the owner's own message through both SDKs, sent again after a restart,
// and refused for what is not a picture or a model that reads none.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { Provider } from '../../../src/shared/domain';
import { MAX_IMAGE_SIDE } from '../../../src/main/tools/readImage';
import { OwnerImageRefusal, storeOwnerImages } from '../../../src/main/agent/ownerImages';
import { readsImages } from '../../../src/main/agent/providers/vision';
import { startFakeModelServer, type RecordedRequest } from '../../support/fakeModelServer';
import { createCore, createFakeDispatcher } from './harness';

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function picture(width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** The pictures in the last user message of a request, as each wire format carries them. */
function picturesInOwnersMessage(request: RecordedRequest): string[] {
  const messages = request.body.messages as { role: string; content: unknown }[];
  const last = [...messages].reverse().find((message) => message.role === 'user');
  if (!last || !Array.isArray(last.content)) return [];
  return (last.content as { type: string; source?: { data: string }; image_url?: { url: string } }[]).flatMap(
    (block) =>
      block.type === 'image'
        ? [block.source!.data]
        : block.type === 'image_url'
          ? [block.image_url!.url.replace(/^data:image\/png;base64,/, '')]
          : [],
  );
}

describe('pictures in', () => {
  it('stores each picture bounded as a PNG in Paddock files, and refuses what is not a picture', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-images-'));
    const [stored] = await storeOwnerImages(dataDir, [{ base64: await picture(3000, 1000) }]);
    const meta = await sharp(fs.readFileSync(stored!.file)).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(MAX_IMAGE_SIDE);
    expect(path.dirname(stored!.file)).toBe(fs.realpathSync(path.join(dataDir, 'files')));
    await expect(
      storeOwnerImages(dataDir, [{ base64: Buffer.from('#!/bin/sh\necho hi\n').toString('base64') }]),
    ).rejects.toThrow(OwnerImageRefusal);
    await expect(
      storeOwnerImages(
        dataDir,
        Array.from({ length: 5 }, () => ({ base64: 'iVBORw0KGgo=' })),
      ),
    ).rejects.toThrow(/at most 4/);
  });

  it('knows which models read pictures', () => {
    expect(readsImages({ provider: 'anthropic', model: 'claude-sonnet-4-5', baseUrl: null })).toBe(true);
    expect(readsImages({ provider: 'openai', model: 'gpt-4o', baseUrl: null })).toBe(true);
    expect(readsImages({ provider: 'openai', model: 'qwen2.5-coder:7b', baseUrl: 'http://127.0.0.1:11434/v1' })).toBe(
      false,
    );
  });

  it.each(['anthropic', 'openai'] as const)(
    'sends the picture with the owner’s words through the %s SDK, and again after a restart',
    async (provider: Provider) => {
      const server = await startFakeModelServer([{ text: 'I see a red box.' }, { text: 'Still red.' }]);
      const baseUrl = provider === 'anthropic' ? server.url : server.openaiUrl;
      const core = createCore({ provider, baseUrl, dispatcher: createFakeDispatcher({}) });
      cleanups.push(
        () => server.close(),
        () => core.close(),
      );
      const images = await storeOwnerImages(core.dataDir, [{ base64: await picture(40, 30) }]);
      const first = core.runner.startTurn({
        agentId: core.agent.id,
        conversationId: core.conversationId,
        text: 'what is wrong here?',
        images,
      });
      expect(await core.runner.settled(first)).toBe('completed');
      expect(picturesInOwnersMessage(server.requests[0]!)).toEqual([images[0]!.image.base64]);
      const stored = core.conversations.page(core.conversationId, { limit: 10 }).messages[0];
      expect(stored).toMatchObject({ role: 'owner', text: 'what is wrong here?', images: [images[0]!.file] });

      // A new core on the same data reads the conversation from the store: the picture goes again.
      const again = createCore({
        provider,
        baseUrl,
        dispatcher: createFakeDispatcher({}),
        dataDir: core.dataDir,
        conversationId: core.conversationId,
      });
      cleanups.push(() => again.close());
      const second = again.runner.startTurn({
        agentId: again.agent.id,
        conversationId: again.conversationId,
        text: 'and now?',
      });
      expect(await again.runner.settled(second)).toBe('completed');
      const messages = server.requests[1]!.body.messages as { role: string; content: unknown }[];
      expect(JSON.stringify(messages)).toContain(images[0]!.image.base64);
    },
  );
});
