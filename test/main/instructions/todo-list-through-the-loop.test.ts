// The todo tool through the real loop and dispatcher: auto even in ask mode (it changes nothing but
// the list), each change stored with the conversation and when it happened, an unknown id refused
// with the list, and a fork's copy (copyTo) carrying the items and their times.
import { afterEach, describe, expect, it } from 'vitest';
import { createTempDirs } from '../../support/tempDirs';
import { loopWorld, type LoopWorld } from '../acceptance/loopWorld';

const temp = createTempDirs();
const worlds: LoopWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
  temp.cleanup();
});

describe('the todo tool', () => {
  it('keeps the conversation’s list without a card in ask mode, and a fork copies it', async () => {
    const w = await loopWorld(
      temp.make(),
      [
        {
          toolCalls: [
            { id: 't1', name: 'todo', args: { action: 'add', text: 'Read the code' } },
            { id: 't2', name: 'todo', args: { action: 'add', text: 'Fix the bug' } },
          ],
        },
        {
          toolCalls: [
            { id: 't3', name: 'todo', args: { action: 'start', id: '2' } },
            { id: 't4', name: 'todo', args: { action: 'done', id: '1' } },
            { id: 't5', name: 'todo', args: { action: 'drop', id: '9' } },
          ],
        },
      ],
      { mode: 'ask' },
    );
    worlds.push(w);
    const { cards, results } = await w.turn('keep a list');
    expect(cards).toEqual([]);
    expect(results.find((result) => result.callId === 't4')?.text).toBe('[x] 1. Read the code\n[~] 2. Fix the bug');
    expect(results.find((result) => result.callId === 't5')?.text).toMatch(/the list has no item 9/);
    const items = w.core.todos.list(w.conversationId);
    expect(items.map((item) => [item.id, item.text, item.status])).toEqual([
      ['1', 'Read the code', 'done'],
      ['2', 'Fix the bug', 'in_progress'],
    ]);
    expect(Date.parse(items[0]!.changedAt)).toBeGreaterThanOrEqual(Date.parse(items[0]!.createdAt));

    const fork = w.core.conversations.create(w.agentId, 'fork');
    expect(w.core.todos.copyTo(w.conversationId, fork.id)).toBe(2);
    expect(w.core.todos.list(fork.id)).toEqual(items);
    // The copy is the fork's own: a change there leaves the original alone.
    w.core.todos.mark(fork.id, '2', 'done');
    expect(w.core.todos.list(w.conversationId)[1]!.status).toBe('in_progress');
  });
});
