// Seed 000's AC-1…AC-10, one test each, through the real loop, the real dispatcher, real cards and
// the files on disk (issue 15 item 9). Only the model's brain is scripted; the owner's clicks answer
// the cards. The module-level tests of the same rules stay where they are (switches, dispatch, loop).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempDirs } from '../../support/tempDirs';
import { maxTokensOf } from '../agent/wire';
import { loopWorld, type LoopWorld } from './loopWorld';

const temp = createTempDirs();
const worlds: LoopWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
  temp.cleanup();
});

async function world(...args: Parameters<typeof loopWorld>): Promise<LoopWorld> {
  const w = await loopWorld(...args);
  worlds.push(w);
  return w;
}

const OFF = { PADDOCK_CODING_TOOLS: 'off', PADDOCK_FILE_EDIT: 'off', PADDOCK_SHELL: 'off' };

describe('seed 000 acceptance criteria, through the loop', () => {
  it('AC-1: switches off: read, write and bash are not offered, and a call to write is refused with nothing written', async () => {
    const w = await world(
      temp.make(),
      [{ toolCalls: [{ id: 'c1', name: 'write', args: { path: 'made.txt', content: 'x' } }] }],
      { env: OFF },
    );
    const { results, cards } = await w.turn('write a file');
    expect(w.offered()).not.toEqual(expect.arrayContaining(['read']));
    for (const name of ['read', 'write', 'bash'])
      expect(w.model.requests[0]!.body.tools ?? [], name).not.toContainEqual(expect.objectContaining({ name }));
    const vocabulary = w.core.vocabularyFor(w.agentId);
    for (const scope of ['file_read', 'file_write', 'shell'])
      expect(vocabulary.find((line) => line.scope === scope)).toMatchObject({ installed: false });
    expect(results).toEqual([{ callId: 'c1', text: expect.stringMatching(/not installed/) }]);
    expect(cards).toEqual([]);
    expect(fs.existsSync(path.join(w.workspace, 'made.txt'))).toBe(false);
  });

  it('AC-2: coding tools on only: write runs after its card and the file is on disk; bash is not offered and refused', async () => {
    const w = await world(
      temp.make(),
      [
        {
          toolCalls: [
            { id: 'c1', name: 'write', args: { path: 'made.txt', content: 'hello\n' } },
            { id: 'c2', name: 'bash', args: { command: 'echo hi > shell.txt' } },
          ],
        },
      ],
      { env: { DASHBOARD_CODING_TOOLS: 'on', PADDOCK_FILE_EDIT: 'off', PADDOCK_SHELL: 'off' } },
    );
    const { results, cards } = await w.turn('write a file and run a shell line');
    expect(w.model.requests[0]!.body.tools).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'write' }), expect.objectContaining({ name: 'read' })]),
    );
    expect(w.model.requests[0]!.body.tools).not.toContainEqual(expect.objectContaining({ name: 'bash' }));
    expect(cards.map((card) => card.tool)).toEqual(['write']);
    expect(fs.readFileSync(path.join(w.workspace, 'made.txt'), 'utf8')).toBe('hello\n');
    expect(results.find((r) => r.callId === 'c2')?.text).toMatch(/not installed/);
    expect(fs.existsSync(path.join(w.workspace, 'shell.txt'))).toBe(false);
  });

  it('AC-3: both switches on: bash runs in the workspace (after its card when one is shown) and what it writes is there', async () => {
    const w = await world(
      temp.make(),
      [{ toolCalls: [{ id: 'c1', name: 'bash', args: { command: 'pwd; echo made > from-bash.txt' } }] }],
      {
        env: { PADDOCK_CODING_TOOLS: 'on', PADDOCK_SHELL: 'on' },
        mode: 'run',
      },
    );
    const { results } = await w.turn('where are we?');
    expect(results[0]!.text).toContain(w.workspace);
    expect(fs.readFileSync(path.join(w.workspace, 'from-bash.txt'), 'utf8')).toBe('made\n');
  });

  it('AC-4: a path outside the workspace is refused by read and write with 403 and no effect; the file outside unchanged', async () => {
    const root = temp.make();
    const calls = [
      { id: 'r', name: 'read', args: { path: '../outside.txt' } },
      { id: 'w', name: 'write', args: { path: '../outside.txt', content: 'overwritten' } },
      { id: 'a', name: 'write', args: { path: path.join(root, 'outside.txt'), content: 'overwritten' } },
    ];
    // edit mode: writes are auto, so the refusal comes with no card at all.
    const w = await world(
      root,
      [{ toolCalls: calls }, { text: 'done' }, { toolCalls: calls.map((call) => ({ ...call, id: `${call.id}2` })) }],
      { mode: 'edit' },
    );
    fs.writeFileSync(path.join(root, 'outside.txt'), 'original\n');
    const first = await w.turn('touch the file next door');
    expect(first.cards).toEqual([]);
    for (const id of ['r', 'w', 'a']) expect(first.results.find((r) => r.callId === id)?.text, id).toMatch(/refused/);
    // Recorded as what it is, a refusal by the fence (the window shows "refused by the fence", not "failed").
    for (const id of ['r', 'w', 'a'])
      expect(w.core.toolCalls.get(id)).toMatchObject({
        status: 'refused',
        error: expect.stringMatching(/^refused: .*(climbs out|outside the workspace)/),
      });
    // ask mode, where every write is a card: a write that cannot run is refused at once, never carded.
    w.core.agents.update(w.agentId, { mode: 'ask' });
    const second = await w.turn('again');
    expect(second.cards).toEqual([]);
    for (const id of ['r2', 'w2', 'a2'])
      expect(second.results.find((r) => r.callId === id)?.text, id).toMatch(/refused/);
    expect(fs.readFileSync(path.join(root, 'outside.txt'), 'utf8')).toBe('original\n');
  });

  it('AC-5: a link that leaves the workspace cannot be read; one that stays inside can', async () => {
    const root = temp.make();
    const w = await world(root, [
      {
        toolCalls: [
          { id: 'in', name: 'read', args: { path: 'inlink' } },
          { id: 'out', name: 'read', args: { path: 'outlink' } },
        ],
      },
    ]);
    fs.writeFileSync(path.join(root, 'secret.txt'), 'SECRET\n');
    fs.writeFileSync(path.join(w.workspace, 'notes.txt'), 'inside notes\n');
    fs.symlinkSync('notes.txt', path.join(w.workspace, 'inlink'));
    fs.symlinkSync(path.join(root, 'secret.txt'), path.join(w.workspace, 'outlink'));
    const { results } = await w.turn('read both links');
    expect(results.find((r) => r.callId === 'in')?.text).toContain('inside notes');
    const out = results.find((r) => r.callId === 'out')?.text ?? '';
    expect(out).toMatch(/refused/);
    expect(out).not.toContain('SECRET');
  });

  it('AC-6: without a workspace no coding tool is offered; a read is refused; the workspace card is the way in', async () => {
    const w = await world(temp.make(), [{ toolCalls: [{ id: 'c1', name: 'read', args: { path: 'a.txt' } }] }], {
      withWorkspace: false,
    });
    const { results, cards } = await w.turn('read a.txt');
    const offered = ((w.model.requests[0]!.body.tools ?? []) as { name: string }[]).map((tool) => tool.name);
    expect(offered).toEqual(['workspace']);
    expect(results).toEqual([{ callId: 'c1', text: expect.stringMatching(/no workspace/) }]);
    expect(cards).toEqual([]);
  });

  it('AC-7: the model reads the capability per scope in its prompt, and the shell’s description says whether it is contained', async () => {
    const w = await world(temp.make(), [{ text: 'ok' }], {
      env: { PADDOCK_SHELL: 'on' },
      scopes: ['file_read', 'shell'],
    });
    await w.turn('what can you do?');
    const vocabulary = w.core.vocabularyFor(w.agentId);
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
    expect(vocabulary.find((line) => line.scope === 'file_write')).toMatchObject({ granted: false });
    const shell = vocabulary.find((line) => line.scope === 'shell');
    expect(shell).toMatchObject({ installed: true, granted: true });
    const bash = ((w.model.requests[0]!.body.tools ?? []) as { name: string; description: string }[]).find(
      (tool) => tool.name === 'bash',
    );
    expect(bash?.description).toMatch(w.core.sandbox.contained ? /contained/i : /not contained/i);
    expect(JSON.stringify(w.model.requests[0]!.body.system)).toContain(String(shell?.containment).slice(0, 40));
  });

  it('AC-8: installed but not granted: write is refused at dispatch, no card, nothing written', async () => {
    const w = await world(
      temp.make(),
      [{ toolCalls: [{ id: 'c1', name: 'write', args: { path: 'made.txt', content: 'x' } }] }],
      { scopes: ['file_read'] },
    );
    const { results, cards } = await w.turn('write a file');
    expect(results).toEqual([
      { callId: 'c1', text: expect.stringMatching(/refused at dispatch: @ac is not granted the file_write scope/) },
    ]);
    expect(cards).toEqual([]);
    expect(fs.existsSync(path.join(w.workspace, 'made.txt'))).toBe(false);
  });

  it('AC-9: a worktree under the data root is writable through its card; Paddock’s own state is refused as a workspace, naming it', async () => {
    const w = await world(
      temp.make(),
      [{ toolCalls: [{ id: 'c1', name: 'write', args: { path: 'README.md', content: '# connected\n' } }] }],
      { withWorkspace: false },
    );
    const worktree = path.join(w.dataDir, 'repositories', 'project-1', 'agent');
    fs.mkdirSync(worktree, { recursive: true });
    expect(await w.core.assignment.assign(w.agentId, worktree)).toMatchObject({ ok: true });
    const { cards } = await w.turn('write the readme');
    expect(cards.map((card) => card.tool)).toEqual(['write']);
    expect(cards[0]!.path).toMatch(/README\.md$/);
    expect(fs.readFileSync(path.join(worktree, 'README.md'), 'utf8')).toBe('# connected\n');
    const own = await w.core.assignment.assign(w.agentId, path.join(w.dataDir, 'developer', 'logs'));
    expect(own.ok).toBe(false);
    expect(!own.ok && own.reason).toMatch(/Paddock's own state/);
  });

  it('AC-10: the output bound is stored clamped, sent on every request, and named in the transcript when a response stops there', async () => {
    const w = await world(
      temp.make(),
      [
        { toolCalls: [{ id: 'c1', name: 'write', args: { path: 'a.txt', content: 'a\n' } }] },
        { text: 'a long answer that', stop: 'max_tokens' },
      ],
      { maxOutputTokens: 500_000 },
    );
    expect(w.core.agents.get(w.agentId)?.maxOutputTokens).toBe(128_000);
    const { end } = await w.turn('go', (card) => {
      // The owner lowers the bound while the turn waits on the card: the next request reads it.
      w.core.agents.update(w.agentId, { maxOutputTokens: 300 });
      expect(card.tool).toBe('write');
      return { decision: 'approve' };
    });
    expect(end).toBe('max_tokens');
    expect(w.model.requests.map(maxTokensOf)).toEqual([128_000, 300]);
    expect(fs.readFileSync(path.join(w.workspace, 'a.txt'), 'utf8')).toBe('a\n');
    expect(w.core.conversations.all(w.conversationId).at(-1)).toMatchObject({
      role: 'notice',
      text: 'stopped at the output bound (300 tokens)',
    });
  });
});
