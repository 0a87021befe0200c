// The folder dialog is the host's (Electron's); the window asks for it through the core with what
// the folder is for, so the dialog's title says it. The web host has none, and says to type a path.
import { afterEach, describe, expect, it } from 'vitest';
import type { DirectoryPurpose } from '../../../src/shared/ipc';
import { createApiRouter } from '../../../src/main/api/router';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());
const trusted = { trusted: true, describe: 'test window' };

describe('workspaces.pickDirectory', () => {
  it("hands the host's dialog what the folder is for, and returns the folder picked", async () => {
    const { core } = await buildTestCore(temp.make());
    const asked: (DirectoryPurpose | undefined)[] = [];
    const host = {
      host: 'electron' as const,
      version: 't',
      pickDirectory: async (purpose?: DirectoryPurpose) => {
        asked.push(purpose);
        return '/picked/folder';
      },
    };
    const router = createApiRouter(core.api, host, () => undefined);
    expect(await router('workspaces.pickDirectory', { purpose: 'worktrees' }, trusted)).toEqual({
      ok: true,
      value: { directory: '/picked/folder' },
    });
    expect(await router('workspaces.pickDirectory', {}, trusted)).toMatchObject({ ok: true });
    expect(asked).toEqual(['worktrees', 'workspace']);
    expect(await router('workspaces.pickDirectory', { purpose: 'home' }, trusted)).toMatchObject({
      ok: false,
      error: { code: 'bad-request' },
    });
    await core.shutdown();
  });

  it('is unsupported in the web host, which has no folder dialog', async () => {
    const { core } = await buildTestCore(temp.make());
    const router = createApiRouter(core.api, { host: 'web', version: 't' }, () => undefined);
    expect(await router('workspaces.pickDirectory', { purpose: 'worktrees' }, trusted)).toMatchObject({
      ok: false,
      error: { code: 'unsupported' },
    });
    await core.shutdown();
  });
});
