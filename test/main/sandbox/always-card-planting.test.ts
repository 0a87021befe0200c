// The planting attack (SPEC §4 end): contained code that changes or creates files another program
// runs as the owner later (`.vscode/tasks.json` on folder open, a workflow, `.envrc`), at the top
// level or in a subfolder the owner opens on its own (`packages/app/.vscode`, `sub/.github/workflows`,
// a repository inside a folder). In the real sandbox the existing ones cannot be modified or deleted,
// new ones are moved out after the command, and the rest of the workspace stays writable.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBounded } from '../../../src/main/processes/spawn';
import { describeMoved } from '../../../src/main/sandbox/alwaysCardGuard';
import { detectSandbox } from '../../../src/main/sandbox/engine';
import { createSandbox } from '../../../src/main/sandbox/sandbox';
import { createTempDirs } from '../../support/tempDirs';

const status = detectSandbox();
const temp = createTempDirs('paddock-sbx-plant-');
afterEach(() => temp.cleanup());

const OWNER = {
  '.vscode/tasks.json': '{"owner": true}\n',
  '.envrc': 'export OWNER=1\n',
  '.github/workflows/ci.yml': 'name: owner\n',
  'src/a.txt': 'alpha\n',
};

function setUp() {
  const workspace = temp.make();
  for (const [rel, text] of Object.entries(OWNER)) {
    fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
    fs.writeFileSync(path.join(workspace, rel), text);
  }
  const dataDir = temp.make();
  const sandbox = createSandbox({ status, home: temp.make(), dataDir });
  const wrap = sandbox.wrapperFor({ agentId: 'a1', workspace, allowedDomains: [] });
  const sh = (script: string) =>
    runBounded({
      program: '/bin/sh',
      args: ['-c', script],
      cwd: workspace,
      env: { PATH: '/usr/bin:/bin' },
      timeoutMs: 20_000,
      wrap,
      purpose: 'run',
    });
  return { workspace, dataDir, sandbox, sh };
}

function read(workspace: string, rel: string): string {
  return fs.readFileSync(path.join(workspace, rel), 'utf8');
}

describe.skipIf(!status.available)('existing always-card entries in the sandbox', () => {
  it('cannot be modified, deleted or renamed; the rest of the workspace stays writable', async () => {
    const { workspace, sh } = setUp();
    const attempts = [
      'echo planted > .vscode/tasks.json',
      'echo planted > .vscode/launch.json',
      'rm -f .vscode/tasks.json',
      'rm -rf .vscode',
      'mv .vscode moved',
      'echo planted >> .envrc',
      'rm -f .envrc',
      'mv .envrc moved-envrc',
      'echo planted > .github/workflows/ci.yml',
      'echo planted > .github/workflows/evil.yml',
      'rm -rf .github/workflows',
    ];
    for (const attempt of attempts) await sh(`${attempt} 2>/dev/null`);
    for (const [rel, text] of Object.entries(OWNER)) expect(read(workspace, rel)).toBe(text);
    expect(fs.readdirSync(path.join(workspace, '.vscode'))).toEqual(['tasks.json']);
    expect(fs.readdirSync(path.join(workspace, '.github/workflows'))).toEqual(['ci.yml']);

    const fine = await sh(
      'echo beta > src/b.txt && echo more >> src/a.txt && mkdir -p build && echo x > build/out && rm src/b.txt && echo ok',
    );
    expect(fine.output).toBe('ok\n');
    expect(read(workspace, 'src/a.txt')).toBe('alpha\nmore\n');
    expect(read(workspace, 'build/out')).toBe('x\n');
  }, 60_000);

  it('new ones created by a command are moved out to the data directory after it ends', async () => {
    const { workspace, dataDir, sandbox, sh } = setUp();
    const watch = sandbox.watchAlwaysCard(workspace);
    // The parent of a bound directory can be renamed away, so a same-named workflow is planted anew.
    const result = await sh(
      'mkdir .idea && echo x > .idea/x.xml && echo x > .mcp.json && mv .github .gh && mkdir -p .github/workflows && echo planted > .github/workflows/ci.yml && echo done',
    );
    expect(result.output).toBe('done\n');
    const moved = watch.finish();
    expect(moved.map((m) => m.path)).toEqual(['.github/workflows', '.idea', '.mcp.json']);
    for (const m of moved) expect(m.movedTo && path.dirname(m.movedTo)).toBe(path.join(dataDir, 'refused'));
    expect(fs.existsSync(path.join(workspace, '.idea'))).toBe(false);
    expect(fs.existsSync(path.join(workspace, '.mcp.json'))).toBe(false);
    expect(fs.existsSync(path.join(workspace, '.github/workflows'))).toBe(false);
    // The owner's own workflow is where the command moved it, unchanged.
    expect(read(workspace, '.gh/workflows/ci.yml')).toBe(OWNER['.github/workflows/ci.yml']);
  }, 60_000);

  it('below the top level too: a package’s own entries cannot be changed, and new ones are moved out after', async () => {
    const { workspace, dataDir, sandbox, sh } = setUp();
    const nested = {
      'packages/app/.vscode/tasks.json': '{"owner": true}\n',
      'packages/app/.envrc': 'export OWNER=1\n',
      'sub/.github/workflows/ci.yml': 'name: owner\n',
      'vendor/lib/.git/config': '[core]\n\tbare = false\n',
    };
    for (const [rel, text] of Object.entries(nested)) {
      fs.mkdirSync(path.dirname(path.join(workspace, rel)), { recursive: true });
      fs.writeFileSync(path.join(workspace, rel), text);
    }
    const attempts = [
      'echo planted > packages/app/.vscode/tasks.json',
      'rm -rf packages/app/.vscode',
      'echo planted >> packages/app/.envrc',
      'echo planted > sub/.github/workflows/evil.yml',
      'printf "[core]\\n\\tfsmonitor = touch /tmp/pwned\\n" > vendor/lib/.git/config',
    ];
    for (const attempt of attempts) await sh(`${attempt} 2>/dev/null`);
    for (const [rel, text] of Object.entries(nested)) expect(read(workspace, rel), rel).toBe(text);
    expect(fs.readdirSync(path.join(workspace, 'sub/.github/workflows'))).toEqual(['ci.yml']);

    const watch = sandbox.watchAlwaysCard(workspace);
    const result = await sh(
      [
        'mkdir -p packages/web/.vscode && echo planted > packages/web/.vscode/tasks.json',
        'mkdir -p other/.github/workflows && echo planted > other/.github/workflows/evil.yml',
        'mkdir -p deep/er/repo/.git && echo "[core]" > deep/er/repo/.git/config',
        'echo planted > packages/web/.npmrc',
        'echo fine > packages/web/index.ts',
        'echo done',
      ].join(' && '),
    );
    expect(result.output).toBe('done\n');
    const moved = watch.finish();
    expect(moved.map((m) => m.path)).toEqual([
      'deep/er/repo/.git',
      'other/.github/workflows',
      'packages/web/.npmrc',
      'packages/web/.vscode',
    ]);
    for (const m of moved) expect(m.movedTo && path.dirname(m.movedTo)).toBe(path.join(dataDir, 'refused'));
    for (const m of moved) expect(fs.existsSync(path.join(workspace, m.path)), m.path).toBe(false);
    expect(read(workspace, 'packages/web/index.ts')).toBe('fine\n');
    expect(describeMoved(moved)).toMatch(
      /^refused: `deep\/er\/repo\/\.git`, .* appeared during this command and were moved out/,
    );
  }, 60_000);
});
