// The layer rule (what each part of src/main may import) and the raw-IPC ban, run through the
// project's own eslint.config.mjs: a wrong import fails `npm run lint`, a right one passes.
import fs from 'node:fs';
import path from 'node:path';
import { lintForTests } from '../support/lintForTests';
import { describe, expect, it } from 'vitest';
import { LAYERS, mayImport } from '../../eslint/layers.mjs';

const root = path.resolve(__dirname, '../..');
const eslint = lintForTests(root);
const fixture = (name: string) => fs.readFileSync(path.join(root, 'test/fixtures/lint', name), 'utf8');

async function lintAs(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => ({ rule: message.ruleId, text: message.message }));
}

describe('the layers, as npm run lint enforces them', () => {
  it('fails a workspace file that imports tools (the fixture)', async () => {
    const messages = await lintAs('src/main/workspace/upwardImport.ts', fixture('upwardImport.ts'));
    expect(messages).toEqual([
      expect.objectContaining({
        rule: 'local/layers',
        text: expect.stringContaining('workspace may not import tools'),
      }),
    ]);
  });

  it('passes the same import from a part that may import tools', async () => {
    expect(await lintAs('src/main/dispatch/upwardImport.ts', fixture('upwardImport.ts'))).toEqual([]);
  });

  it.each([
    [
      'src/main/policy/x.ts',
      "import { createDispatcher } from '../dispatch/dispatcher';\nvoid createDispatcher;\n",
      'policy may not import dispatch',
    ],
    ['src/main/store/x.ts', "import { runGit } from '../git/runner';\nvoid runGit;\n", 'store may not import git'],
    ['src/main/processes/x.ts', "export { createToolSet } from '../tools';\n", 'processes may not import tools'],
    ['src/main/tools/x.ts', "export type X = typeof import('../agent/loop');\n", 'tools may not import agent'],
    ['src/main/api/x.ts', "import type { Core } from '../core';\nexport type X = Core;\n", 'api may not import hosts'],
    [
      'src/main/api/x.ts',
      "import { createOwnerApi } from '../ownerApi';\nvoid createOwnerApi;\n",
      'api may not import ownerApi',
    ],
    // Not merely a lower rung: api knows the contract only, though a total order once put it above agent.
    [
      'src/main/api/x.ts',
      "import type { AgentRunner } from '../agent/loop';\nexport type X = AgentRunner;\n",
      'api may not import agent',
    ],
    [
      'src/main/approvals/x.ts',
      "import type { Dispatcher } from '../dispatch/types';\nexport type X = Dispatcher;\n",
      'approvals may not import dispatch',
    ],
    [
      'src/main/ownerApi/x.ts',
      "import { createCore } from '../core';\nvoid createCore;\n",
      'ownerApi may not import hosts',
    ],
    ['src/main/agent/x.ts', "const core = require('../core');\nvoid core;\n", 'agent may not import hosts'],
    [
      'src/shared/x.ts',
      "import type { Db } from '../main/store/database';\nexport type X = Db;\n",
      'shared may not import store',
    ],
  ])('fails %s importing upward', async (file, code, text) => {
    const messages = await lintAs(file, code);
    expect(messages).toContainEqual(
      expect.objectContaining({ rule: 'local/layers', text: expect.stringContaining(text) }),
    );
  });

  it('holds every folder of src/main in exactly one part, so a new folder must be placed', () => {
    const placed = LAYERS.flatMap((layer) => layer.paths);
    const entries = fs.readdirSync(path.join(root, 'src/main'));
    for (const entry of entries)
      expect(placed, `src/main/${entry} is in no part of eslint/layers.mjs`).toContain(entry);
    expect(new Set(placed).size).toBe(placed.length);
  });

  it('names only parts that exist, and has no cycle: it is still layers', () => {
    const names = LAYERS.map((layer) => layer.name);
    for (const layer of LAYERS)
      for (const other of layer.mayImport)
        expect([...names, '*'], `${layer.name} may import ${other}`).toContain(other);
    // Depth-first: reaching a part again while it is still open is a cycle.
    const state = new Map<number, 'open' | 'done'>();
    const visit = (index: number, trail: string[]): void => {
      if (state.get(index) === 'done') return;
      expect(state.get(index), `a cycle: ${[...trail, LAYERS[index]!.name].join(' → ')}`).not.toBe('open');
      state.set(index, 'open');
      LAYERS.forEach((_, to) => {
        if (to !== index && mayImport(index, to)) visit(to, [...trail, LAYERS[index]!.name]);
      });
      state.set(index, 'done');
    };
    LAYERS.forEach((_, index) => visit(index, []));
  });
});

describe('raw IPC, as npm run lint enforces it', () => {
  it('fails ipcMain and webContents.send in an Electron host file other than ipc.ts', async () => {
    const messages = await lintAs('src/main/host/electron/window.ts', fixture('rawIpc.ts'));
    const texts = messages.filter((message) => message.rule === 'no-restricted-syntax').map((message) => message.text);
    expect(texts.some((text) => text.startsWith('ipcMain appears only'))).toBe(true);
    expect(texts.some((text) => text.startsWith('webContents.send appears only'))).toBe(true);
  });

  it('passes the same code in the one IPC file', async () => {
    const messages = await lintAs('src/main/host/electron/ipc.ts', fixture('rawIpc.ts'));
    expect(messages.filter((message) => message.rule === 'no-restricted-syntax')).toEqual([]);
  });
});

describe('SQL, as npm run lint enforces it', () => {
  it('fails a prepared statement or db.exec outside store/', async () => {
    const messages = await lintAs('src/main/agent/rawSql.ts', fixture('rawSql.ts'));
    const sql = messages.filter(
      (message) =>
        message.rule === 'no-restricted-syntax' && message.text.startsWith('SQL lives only in src/main/store/'),
    );
    expect(sql).toHaveLength(2);
  });

  it('passes the same code inside store/', async () => {
    const code = fixture('rawSql.ts').replace("from '../store/database'", "from './database'");
    const messages = await lintAs('src/main/store/rawSql.ts', code);
    expect(messages.filter((message) => message.rule === 'no-restricted-syntax')).toEqual([]);
  });
});
