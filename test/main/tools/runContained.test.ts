// run in run mode with the sandbox active (real bubblewrap): shell forms are decided by effect
// (policy/contained.ts), the whole runs with /bin/sh -c inside the sandbox, and a card shows each
// part on its own line with the deciding part marked. Skipped, with the reason, where this machine
// has no sandbox.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadShellGrammar } from '../../../src/main/policy/shellGrammar';
import { createRunTool } from '../../../src/main/tools/run';
import { missingSandbox, sandboxStatus, testSandbox } from '../../support/sandbox';
import { removeTempDirs, tempDir, toolContext } from '../processes/helpers';

afterEach(removeTempDirs);
beforeAll(async () => {
  await loadShellGrammar();
});

function workspace(): string {
  const dir = tempDir('paddock-ws-');
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src', 'a.txt'), 'alpha\nbeta\n');
  fs.writeFileSync(path.join(dir, '.gitignore'), '.env\n');
  fs.writeFileSync(path.join(dir, '.env'), 'API_KEY=sk-live\n');
  return dir;
}

const status = sandboxStatus();
const capturedPath = '/usr/bin:/bin';

describe.skipIf(!status.available)(`run, contained${status.available ? '' : ` (skipped: ${status.cause})`}`, () => {
  it('runs a chain with a pipe, a cd and a redirect inside the sandbox, without a card', async () => {
    const ws = workspace();
    const tool = createRunTool({ sandbox: testSandbox() });
    const ctx = toolContext({ workspace: ws, capturedPath });
    const command = 'cd src && grep -c a a.txt | tr -d " " > ../count.txt && cat ../count.txt';
    expect(await tool.tierFor({ command }, ctx)).toMatchObject({ tier: 'auto' });
    const result = await tool.run({ command }, ctx);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.text.split('\n')[0]).toBe(`$ ${command}`);
    expect(result.text).toContain('exit code 0');
    expect(fs.readFileSync(path.join(ws, 'count.txt'), 'utf8')).toBe('2\n');
  });

  it('a secret shown to the model is a card that marks the part, and the model gets its sentence', async () => {
    const ws = workspace();
    const tool = createRunTool({ sandbox: testSandbox() });
    const ctx = toolContext({ workspace: ws, capturedPath });
    const command = 'ls src && cat .env';
    const tier = await tool.tierFor({ command }, ctx);
    expect(tier.tier).toBe('gated');
    expect(tier.reason).toContain('secrets file .env');
    const card = await tool.preview!({ command }, ctx);
    expect(card.details).toEqual(
      expect.arrayContaining(['The command, part by part (▶ decided the card):', '   ls src', '▶ && cat .env']),
    );
  });

  it('says in its description what it accepts contained, and that without a sandbox only a plain command runs', () => {
    const { description } = createRunTool({});
    expect(description).not.toMatch(/^There is no shell/m);
    for (const said of [
      'pipelines',
      '`&&`, `||` and `;`',
      'cd DIR &&',
      '2>&1',
      '/bin/sh -c inside the sandbox',
      '`$(…)`',
      'Without a sandbox',
      'only a plain command runs',
      '127.0.0.1:<port>',
    ]) {
      expect(description).toContain(said);
    }
  });

  it('a destroyer stays a danger card; a network need offers its domain', async () => {
    const ws = workspace();
    const tool = createRunTool({ sandbox: testSandbox() });
    const ctx = toolContext({ workspace: ws, capturedPath });
    const rm = await tool.preview!({ command: 'ls && rm -rf .' }, ctx);
    expect(rm.danger).toContain('whole workspace');
    expect(rm.rememberable).toBe(false);
    const npm = await tool.preview!({ command: 'npm install left-pad 2>&1 | tail -5' }, ctx);
    expect(npm.choices).toEqual([{ kind: 'allow-domains', label: 'Allow registry.npmjs.org for this agent' }]);
    expect(npm.allowDomains).toEqual(['registry.npmjs.org']);
    // Plain too (no shell form), and never beside a danger.
    const plain = await tool.preview!({ command: 'npm install left-pad' }, ctx);
    expect(plain.allowDomains).toEqual(['registry.npmjs.org']);
    expect(rm.choices).toBeUndefined();
  });

  it("what the rule lets through unjudged (a program's own code) is still fenced by the sandbox", async () => {
    const ws = workspace();
    const tool = createRunTool({ sandbox: testSandbox() });
    const ctx = toolContext({ workspace: ws, capturedPath: `${path.dirname(process.execPath)}:/usr/bin:/bin` });
    const hostFile = path.join('/tmp', `paddock-contained-escape-${process.pid}-${Date.now()}`);
    // The project's own script, which the rule runs without reading (inline code it would read).
    fs.writeFileSync(
      path.join(ws, 'escape.cjs'),
      `require('fs').writeFileSync('${hostFile}','x');require('net').connect(80,'1.1.1.1').on('error',(e)=>console.log('network',e.code))\n`,
    );
    const command = `node escape.cjs 2>&1 | head -5 && echo finished`;
    expect(await tool.tierFor({ command }, ctx)).toMatchObject({ tier: 'auto' });
    const result = await tool.run({ command }, ctx);
    expect(result.ok && result.text).toMatch(/network E(NETUNREACH|CONNREFUSED|ACCES|PERM)/);
    expect(result.ok && result.text).toContain('finished');
    // The sandbox's /tmp is the agent's own: nothing reached the host's.
    expect(fs.existsSync(hostFile)).toBe(false);
  });

  it('"Run list only" keeps seed 003 §5: a shell form is refused as before', async () => {
    const ws = workspace();
    const tool = createRunTool({ sandbox: testSandbox(), runListOnlyFor: () => true });
    const ctx = toolContext({ workspace: ws, capturedPath });
    expect(await tool.tierFor({ command: 'ls | wc -l' }, ctx)).toMatchObject({ tier: 'gated' });
    expect((await tool.preview!({ command: 'ls | wc -l' }, ctx)).refusal).toContain('run has no shell');
  });
});

describe('run without a sandbox', () => {
  it('keeps seed 003 §5: a shell form is refused, cat .env is on the run list as before', async () => {
    const ws = workspace();
    const tool = createRunTool({ sandbox: missingSandbox() });
    const ctx = toolContext({ workspace: ws, capturedPath });
    expect(await tool.tierFor({ command: 'ls | wc -l' }, ctx)).toMatchObject({ tier: 'gated' });
    expect((await tool.preview!({ command: 'ls | wc -l' }, ctx)).refusal).toContain('run has no shell');
    expect(await tool.tierFor({ command: 'cat .env' }, ctx)).toMatchObject({ tier: 'auto' });
  });
});
