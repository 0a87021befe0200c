// todo {action, text?, id?}: the agent's task list for this conversation (add, start, done, drop).
// Changes nothing but the list, so it is auto in every mode; each change is shown in the window's
// side pane and as a quiet row in the transcript. The result is the whole list, with each item's id.
import { z } from 'zod';
import type { TierDecision, ToolResult } from '../../shared/domain';
import type { TodoItem, TodoStatus, TodosRepository } from '../store/todos';
import type { ToolDefinition } from './types';

export const todoArgsSchema = z
  .object({
    action: z
      .enum(['add', 'start', 'done', 'drop'])
      .describe('add an item; start (mark in progress), done or drop an item by its id'),
    text: z.string().trim().min(1).max(500).optional().describe('For add: the item, one short sentence'),
    id: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .optional()
      .describe('For start, done and drop: the item’s id, as the list shows it'),
  })
  .strict();
export type TodoArgs = z.infer<typeof todoArgsSchema>;

export interface TodoToolDeps {
  todos: TodosRepository;
  /** Told after each change (the window's list follows it). */
  onChanged?(conversationId: string): void;
}

const STATUS_OF: Record<Exclude<TodoArgs['action'], 'add'>, TodoStatus> = {
  start: 'in_progress',
  done: 'done',
  drop: 'dropped',
};
const MARK: Record<TodoStatus, string> = { pending: '[ ]', in_progress: '[~]', done: '[x]', dropped: '[-]' };
/** At most this many items in one conversation's list. */
export const TODO_MAX_ITEMS = 200;

/** The transcript's one line for a change of the list. */
function quietLine(action: TodoArgs['action'], item: TodoItem): string {
  if (action === 'add') return `Task added: ${item.text}`;
  return `Task ${item.id} ${ACTION_WORDS[action]}`;
}

const ACTION_WORDS: Record<Exclude<TodoArgs['action'], 'add'>, string> = {
  start: 'in progress',
  done: 'done',
  drop: 'dropped',
};

export function todoListText(items: readonly TodoItem[]): string {
  if (items.length === 0) return 'The list is empty.';
  return items.map((item) => `${MARK[item.status]} ${item.id}. ${item.text}`).join('\n');
}

export function createTodoTool(deps: TodoToolDeps): ToolDefinition<TodoArgs> {
  return {
    name: 'todo',
    scope: 'file_read',
    description:
      'Keep your task list for this conversation, which your owner sees beside it: add an item (text), or start, done or drop one (id). Changes nothing but the list. Returns the whole list with ids.',
    schema: todoArgsSchema,
    effects: {
      readOnly: true,
      destructive: false,
      idempotent: false,
      openWorld: false,
      changesFiles: false,
      runsCode: false,
      replaySafe: true,
    },
    // Touches only the conversation's task list.
    planSafe: true,
    views: { quotesFiles: false, icon: 'other' },
    tierFor: (): TierDecision => ({
      tier: 'auto',
      reason: 'the task list changes nothing but itself: it is auto in every mode',
    }),
    async run(args, ctx): Promise<ToolResult> {
      const { conversationId } = ctx;
      let changed: TodoItem;
      if (args.action === 'add') {
        if (!args.text) return { ok: false, status: 400, error: 'refused: add needs the item’s text' };
        if (deps.todos.list(conversationId).length >= TODO_MAX_ITEMS)
          return { ok: false, status: 400, error: `refused: the list already holds ${TODO_MAX_ITEMS} items` };
        changed = deps.todos.add(conversationId, args.text);
      } else {
        if (!args.id) return { ok: false, status: 400, error: `refused: ${args.action} needs the item’s id` };
        const marked = deps.todos.mark(conversationId, args.id, STATUS_OF[args.action]);
        if (!marked)
          return {
            ok: false,
            status: 404,
            error: `refused: the list has no item ${args.id}\n${todoListText(deps.todos.list(conversationId))}`,
          };
        changed = marked;
      }
      deps.onChanged?.(conversationId);
      const items = deps.todos.list(conversationId);
      return {
        ok: true,
        text: todoListText(items),
        data: { kind: 'todo', action: args.action, item: changed },
        outcome: { quiet: { icon: 'task', text: quietLine(args.action, changed) } },
      };
    },
  };
}
