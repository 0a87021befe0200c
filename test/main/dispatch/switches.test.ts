import { afterEach, describe, expect, it } from 'vitest';
import { describeVocabulary, SHELL_CONTAINMENT } from '../../../src/main/dispatch/vocabulary';
import { installedToolNames } from '../../../src/main/dispatch/registry';
import { resolveSwitches } from '../../../src/main/dispatch/switches';
import { createTempDirs } from '../../support/tempDirs';
import { dispatchHarness } from './harness';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

const OFF = { PADDOCK_CODING_TOOLS: 'off', PADDOCK_FILE_EDIT: 'off', PADDOCK_SHELL: 'off' };

describe('instance switches and the registry (seed 000)', () => {
  it('AC-1: with the switches off, file_read, file_write and shell are uninstalled and the tools are absent', async () => {
    const h = await dispatchHarness(temp.make(), { env: OFF });
    const vocabulary = describeVocabulary(h.core.installed, h.agent.scopes);
    for (const scope of ['file_read', 'file_write', 'shell'] as const) {
      expect(vocabulary.find((line) => line.scope === scope)).toMatchObject({ installed: false, granted: true });
    }
    expect(h.core.dispatcher.offeredTools(h.agent.id)).toEqual([]);
    const { result } = h.dispatch('read', { path: 'a.txt' });
    expect(await result).toMatchObject({ ok: false, error: expect.stringMatching(/not installed/) });
    await h.core.shutdown();
  });

  it('AC-2: with coding tools on only, read and write exist and bash does not', async () => {
    const h = await dispatchHarness(temp.make(), {
      env: { PADDOCK_CODING_TOOLS: 'on', PADDOCK_FILE_EDIT: 'off', PADDOCK_SHELL: 'off' },
    });
    const offered = h.core.dispatcher.offeredTools(h.agent.id).map((tool) => tool.name);
    expect(offered).toEqual(expect.arrayContaining(['read', 'write']));
    expect(offered).not.toContain('bash');
    expect(offered).not.toContain('edit');
    await h.core.shutdown();
  });

  it('AC-3 (registry): with coding tools and shell on, bash is installed; shell without coding tools installs nothing', () => {
    expect(installedToolNames({ coding_tools: true, file_edit: false, shell: true }).has('bash')).toBe(true);
    expect(installedToolNames({ coding_tools: false, file_edit: false, shell: true }).has('bash')).toBe(false);
  });

  it('reads the DASHBOARD_* aliases, and PADDOCK_* wins over them', () => {
    expect(resolveSwitches({}, { DASHBOARD_SHELL: 'on' }).switches.shell).toBe(true);
    expect(resolveSwitches({}, { DASHBOARD_SHELL: 'on', PADDOCK_SHELL: 'off' }).switches.shell).toBe(false);
    expect(resolveSwitches({ shell: true }, {}).switches).toEqual({ coding_tools: true, file_edit: true, shell: true });
    expect(resolveSwitches({}, {}).switches).toEqual({ coding_tools: true, file_edit: true, shell: false });
  });

  it('AC-6: an agent without a workspace is offered no coding tool, only the card that asks the owner for one', async () => {
    const h = await dispatchHarness(temp.make(), { withWorkspace: false });
    expect(h.core.dispatcher.offeredTools(h.agent.id).map((tool) => tool.name)).toEqual(['workspace']);
    const { result } = h.dispatch('read', { path: 'a.txt' });
    expect(await result).toMatchObject({ ok: false, status: 403, error: expect.stringMatching(/no workspace/) });
    await h.core.shutdown();
  });

  it('AC-7: the vocabulary reports each scope, and the shell says it is not contained', () => {
    const installed = installedToolNames({ coding_tools: true, file_edit: true, shell: true });
    const vocabulary = describeVocabulary(installed, ['file_read', 'shell']);
    expect(vocabulary.map((line) => line.scope)).toEqual([
      'file_read',
      'file_write',
      'file_edit',
      'process',
      'git',
      'preview',
      'workspace',
      'shell',
      'mcp',
      'delegate',
    ]);
    const shell = vocabulary.find((line) => line.scope === 'shell');
    expect(shell).toMatchObject({
      installed: true,
      granted: true,
      decidedBy: ['coding_tools', 'shell'],
      installedTools: ['bash'],
    });
    expect(shell?.containment).toBe(SHELL_CONTAINMENT);
    expect(SHELL_CONTAINMENT).toMatch(/Not contained/);
    expect(vocabulary.find((line) => line.scope === 'file_write')?.granted).toBe(false);
  });
});
