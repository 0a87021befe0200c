import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workspaceFile, workspaceTree } from '../../../src/main/owner/ownerFiles';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

function homeWorkspace() {
  const root = temp.make();
  const home = path.join(root, 'home');
  fs.mkdirSync(path.join(home, '.ssh'), { recursive: true });
  fs.writeFileSync(path.join(home, '.ssh', 'id_ed25519'), 'SECRET');
  fs.mkdirSync(path.join(home, 'project', '.git'), { recursive: true });
  fs.writeFileSync(path.join(home, 'project', '.git', 'HEAD'), 'ref: refs/heads/main\n');
  fs.writeFileSync(path.join(home, 'project', 'index.ts'), 'export {};\n');
  fs.symlinkSync(path.join(home, '.ssh', 'id_ed25519'), path.join(home, 'project', 'key'));
  return { workspace: home, home, dataDir: path.join(root, 'data') };
}

describe('the owner’s Files tab', () => {
  it('lists the workspace without .git, deny-listed places or links', () => {
    const ctx = homeWorkspace();
    const tree = workspaceTree(ctx, '.', 4);
    expect(tree.ok).toBe(true);
    const paths = tree.ok ? tree.value.entries.map((entry) => entry.path) : [];
    expect(paths).toContain('project/index.ts');
    expect(paths.some((p) => p.includes('.git'))).toBe(false);
    expect(paths.some((p) => p.includes('.ssh'))).toBe(false);
    expect(paths).not.toContain('project/key');
    expect(tree.ok && tree.value.skippedLinks).toBe(1);
  });

  it('reads through the same rules as the agent: denied places and outward links are refused', () => {
    const ctx = homeWorkspace();
    expect(workspaceFile(ctx, 'project/index.ts')).toMatchObject({ ok: true, value: { content: 'export {};\n' } });
    expect(workspaceFile(ctx, '.ssh/id_ed25519')).toMatchObject({ ok: false });
    expect(workspaceFile(ctx, 'project/key')).toMatchObject({ ok: false });
    expect(workspaceFile(ctx, '/etc/passwd')).toMatchObject({ ok: false });
  });
});
