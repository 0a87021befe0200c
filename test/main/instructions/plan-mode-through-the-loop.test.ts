// Plan mode through the real loop, the real dispatcher and the scripted model: the tool list the
// model receives holds only the reading tools and plan/todo (read from the request body), a forged
// call to write is refused at dispatch with its code and nothing written, the owner's choice of plan
// for one turn applies to that turn only, and a plan call ends the turn with the plan stored.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempDirs } from '../../support/tempDirs';
import { loopWorld, type LoopWorld } from '../acceptance/loopWorld';

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

const ON = { PADDOCK_CODING_TOOLS: 'on', PADDOCK_FILE_EDIT: 'on', PADDOCK_SHELL: 'on' };
const READING = ['list', 'output', 'plan', 'preview', 'read', 'search', 'summarise', 'todo'];

function namesIn(body: Record<string, unknown>): string[] {
  return ((body.tools ?? []) as { name: string }[]).map((tool) => tool.name).sort();
}

describe('plan mode', () => {
  it('the tool list sent to the model holds only the reading tools, plan and todo', async () => {
    const w = await world(temp.make(), [], { mode: 'plan', env: ON });
    await w.turn('how would you add a cache?');
    expect(namesIn(w.model.requests[0]!.body)).toEqual(READING);
    expect(JSON.stringify(w.model.requests[0]!.body.system)).toMatch(/Plan mode: you may only read/);
  });

  it('a forged call to write in plan mode is refused at dispatch with its code, no card, nothing written', async () => {
    const w = await world(
      temp.make(),
      [
        {
          toolCalls: [
            { id: 'f1', name: 'write', args: { path: 'made.txt', content: 'x' } },
            { id: 'f2', name: 'bash', args: { command: 'touch shell.txt' } },
          ],
        },
      ],
      { mode: 'plan', env: ON },
    );
    const { results, cards } = await w.turn('just do it');
    expect(cards).toEqual([]);
    expect(results.map((result) => [result.callId, /plan-mode-refused: /.test(result.text)])).toEqual([
      ['f1', true],
      ['f2', true],
    ]);
    expect(results[0]!.text).toMatch(/write is not offered in plan mode/);
    expect(fs.existsSync(path.join(w.workspace, 'made.txt'))).toBe(false);
    expect(fs.existsSync(path.join(w.workspace, 'shell.txt'))).toBe(false);
    expect(w.core.toolCalls.get('f1')).toMatchObject({
      status: 'refused',
      error: expect.stringMatching(/^plan-mode-refused: /),
    });
  });

  it('plan chosen for one turn from the composer: that turn reads only, the next is the agent’s own mode again', async () => {
    const w = await world(
      temp.make(),
      [
        { toolCalls: [{ id: 'p1', name: 'write', args: { path: 'made.txt', content: 'x' } }] },
        { text: 'ok' },
        { text: 'edit turn' },
      ],
      { mode: 'edit', env: ON },
    );
    const planned = w.core.runner.startTurn({
      agentId: w.agentId,
      conversationId: w.conversationId,
      text: 'plan it first',
      mode: 'plan',
    });
    await w.core.runner.settled(planned);
    expect(namesIn(w.model.requests[0]!.body)).toEqual(READING);
    expect(w.core.toolCalls.get('p1')?.error).toMatch(/^plan-mode-refused: /);
    expect(fs.existsSync(path.join(w.workspace, 'made.txt'))).toBe(false);
    await w.turn('now edit');
    expect(namesIn(w.model.requests.at(-1)?.body ?? {})).toEqual(expect.arrayContaining(['write', 'edit', 'run']));
  });

  it('a plan call ends the turn and is stored as proposed, with its steps, files and commands', async () => {
    const plan = {
      title: 'Add a cache',
      steps: ['Read the fetcher', 'Wrap it in a map'],
      files: ['src/fetch.ts'],
      commands: ['npm test'],
    };
    const w = await world(
      temp.make(),
      [{ toolCalls: [{ id: 'pl', name: 'plan', args: plan }] }, { text: 'this request is never made' }],
      { mode: 'plan', env: ON },
    );
    const { end } = await w.turn('plan a cache');
    expect(end).toBe('completed');
    expect(w.model.requests).toHaveLength(1);
    expect(w.core.plans.forConversation(w.conversationId)).toEqual([
      expect.objectContaining({ ...plan, status: 'proposed', callId: 'pl', approvedMode: null }),
    ]);
  });
});
