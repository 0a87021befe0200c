// What a window that is not to be trusted can do through each call (SPEC §2): the owner's own powers
// stay the owner's, but no call reaches past the rules the core keeps for the agent's files and state.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EDITOR_KEY } from '../../../src/main/ownerApi';
import { createApiRouter } from '../../../src/main/api/router';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const window = { trusted: true, describe: 'test window' };

async function setup() {
  const root = temp.make();
  const { core, home, dataDir } = await buildTestCore(root);
  const router = createApiRouter(core.api, { host: 'web', version: 't' }, () => undefined);
  const call = (name: string, request: unknown) => router(name, request, window);
  const workspace = path.join(root, 'project');
  fs.mkdirSync(path.join(workspace, 'src'), { recursive: true });
  fs.writeFileSync(path.join(workspace, 'src', 'a.ts'), 'export {};\n');
  fs.writeFileSync(path.join(root, 'outside.txt'), 'outside secret');
  fs.mkdirSync(path.join(home, '.ssh'), { recursive: true });
  fs.writeFileSync(path.join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY');
  const agent = core.agents.list()[0]!;
  const set = await call('workspaces.set', { agentId: agent.id, directory: workspace });
  expect(set.ok).toBe(true);
  return { core, home, dataDir, root, workspace, agent, call };
}

const refused = { ok: false };

describe('the window’s calls and the fence', () => {
  it('files.read and files.tree stay inside the workspace: climbing, absolute, ~, NUL and links out are refused', async () => {
    const s = await setup();
    fs.symlinkSync(path.join(s.root, 'outside.txt'), path.join(s.workspace, 'link.txt'));
    fs.symlinkSync(s.root, path.join(s.workspace, 'up'));
    for (const bad of [
      '../outside.txt',
      path.join(s.root, 'outside.txt'),
      '/etc/passwd',
      '~/.ssh/id_ed25519',
      'src/\u0000a.ts',
      'link.txt',
      'up/outside.txt',
      'src/../../outside.txt',
    ]) {
      const read = await s.call('files.read', { agentId: s.agent.id, path: bad });
      expect(read, bad).toMatchObject(refused);
      expect(JSON.stringify(read)).not.toContain('outside secret');
    }
    for (const bad of ['..', '/', 'up', '~'])
      expect(await s.call('files.tree', { agentId: s.agent.id, path: bad }), bad).toMatchObject(refused);
    expect(await s.call('files.read', { agentId: s.agent.id, path: 'src/a.ts' })).toMatchObject({
      ok: true,
      value: { content: 'export {};\n' },
    });
  });

  it('the deny list holds for the window too: a workspace at home does not show ~/.ssh', async () => {
    const s = await setup();
    expect((await s.call('workspaces.set', { agentId: s.agent.id, directory: s.home })).ok).toBe(true);
    const read = await s.call('files.read', { agentId: s.agent.id, path: '.ssh/id_ed25519' });
    expect(read).toMatchObject(refused);
    const tree = await s.call('files.tree', { agentId: s.agent.id, path: '.', depth: 3 });
    expect(JSON.stringify(tree)).not.toContain('id_ed25519');
  });

  it('workspaces.set refuses the filesystem root, Paddock’s own data and denied places, and names the rule', async () => {
    const s = await setup();
    for (const directory of [
      '/',
      s.dataDir,
      path.join(s.dataDir, 'files'),
      path.join(s.home, '.ssh'),
      `${s.workspace}/../data`,
    ]) {
      const result = await s.call('workspaces.set', { agentId: s.agent.id, directory });
      expect(result, directory).toMatchObject({ ok: false, error: { code: 'refused' } });
    }
    expect(s.core.workspaces.get(s.agent.id)?.directory).toBe(s.workspace);
  });

  it('screenshots.read reads only a PNG in <data>/files, by its own name', async () => {
    const s = await setup();
    const files = path.join(s.dataDir, 'files');
    fs.writeFileSync(path.join(files, 'shot.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    fs.symlinkSync(path.join(s.root, 'outside.txt'), path.join(files, 'link.png'));
    fs.writeFileSync(path.join(s.root, 'outside.png'), 'outside secret');
    for (const file of [
      path.join(s.root, 'outside.png'),
      path.join(files, '..', '..', 'outside.png'),
      path.join(files, 'link.png'),
      path.join(files, 'shot.png\u0000'),
      'shot.png',
      path.join(s.dataDir, 'paddock.sqlite'),
      `${files}/../files/shot.png`,
    ]) {
      const result = await s.call('screenshots.read', { agentId: s.agent.id, file });
      expect(result, file).toMatchObject(refused);
      expect(JSON.stringify(result)).not.toContain(Buffer.from('outside secret').toString('base64'));
    }
    expect(await s.call('screenshots.read', { agentId: s.agent.id, file: path.join(files, 'shot.png') })).toMatchObject(
      { ok: true },
    );
  });

  it('summary.openInEditor opens nothing outside the workspace or in a denied place', async () => {
    const s = await setup();
    const marker = path.join(s.root, 'opened');
    // The "editor" records what it was asked to open, so a refusal is seen as no effect at all.
    s.core.settings.set(EDITOR_KEY, ['/bin/sh', '-c', `printf '%s' "$0" > ${marker}`]);
    for (const bad of ['../outside.txt', path.join(s.root, 'outside.txt'), '~/.ssh', '/etc/passwd']) {
      expect(await s.call('summary.openInEditor', { agentId: s.agent.id, path: bad }), bad).toMatchObject(refused);
    }
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('repositories.clone refuses option-like and exotic URLs and leaves nothing behind', async () => {
    const s = await setup();
    for (const url of [
      '--upload-pack=touch /tmp/x',
      '-u touch',
      'ext::sh -c touch% /tmp/x',
      'fd::3',
      'https://-oProxyCommand=x/',
      'ssh://-oProxyCommand=touch/x',
      '-oProxyCommand=x@h:p',
    ]) {
      const result = await s.call('repositories.clone', { agentId: s.agent.id, url });
      expect(result, url).toMatchObject(refused);
    }
    const repositories = path.join(s.dataDir, 'repositories');
    expect(fs.existsSync(repositories) ? fs.readdirSync(repositories) : []).toEqual([]);
    expect(s.core.workspaces.get(s.agent.id)?.directory).toBe(s.workspace);
  });

  it('owner.runTests runs only a plain command (no control characters), as argv, never through a shell', async () => {
    const s = await setup();
    for (const command of [
      'npm test\nrm -rf ~',
      'npm\ttest',
      'npm test\u200b',
      'npm test; rm -rf ~',
      'npm test | sh',
      'npm test $(id)',
    ]) {
      expect(await s.call('owner.runTests', { agentId: s.agent.id, command }), JSON.stringify(command)).toMatchObject({
        ok: false,
        error: { code: 'bad-request' },
      });
    }
    const marker = path.join(s.workspace, 'pwned');
    const result = await s.call('owner.runTests', { agentId: s.agent.id, command: `true touch ${marker}` });
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('agents.update: a provider base URL must be http or https (the API key is sent there)', async () => {
    const s = await setup();
    for (const baseUrl of ['file:///etc/passwd', 'javascript:alert(1)', 'ftp://x/', 'localhost:11434', ' ']) {
      expect(await s.call('agents.update', { agentId: s.agent.id, baseUrl }), baseUrl).toMatchObject({
        ok: false,
        error: { code: 'bad-request' },
      });
    }
    for (const baseUrl of ['http://localhost:11434/v1', 'https://openrouter.ai/api/v1', null]) {
      expect(await s.call('agents.update', { agentId: s.agent.id, baseUrl }), String(baseUrl)).toMatchObject({
        ok: true,
      });
    }
  });

  it('numbers and strings out of range are refused or clamped, never stored as given', async () => {
    const s = await setup();
    expect(await s.call('agents.update', { agentId: s.agent.id, maxOutputTokens: 1e300 })).toMatchObject(refused);
    expect(await s.call('agents.update', { agentId: s.agent.id, maxOutputTokens: 1.5 })).toMatchObject(refused);
    expect(await s.call('remembered.forget', { id: Number.MAX_SAFE_INTEGER + 2 })).toMatchObject(refused);
    expect(await s.call('terminal.open', { agentId: s.agent.id, cols: 1e9, rows: 10 })).toMatchObject(refused);
    expect(await s.call('files.read', { agentId: s.agent.id, path: 'a'.repeat(5000) })).toMatchObject(refused);
    expect(await s.call('terminal.write', { terminalId: 'not-open', data: 'id\n' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
    expect(await s.call('processes.stop', { agentId: 'no-such-agent', name: 'web' })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });
});

describe('opening a workspace file with the system opener', () => {
  it('refuses what the opener would launch rather than show: bundles, desktop entries, terminal scripts, executables', async () => {
    const s = await setup();
    fs.mkdirSync(path.join(s.workspace, 'Helper.app', 'Contents', 'MacOS'), { recursive: true });
    fs.writeFileSync(path.join(s.workspace, 'notes.desktop'), '[Desktop Entry]\nExec=touch /tmp/x\n');
    fs.writeFileSync(path.join(s.workspace, 'build.command'), 'touch /tmp/x\n');
    fs.writeFileSync(path.join(s.workspace, 'Setup.JAR'), 'PK');
    fs.writeFileSync(path.join(s.workspace, 'run-me'), '#!/bin/sh\ntouch /tmp/x\n', { mode: 0o755 });
    for (const target of ['Helper.app', 'notes.desktop', 'build.command', 'Setup.JAR', 'run-me']) {
      const result = await s.call('summary.openInEditor', { agentId: s.agent.id, path: target });
      expect(result, target).toMatchObject({
        ok: false,
        error: { code: 'refused', message: expect.stringMatching(/system opener/) },
      });
    }
  });
});
