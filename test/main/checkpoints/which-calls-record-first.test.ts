// Issue 20 §1: the workspace is recorded before any call that may change files. A command may write
// unless it is one of the run list's read-only rows with arguments that row accepts. Which calls
// those are is each tool's own declaration (tools/types.ts CallEffects).
import { describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../../../src/shared/domain';
import { commandMayWrite } from '../../../src/main/tools/commandEffects';
import { createToolSet, type ToolSetDeps } from '../../../src/main/tools';
import { callEffectsOf, UNKNOWN_TOOL_FACTS } from '../../../src/main/tools/facts';
import { READ_ONLY_PROGRAMS, RUN_LIST_PROGRAMS } from '../../../src/main/policy';
import { executesWorkspaceCode } from '../../../src/main/sandbox/containment';

// plan and todo join the set with their stores; only their declarations are read here.
const tools = new Map(
  createToolSet({ plans: { plans: {} }, todos: { todos: {} } } as unknown as ToolSetDeps).map((tool) => [
    tool.name,
    tool,
  ]),
);
const callMayChangeFiles = (tool: string, args: unknown): boolean =>
  callEffectsOf(tools.get(tool as never) ?? UNKNOWN_TOOL_FACTS, args).changesFiles;

describe('which calls record the workspace first', () => {
  it.each([
    ['ls -la', false],
    ['cat src/a.ts', false],
    ['grep -rn needle src', false],
    ['rg needle', false],
    ['wc -l a b', false],
    ['echo hi', false],
    ['node gen.js', true],
    ['npm test', true],
    ['npm install', true],
    ['sort -o out.txt in.txt', true],
    ['uniq in.txt out.txt', true],
    ['./ls', true],
    ['/bin/cat a', true],
    ['ls > out.txt', true],
    ['cat a | tee b', true],
    ['find . -delete', true],
    ['rm -rf build', true],
    ['', true],
  ] as const)('run %j may write: %s', (command, expected) => {
    expect(commandMayWrite(command)).toBe(expected);
    expect(callMayChangeFiles('run', { command })).toBe(expected);
  });

  it('every read-only program is a row of the run list (a renamed row fails here, not silently)', () => {
    for (const program of READ_ONLY_PROGRAMS) expect(RUN_LIST_PROGRAMS, program).toContain(program);
  });

  it('one read-only set: what checkpoints call read-only is what the sandbox lets run uncontained (issue 15)', () => {
    for (const program of RUN_LIST_PROGRAMS) {
      expect(executesWorkspaceCode(program), program).toBe(!READ_ONLY_PROGRAMS.has(program));
    }
    for (const command of ['sed -n 1,5p b.txt', 'nl b.txt', 'find src -name x', 'which node'])
      expect(commandMayWrite(command), command).toBe(false);
    for (const command of ['sed -n 1w/tmp/x b.txt', 'find . -fprint out'])
      expect(commandMayWrite(command), command).toBe(true);
  });

  it('file writes, bash and start always record first; reads never; git only for a stash push', () => {
    const writes = TOOL_NAMES.filter((tool) => callMayChangeFiles(tool, { command: 'node x.js', action: 'status' }));
    expect(writes.sort()).toEqual(['bash', 'edit', 'run', 'start', 'write']);
    expect(callMayChangeFiles('bash', { command: 'ls' })).toBe(true);
    expect(callMayChangeFiles('git', { action: 'stash', op: 'push' })).toBe(true);
    expect(callMayChangeFiles('git', { action: 'commit', message: 'x' })).toBe(false);
  });
});
