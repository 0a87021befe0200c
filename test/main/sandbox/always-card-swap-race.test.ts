// The always-card guard races a contained process that swaps a parent directory with a symlink to
// another project as fast as renameat2(RENAME_EXCHANGE) goes: the guard's listing and its moves must
// never follow the link (every level opened no-follow, moves through the held directory), so the
// other project's files stay where they are, whatever the timing.
// The placeholder folders an earlier Paddock left are removed the same way.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { listAlwaysCard, moveOut, watchAlwaysCard } from '../../../src/main/sandbox/alwaysCardGuard';
import { removeLeftPlaceholders } from '../../../src/main/sandbox/placeholders';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs('paddock-guard-race-');
const PYTHON = ['/usr/bin/python3', '/usr/local/bin/python3'].find((file) => fs.existsSync(file));
const RACER = path.join(__dirname, '../../fixtures/sandbox/swap-racer.py');
const racers: ChildProcess[] = [];
afterEach(() => {
  for (const racer of racers.splice(0)) racer.kill('SIGKILL');
  temp.cleanup();
});

async function startRacer(workspace: string, rel: string, target: string, own: string): Promise<void> {
  const racer = spawn(PYTHON!, [RACER, workspace, rel, target, own], { stdio: ['ignore', 'pipe', 'inherit'] });
  racers.push(racer);
  const lines = readline.createInterface({ input: racer.stdout! });
  await new Promise<void>((resolve, reject) => {
    lines.once('line', (line) => (line === 'ready' ? resolve() : reject(new Error(line))));
    racer.once('exit', (code) => reject(new Error(`the racer ended (${code})`)));
  });
}

/** Regular files below `dir`, links not followed (a copied link stays a link). */
function filesBelow(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesBelow(full);
    return entry.isFile() ? [full] : [];
  });
}

function identity(file: string): string {
  const st = fs.lstatSync(file);
  return `${st.dev}:${st.ino}`;
}

/** Two projects side by side: the agent's workspace, and a sibling with a workflow of its own. */
function projects() {
  const root = temp.make();
  const ws = path.join(root, 'mine');
  const sibling = path.join(root, 'theirs');
  fs.mkdirSync(ws);
  fs.mkdirSync(path.join(sibling, '.github', 'workflows'), { recursive: true });
  fs.mkdirSync(path.join(sibling, '.vscode', 'sub'), { recursive: true });
  const ci = path.join(sibling, '.github', 'workflows', 'ci.yml');
  fs.writeFileSync(ci, 'someone else’s workflow');
  const tasks = path.join(sibling, '.vscode', 'sub', 'tasks.json');
  fs.writeFileSync(tasks, 'someone else’s tasks');
  return { root, ws, sibling, ci, tasks, refused: path.join(root, 'data', 'refused') };
}

const ITERATIONS = 3000;
/** What the racer writes into its own file. */
const PLANTED = 'planted by the agent';

describe.skipIf(!PYTHON || process.platform !== 'linux')('the always-card guard against a racing swap', () => {
  it('`.github` swapped with a link to another project: nothing of that project is listed or moved', async () => {
    const p = projects();
    const theirs = new Set([identity(p.ci), identity(path.dirname(p.ci)), identity(path.join(p.sibling, '.github'))]);
    await startRacer(p.ws, '.github', path.join(p.sibling, '.github'), 'workflows/ci.yml');
    let movedMine = 0;
    for (let i = 0; i < ITERATIONS; i += 1) {
      for (const [rel, id] of listAlwaysCard(p.ws))
        expect(theirs.has(id), `listed ${rel} of the other project`).toBe(false);
      const moved = moveOut(p.ws, ['.github/workflows/ci.yml'], p.refused);
      if (moved[0]!.movedTo) movedMine += 1;
      watchAlwaysCard(p.ws, p.refused).finish();
      expect(fs.existsSync(p.ci), `iteration ${i}: the other project's ci.yml was moved out`).toBe(true);
    }
    expect(fs.readFileSync(p.ci, 'utf8')).toBe('someone else’s workflow');
    for (const name of fs.existsSync(p.refused) ? fs.readdirSync(p.refused) : []) {
      const file = path.join(p.refused, name);
      if (fs.lstatSync(file).isFile()) expect(PLANTED.startsWith(fs.readFileSync(file, 'utf8')), file).toBe(true);
    }
    // The guard still did its job on the agent's own file, between the swaps.
    expect(movedMine).toBeGreaterThan(0);
  }, 120_000);

  it('across devices (copied, then removed): a subdirectory swapped with a link to another project is neither copied through nor emptied', async () => {
    const shm = '/dev/shm';
    if (!fs.existsSync(shm) || fs.statSync(shm).dev === fs.statSync(temp.make()).dev) return; // one device: nothing to cross
    const p = projects();
    const refused = fs.mkdtempSync(path.join(shm, 'paddock-refused-'));
    try {
      await startRacer(p.ws, '.vscode/sub', path.join(p.sibling, '.vscode', 'sub'), 'tasks.json');
      let movedMine = 0;
      for (let i = 0; i < ITERATIONS / 2; i += 1) {
        const moved = moveOut(p.ws, ['.vscode'], refused);
        if (moved[0]!.movedTo) movedMine += 1;
        expect(fs.existsSync(p.tasks), `iteration ${i}: the other project's tasks.json was removed`).toBe(true);
      }
      expect(fs.readFileSync(p.tasks, 'utf8')).toBe('someone else’s tasks');
      // The agent's own file, perhaps cut short (copied between its create and its write), never the other project's.
      for (const file of filesBelow(refused))
        expect(PLANTED.startsWith(fs.readFileSync(file, 'utf8')), file).toBe(true);
      expect(movedMine).toBeGreaterThan(0);
    } finally {
      fs.rmSync(refused, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('placeholders an earlier Paddock left, never removed through a link', () => {
  it('a `.github` swapped for a link to another project since: that project’s empty `workflows` stays', () => {
    const p = projects();
    fs.rmSync(path.join(p.sibling, '.github', 'workflows'), { recursive: true });
    fs.mkdirSync(path.join(p.sibling, '.github', 'workflows'));
    fs.symlinkSync(path.join(p.sibling, '.github'), path.join(p.ws, '.github'));
    const record = path.join(temp.make(), 'placeholders.json');
    fs.writeFileSync(record, JSON.stringify([path.join(p.ws, '.github', 'workflows')]));
    removeLeftPlaceholders(record);
    expect(fs.existsSync(path.join(p.sibling, '.github', 'workflows'))).toBe(true);
    expect(fs.existsSync(record)).toBe(false);
  });
});
