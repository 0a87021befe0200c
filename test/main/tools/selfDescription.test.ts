// A tool describes itself (tools/types.ts ToolFacts) and everything else asks it: which calls of a
// step run side by side, which record a checkpoint first, what is stored, what recovery says. The
// declarations hold together, defensively: a tool that may do a thing says it does.
import { describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../../../src/shared/domain';
import { createToolSet, type ToolSetDeps } from '../../../src/main/tools';
import { callEffectsOf, fileOf, UNKNOWN_TOOL_FACTS } from '../../../src/main/tools/facts';
import { annotationsOf } from '../../../src/main/mcp/stdioServer';

// plan and todo join the set with their stores; their declarations are read, never run, here.
const tools = createToolSet({ plans: { plans: {} }, todos: { todos: {} } } as unknown as ToolSetDeps);
const byName = new Map(tools.map((tool) => [tool.name, tool]));
const facts = (name: string) => byName.get(name as never) ?? UNKNOWN_TOOL_FACTS;

describe('each tool’s declaration', () => {
  it('offers plan mode only what reads or touches Paddock’s own records, and only the plan ends a turn', () => {
    expect(
      tools
        .filter((tool) => tool.planSafe)
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(['list', 'output', 'plan', 'preview', 'read', 'search', 'summarise', 'todo']);
    for (const tool of tools.filter((candidate) => candidate.planSafe))
      expect(tool.effects).toMatchObject({ readOnly: true, changesFiles: false, runsCode: false });
    expect(tools.filter((tool) => tool.endsTurn).map((tool) => tool.name)).toEqual(['plan']);
  });

  it('covers every built-in tool, once', () => {
    expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
  });

  it('holds together: what only reads changes no file, destroys nothing, runs no code and is safe to repeat', () => {
    for (const tool of tools) {
      const e = tool.effects;
      if (e.readOnly)
        expect({
          tool: tool.name,
          changesFiles: e.changesFiles,
          destructive: e.destructive,
          runsCode: e.runsCode,
          replaySafe: e.replaySafe,
        }).toEqual({ tool: tool.name, changesFiles: false, destructive: false, runsCode: false, replaySafe: true });
      if (e.runsCode)
        expect({ tool: tool.name, changesFiles: e.changesFiles, replaySafe: e.replaySafe }).toEqual({
          tool: tool.name,
          changesFiles: true,
          replaySafe: false,
        });
    }
    expect(UNKNOWN_TOOL_FACTS.effects).toMatchObject({
      readOnly: false,
      changesFiles: true,
      runsCode: true,
      replaySafe: false,
    });
  });

  it('says which calls of a step only read (they run side by side): the file readers, output, summarise, preview, delegate (it asks a helper that gets no tool) and git status, diff and log', () => {
    const readOnly = (name: string, args: unknown) => callEffectsOf(facts(name), args).readOnly;
    const readers = TOOL_NAMES.filter((name) => readOnly(name, { command: 'ls', action: 'commit' }));
    // plan and todo change only Paddock's own records of the conversation, delegate only asks a helper: read-only by that definition.
    expect(readers.sort()).toEqual([
      'delegate',
      'list',
      'output',
      'plan',
      'preview',
      'read',
      'search',
      'summarise',
      'todo',
    ]);
    for (const action of ['status', 'diff', 'log']) expect(readOnly('git', { action }), action).toBe(true);
    for (const action of ['commit', 'branch', 'stash', 'init']) expect(readOnly('git', { action }), action).toBe(false);
    expect(readOnly('mcp__srv__tool', {})).toBe(false);
  });

  it('names the file the window may open for the file tools only', () => {
    const named = TOOL_NAMES.filter(
      (name) => fileOf(facts(name), { path: 'src/a.ts', name: 'web', command: 'ls' }) !== null,
    );
    expect(named.sort()).toEqual(['edit', 'read', 'write']);
  });

  it('is what the MCP server publishes as annotations', () => {
    for (const tool of tools) {
      expect(annotationsOf(tool.effects)).toMatchObject({
        readOnlyHint: tool.effects.readOnly,
        destructiveHint: tool.effects.destructive,
        idempotentHint: tool.effects.idempotent,
        openWorldHint: tool.effects.openWorld,
      });
    }
  });
});
