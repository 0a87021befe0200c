import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRunTool, type CommandFinished } from '../../../src/main/tools/run';
import { missingSandbox, sandboxStatus, testSandbox } from '../../support/sandbox';
import { removeTempDirs, tempDir, testPath, toolContext } from '../processes/helpers';

afterEach(removeTempDirs);

function workspace(): string {
  const dir = tempDir('paddock-ws-');
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(path.join(dir, 'src', 'a.txt'), 'alpha\n');
  return dir;
}

type RunResult = { ok: true; text: string; data?: unknown } | { ok: false; status?: number; error: string };
function text(result: RunResult): string {
  return result.ok ? result.text : `ERROR ${result.error}`;
}

describe('run: tier', () => {
  it('is the policy’s decision: the run list auto in run mode, everything gated in ask', async () => {
    const tool = createRunTool();
    const ws = workspace();
    expect((await tool.tierFor({ command: 'ls -l src' }, toolContext({ workspace: ws }))).tier).toBe('auto');
    expect((await tool.tierFor({ command: 'ls -l src' }, toolContext({ workspace: ws, mode: 'ask' }))).tier).toBe(
      'gated',
    );
    expect((await tool.tierFor({ command: 'ls' }, toolContext({ workspace: null }))).tier).toBe('gated');
  });

  it('seed scenario 3: npm install and rm -rf . are cards in run mode, naming the rule', async () => {
    const tool = createRunTool();
    const ws = workspace();
    const install = await tool.tierFor({ command: 'npm install' }, toolContext({ workspace: ws }));
    expect(install.tier).toBe('gated');
    expect(install.reason).toMatch(/npm install/);
    const rm = await tool.tierFor({ command: 'rm -rf .' }, toolContext({ workspace: ws }));
    expect(rm.tier).toBe('gated');
    expect(rm.reason).toMatch(/\brm\b/);
  });

  it('uses the owner’s remembered commands for this agent and directory', async () => {
    const ws = workspace();
    const tool = createRunTool({
      sandbox: testSandbox(),
      rememberedFor: (agentId, directory) =>
        agentId === 'alice' && directory === ws
          ? [{ id: 1, agentId, directory, argv: ['npm', 'install'], kind: 'exact', createdAt: 'now' }]
          : [],
    });
    if (sandboxStatus().available)
      expect((await tool.tierFor({ command: 'npm install' }, toolContext({ workspace: ws }))).tier).toBe('auto');
    expect((await tool.tierFor({ command: 'npm install' }, toolContext({ workspace: ws, agentId: 'bob' }))).tier).toBe(
      'gated',
    );
  });

  it('runs the project’s own code without a card only while the sandbox is active (issue 13 §4)', async () => {
    const ws = workspace();
    fs.writeFileSync(path.join(ws, 'x.js'), '\n');
    const bare = createRunTool({ sandbox: missingSandbox() });
    const node = await bare.tierFor({ command: 'node x.js' }, toolContext({ workspace: ws }));
    expect(node.tier).toBe('gated');
    expect(node.reason).toBe(
      "`node` runs this project's own code, and the sandbox is not available: bubblewrap is not installed; install it: outside the sandbox that code runs as you, so it needs your approval",
    );
    // Read-only programs stay auto: they run no project code.
    expect((await bare.tierFor({ command: 'ls' }, toolContext({ workspace: ws }))).tier).toBe('auto');
    const card = await bare.preview!({ command: 'node x.js' }, toolContext({ workspace: ws }));
    expect(card.details).toContain(
      "NOT contained: the sandbox is not available: bubblewrap is not installed; install it. It runs as you and can read Paddock's own environment",
    );
    if (!sandboxStatus().available) return;
    const contained = createRunTool({ sandbox: testSandbox() });
    expect((await contained.tierFor({ command: 'node x.js' }, toolContext({ workspace: ws }))).tier).toBe('auto');
    const shown = await contained.preview!({ command: 'node x.js' }, toolContext({ workspace: ws }));
    expect(shown.details?.some((d) => /^contained: bubblewrap \S+, network off$/.test(d))).toBe(true);
  });

  it('the card of a command that fetches says so, and which domains the agent may reach (issue 13 §3)', async () => {
    const ws = workspace();
    const ctx = toolContext({ workspace: ws, capturedPath: `${path.dirname(process.execPath)}:/usr/bin:/bin` });
    const offline = await createRunTool({ sandbox: testSandbox() }).preview!({ command: 'npm install' }, ctx);
    expect(offline.details).toContain(
      'This command needs the network, and the sandbox gives it none: allow its domains for this agent in Settings → Developer → Sandbox (e.g. registry.npmjs.org).',
    );
    const allowed = createRunTool({
      sandbox: testSandbox(),
      choicesFor: () => ({ allowedDomains: ['registry.npmjs.org'], uncontainedShell: false, runListOnly: false }),
    });
    const card = await allowed.preview!({ command: 'npm install' }, ctx);
    if (sandboxStatus().available) {
      expect(
        card.details?.some((d) =>
          /^contained: bubblewrap \S+, network only to registry\.npmjs\.org \(HTTP\/HTTPS through Paddock's proxy\)$/.test(
            d,
          ),
        ),
      ).toBe(true);
      expect(card.details).toContain(
        'This command needs the network: it may reach only registry.npmjs.org (allowed for this agent in Settings → Developer → Sandbox).',
      );
    }
    const test = await allowed.preview!({ command: 'npm test' }, ctx);
    expect(test.details?.some((d) => d.startsWith('This command needs the network'))).toBe(false);
    const bare = await createRunTool({ sandbox: missingSandbox() }).preview!({ command: 'npm install' }, ctx);
    expect(bare.details).toContain('This command uses the network: outside the sandbox it reaches every host you can.');
  });

  it('tells the store which remembered command let one through, and only then', async () => {
    const ws = workspace();
    const used: number[] = [];
    const tool = createRunTool({
      rememberedFor: (agentId, directory) => [
        { id: 7, agentId, directory, argv: ['ls', '--zzz'], kind: 'exact', createdAt: 'now' },
      ],
      rememberedUsed: (id) => used.push(id),
    });
    expect((await tool.tierFor({ command: 'ls --zzz' }, toolContext({ workspace: ws }))).tier).toBe('auto');
    expect(used).toEqual([7]);
    await tool.tierFor({ command: 'ls --zzz x' }, toolContext({ workspace: ws }));
    await tool.tierFor({ command: 'ls' }, toolContext({ workspace: ws }));
    expect(used).toEqual([7]);
  });

  it('previews the argv, cwd and whether the card may remember it', async () => {
    const tool = createRunTool();
    const ws = workspace();
    const preview = await tool.preview?.({ command: 'ls "src"', cwd: 'src' }, toolContext({ workspace: ws }));
    expect(preview?.argv).toEqual(['ls', 'src']);
    expect(preview?.cwd).toBe('src');
    expect(preview?.rememberable).toBe(true);
    expect(preview?.details?.[0]).toMatch(/^runs \/.*\/ls$/);
    // A pipe cannot run without a shell: the preview refuses it, so the dispatcher shows no card.
    expect((await tool.preview?.({ command: 'ls | wc' }, toolContext({ workspace: ws })))?.refusal).toMatch(/\|/);
  });
});

