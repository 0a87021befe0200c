import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBashTool } from '../../../src/main/tools/bash';
import { removeTempDirs, tempDir, toolContext } from '../processes/helpers';
import { missingSandbox, sandboxStatus, testSandbox } from '../../support/sandbox';

afterEach(removeTempDirs);

type Result = { ok: true; text: string; data?: unknown } | { ok: false; status?: number; error: string };
const text = (result: Result): string => (result.ok ? result.text : `ERROR ${result.error}`);

describe('bash', () => {
  it('says precisely what it can reach in the sandbox', () => {
    const tool = createBashTool();
    expect(tool.scope).toBe('shell');
    expect(tool.effects.replaySafe).toBe(false);
    expect(tool.description).toContain('bash runs in the OS sandbox');
    expect(tool.description).toContain('not its .git');
    expect(tool.description).toContain('every bash call is a card');
  });

  it('is a card in ask and edit, auto in run only while contained, gated without a workspace', async () => {
    const ws = tempDir('paddock-ws-');
    const uncontained = createBashTool({ sandbox: missingSandbox() });
    const ran = await uncontained.tierFor({ command: 'ls' }, toolContext({ workspace: ws, mode: 'run' }));
    expect(ran.tier).toBe('gated');
    expect(ran.reason).toContain('bubblewrap is not installed');
    const optIn = createBashTool({
      sandbox: testSandbox(),
      choicesFor: () => ({ allowedDomains: [], uncontainedShell: true, runListOnly: false }),
    });
    const opted = await optIn.tierFor({ command: 'ls' }, toolContext({ workspace: ws, mode: 'run' }));
    expect(opted.tier).toBe('gated');
    expect(opted.reason).toContain('uncontained shell');
    const card = await optIn.preview!({ command: 'ls' }, toolContext({ workspace: ws, mode: 'run' }));
    expect(card.details?.[0]).toMatch(/^NOT contained/);
    if (!sandboxStatus().available) return;
    const tool = createBashTool({ sandbox: testSandbox() });
    expect((await tool.tierFor({ command: 'ls' }, toolContext({ workspace: ws, mode: 'ask' }))).tier).toBe('gated');
    const edit = await tool.tierFor({ command: 'ls' }, toolContext({ workspace: ws, mode: 'edit' }));
    expect(edit).toEqual({
      tier: 'gated',
      reason: 'bash runs any command line; in edit mode every bash call needs your approval',
    });
    expect((await tool.tierFor({ command: 'ls' }, toolContext({ workspace: ws, mode: 'run' }))).tier).toBe('auto');
    expect((await tool.preview!({ command: 'ls' }, toolContext({ workspace: ws, mode: 'run' }))).details?.[0]).toMatch(
      /^contained: bubblewrap/,
    );
    expect((await tool.tierFor({ command: 'ls' }, toolContext({ workspace: null }))).tier).toBe('gated');
    // "Run list only" keeps run mode to seed 003 §5, which has no shell: every bash call asks.
    const listOnly = createBashTool({
      sandbox: testSandbox(),
      choicesFor: () => ({ allowedDomains: [], uncontainedShell: false, runListOnly: true }),
    });
    const kept = await listOnly.tierFor({ command: 'ls' }, toolContext({ workspace: ws, mode: 'run' }));
    expect(kept.tier).toBe('gated');
    expect(kept.reason).toContain('Run list only');
    expect(await tool.run({ command: 'ls' }, toolContext({ workspace: null }))).toMatchObject({
      ok: false,
      status: 403,
    });
  });

  it('runs through the shell in the workspace, streams and bounds its output', async () => {
    const tool = createBashTool({ shell: '/bin/sh', maxOutputBytes: 4096 });
    const ws = tempDir('paddock-ws-');
    fs.writeFileSync(path.join(ws, 'f.txt'), 'x\ny\n');
    const streamed: string[] = [];
    const ctx = toolContext({ workspace: ws, onOutput: (c) => streamed.push(c) });
    const result = await tool.run({ command: 'pwd; wc -l < f.txt | tr -d " "; echo "$((2+3))"; exit 3' }, ctx);
    expect(text(result)).toBe(
      `$ pwd; wc -l < f.txt | tr -d " "; echo "$((2+3))"; exit 3\n(in .) exit code 3 · ${/· ([\d.]+ s)/.exec(text(result))?.[1]}\n${ws}\n2\n5\n`,
    );
    expect(streamed.join('')).toContain('5');
    const flood = await tool.run({ command: 'i=0; while [ $i -lt 3000 ]; do echo "line $i"; i=$((i+1)); done' }, ctx);
    expect(text(flood)).toMatch(/of earlier output dropped; the last 4\.0 KB follow\]/);
    expect(text(flood).trimEnd().endsWith('line 2999')).toBe(true);
  });

  it('gives the shell nothing of Paddock’s environment', async () => {
    process.env.PADDOCK_SECRET = 'do-not-leak';
    try {
      const tool = createBashTool({ shell: '/bin/sh' });
      const result = await tool.run({ command: 'env' }, toolContext({ workspace: tempDir('paddock-ws-') }));
      expect(text(result)).not.toContain('do-not-leak');
      expect(text(result)).toContain('CI=1');
    } finally {
      delete process.env.PADDOCK_SECRET;
    }
  });

  it('kills the command at its timeout', async () => {
    const tool = createBashTool({ shell: '/bin/sh', killGraceMs: 200 });
    const result = await tool.run(
      { command: 'sleep 30', timeoutSeconds: 1 },
      toolContext({ workspace: tempDir('paddock-ws-') }),
    );
    expect(text(result)).toContain('timed out after 1.00 s');
  });
});

describe('bash: always-card entries a contained command creates (SPEC §4)', () => {
  it.skipIf(!sandboxStatus().available)(
    'are moved out, and the result says so; an existing workflow stays as it was',
    async () => {
      const ws = tempDir('paddock-ws-');
      fs.mkdirSync(path.join(ws, '.github', 'workflows'), { recursive: true });
      fs.writeFileSync(path.join(ws, '.github', 'workflows', 'ci.yml'), 'name: owner\n');
      const tool = createBashTool({ sandbox: testSandbox() });
      const result = await tool.run(
        { command: 'echo planted > .github/workflows/ci.yml; echo x > app.code-workspace; echo fine > notes.txt' },
        toolContext({ workspace: ws, mode: 'run' }),
      );
      expect(text(result)).toContain(
        'refused: `app.code-workspace` appeared during this command and was moved out of the workspace',
      );
      expect(fs.existsSync(path.join(ws, 'app.code-workspace'))).toBe(false);
      expect(fs.readFileSync(path.join(ws, '.github', 'workflows', 'ci.yml'), 'utf8')).toBe('name: owner\n');
      expect(fs.readFileSync(path.join(ws, 'notes.txt'), 'utf8')).toBe('fine\n');
    },
  );
});