describe('run: body', () => {
  it('runs argv in the cwd with exit code, elapsed time and output', async () => {
    const finished: CommandFinished[] = [];
    const tool = createRunTool({ onCommandFinished: (f) => finished.push(f) });
    const ws = workspace();
    const streamed: string[] = [];
    const result = await tool.run(
      { command: 'cat a.txt', cwd: 'src' },
      toolContext({ workspace: ws, onOutput: (c) => streamed.push(c) }),
    );
    expect(text(result)).toMatch(/^\$ cat a\.txt\n\(in src\) exit code 0 · [\d.]+ s\nalpha\n$/);
    expect(streamed.join('')).toBe('alpha\n');
    expect(finished).toEqual([
      { agentId: 'alice', directory: ws, argv: ['cat', 'a.txt'], exitCode: 0, output: 'alpha\n' },
    ]);
    const failing = await tool.run({ command: 'ls missing-file' }, toolContext({ workspace: ws }));
    expect(text(failing)).toMatch(/exit code [12]/);
  });

  it('has no shell: metacharacters are refused, not interpreted', async () => {
    const tool = createRunTool();
    const ws = workspace();
    const result = await tool.run({ command: 'echo hi > out.txt' }, toolContext({ workspace: ws }));
    expect(result.ok).toBe(false);
    expect(text(result)).toMatch(/run has no shell/);
    expect(fs.existsSync(path.join(ws, 'out.txt'))).toBe(false);
  });

  it('resolves the program on the captured PATH only, never in the workspace', async () => {
    const tool = createRunTool();
    const ws = workspace();
    const bin = path.join(ws, 'bin');
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, 'ls'), '#!/bin/sh\necho SHADOWED\n', { mode: 0o755 });
    fs.writeFileSync(path.join(bin, 'only-here'), '#!/bin/sh\necho HERE\n', { mode: 0o755 });
    const ctx = toolContext({ workspace: ws, capturedPath: `${bin}:.:${testPath()}` });
    expect(text(await tool.run({ command: 'ls' }, ctx))).not.toContain('SHADOWED');
    const missing = await tool.run({ command: 'only-here' }, ctx);
    expect(missing).toMatchObject({ ok: false, status: 404 });
    expect(text(missing)).toContain("`only-here` was not found on the workspace's PATH");
  });

  it('refuses a cwd outside the workspace', async () => {
    const tool = createRunTool();
    const result = await tool.run({ command: 'ls', cwd: '../' }, toolContext({ workspace: workspace() }));
    expect(result).toMatchObject({ ok: false, status: 403 });
  });

  it('gives the command nothing of Paddock’s environment', async () => {
    process.env.PADDOCK_SECRET = 'do-not-leak';
    process.env.ANTHROPIC_API_KEY = 'sk-do-not-leak';
    try {
      const tool = createRunTool({ ownerEnv: { USER: 'owner', LANG: 'C.UTF-8' } });
      const ctx = toolContext({ workspace: workspace() });
      const result = await tool.run({ command: 'env' }, ctx);
      const lines = text(result)
        .split('\n')
        .slice(2)
        .filter((line) => line.includes('='));
      const names = lines.map((line) => line.split('=')[0]).sort();
      expect(names).toEqual(['CI', 'HOME', 'LANG', 'PATH', 'TERM', 'USER']);
      expect(lines).toContain(`HOME=${ctx.home}`);
      expect(text(result)).not.toContain('do-not-leak');
    } finally {
      delete process.env.PADDOCK_SECRET;
      delete process.env.ANTHROPIC_API_KEY;
    }
  });

  it('kills the command at its timeout and says so', async () => {
    const tool = createRunTool({ killGraceMs: 200 });
    const result = await tool.run({ command: 'sleep 30', timeoutSeconds: 1 }, toolContext({ workspace: workspace() }));
    expect(text(result)).toMatch(/timed out after 1\.00 s; its whole process group was killed/);
  });

  it('stops when the call is cancelled', async () => {
    const tool = createRunTool({ killGraceMs: 200 });
    const controller = new AbortController();
    const pending = tool.run(
      { command: 'sleep 30' },
      toolContext({ workspace: workspace(), signal: controller.signal }),
    );
    setTimeout(() => controller.abort(), 100);
    expect(text(await pending)).toMatch(/cancelled; its whole process group was killed/);
  });

  it('is refused without a workspace and is replay-unsafe', async () => {
    const tool = createRunTool();
    expect(tool.effects.replaySafe).toBe(false);
    expect(await tool.run({ command: 'ls' }, toolContext({ workspace: null }))).toMatchObject({
      ok: false,
      status: 403,
    });
  });
});

describe('run: always-card entries a contained command creates (SPEC §4)', () => {
  it.skipIf(!sandboxStatus().available)(
    'are moved out of the workspace, and the result tells the model to use write or edit',
    async () => {
      const ws = workspace();
      const dataDir = tempDir('paddock-data-');
      const tool = createRunTool({ sandbox: testSandbox({ dataDir }) });
      // run has no shell: the planting happens in a script, as a package.json test script would.
      fs.writeFileSync(
        path.join(ws, 'plant.sh'),
        'mkdir .vscode && echo x > .vscode/tasks.json && echo x > .envrc && echo built > src/out.txt\n',
      );
      const result = await tool.run({ command: 'sh plant.sh' }, toolContext({ workspace: ws }));
      expect(text(result)).toMatch(/exit code 0/);
      expect(text(result)).toContain(
        'refused: `.envrc`, `.vscode` appeared during this command and were moved out of the workspace, because files that make other programs run code ' +
          'when the owner next uses this folder are always a card; make that change with `write` or `edit`, which ask the owner.',
      );
      expect(fs.existsSync(path.join(ws, '.vscode'))).toBe(false);
      expect(fs.existsSync(path.join(ws, '.envrc'))).toBe(false);
      expect(fs.readdirSync(path.join(dataDir, 'refused'))).toHaveLength(2);
      // The rest of what the command did stays.
      expect(fs.readFileSync(path.join(ws, 'src', 'out.txt'), 'utf8')).toBe('built\n');
      // A command that plants nothing says nothing.
      expect(text(await tool.run({ command: 'ls' }, toolContext({ workspace: ws })))).not.toContain('refused:');
    },
  );

  it('without the sandbox nothing is moved (such commands are cards there already)', async () => {
    const ws = workspace();
    const tool = createRunTool({ sandbox: missingSandbox() });
    const result = await tool.run({ command: 'mkdir .vscode' }, toolContext({ workspace: ws }));
    expect(text(result)).toMatch(/exit code 0/);
    expect(text(result)).not.toContain('refused:');
    expect(fs.existsSync(path.join(ws, '.vscode'))).toBe(true);
  });
});

describe('run: a reader outside the sandbox', () => {
  it.skipIf(!fs.existsSync('/usr/bin/rg'))(
    'gets an empty HOME: rg does not read the owner’s git ignore (it told what a deny-listed file held)',
    async () => {
      const ws = workspace();
      fs.mkdirSync(path.join(ws, '.git'));
      fs.writeFileSync(path.join(ws, 'probe.bak'), 'needle\n');
      const home = tempDir('paddock-home-');
      fs.mkdirSync(path.join(home, '.config', 'git'), { recursive: true });
      fs.writeFileSync(path.join(home, '.config', 'git', 'ignore'), '*.bak\n');
      const dataDir = tempDir('paddock-data-');
      const tool = createRunTool({ sandbox: missingSandbox() });
      const ctx = toolContext({ workspace: ws, home, dataDir, capturedPath: testPath() });
      expect((await tool.tierFor({ command: 'rg -l needle' }, ctx)).tier).toBe('auto');
      const result = await tool.run({ command: 'rg -l needle' }, ctx);
      expect(text(result)).toContain('probe.bak');
      expect(fs.readdirSync(path.join(dataDir, 'empty-home'))).toEqual([]);
    },
  );
});
