// A tool describes itself (src/main/tools/types.ts ToolFacts); everything else asks its declaration.
// This scan fails when a module outside src/main/tools/ decides something by a tool's name: a
// comparison of a tool or call name with a tool-name literal, a `switch` on a tool name, a list
// or set made of tool names, or a table keyed by them (an icon per tool name). The name list itself (shared/domain/tools.ts) and the migrations
// (history, run once) are the only exceptions.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../../src/shared/domain';

const ROOT = path.resolve(__dirname, '../..');
const EXEMPT = [/^src\/main\/tools\//, /^src\/shared\/domain\/tools\.ts$/, /^src\/main\/store\/migrations\//];
const NAMES = TOOL_NAMES.join('|');
const LITERAL = `['"\`](${NAMES})['"\`]`;
/** An operand that is a tool or call name: `tool`, `call.name`, `tool.name`, `request.tool`, `toolName`… */
const TOOLISH = String.raw`[\w.?]*(?:tool|Tool)[\w.?]*|[\w?]*(?:call|Call)\??\.name`;
const COMPARISON = new RegExp(
  String.raw`(?:(?:${TOOLISH})\s*[!=]==?\s*${LITERAL})|(?:${LITERAL}\s*[!=]==?\s*(?:${TOOLISH}))`,
);
const SWITCH_ON_TOOL = new RegExp(String.raw`switch\s*\(\s*(?:${TOOLISH})\s*\)`);
/** A set or a membership test built from a list literal: `new Set([…])`, `[…].includes(…)`. */
const LIST_LITERAL = /new Set(?:<[^>]*>)?\(\[([^\][]*)\]|\[([^\][]*)\]\.(?:includes|indexOf|some)\(/g;
/** A line of an object literal keyed by a tool name: `  bash: SquareTerminal,`. */
const TOOL_KEY = new RegExp(`^\\s*['"]?(?:${NAMES})['"]?\\s*:`);
/** This many keys in a row that are tool names make a table of facts by tool name (three may be modes or scopes). */
const KEYED_RUN = 4;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** Every place a file decides by a tool's name, as "file:line: text". */
export function namedDecisions(relative: string, text: string): string[] {
  const found: string[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const at = `${relative}:${index + 1}: ${line.trim()}`;
    if (COMPARISON.test(line)) found.push(at);
    for (const match of line.matchAll(LIST_LITERAL)) {
      const items = (match[1] ?? match[2] ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '');
      const named = items.filter((item) => new RegExp(`^${LITERAL}$`).test(item));
      // A list made of tool names (two or more, nothing else): a name-keyed fact about tools.
      if (named.length >= 2 && named.length === items.length) found.push(at);
    }
  });
  // A table keyed by tool names: KEYED_RUN or more such keys in a row.
  let run = 0;
  lines.forEach((line, index) => {
    run = TOOL_KEY.test(line) ? run + 1 : 0;
    if (run === KEYED_RUN) found.push(`${relative}:${index + 2 - KEYED_RUN}: a table keyed by tool names`);
  });
  // The cases of a switch on a tool name.
  for (const match of text.matchAll(new RegExp(SWITCH_ON_TOOL, 'g'))) {
    const body = text.slice(match.index);
    const cases = [
      ...body
        .slice(0, body.indexOf('\n}') < 0 ? undefined : body.indexOf('\n}'))
        .matchAll(new RegExp(`case ${LITERAL}:`, 'g')),
    ];
    if (cases.length > 0) found.push(`${relative}: ${match[0]} with cases ${cases.map((c) => c[1]).join(', ')}`);
  }
  return found;
}

describe('no module outside src/main/tools/ decides by a tool’s name', () => {
  it('finds no comparison, switch or list of tool names anywhere else in src', () => {
    const found = sourceFiles(path.join(ROOT, 'src')).flatMap((file) => {
      const relative = path.relative(ROOT, file).split(path.sep).join('/');
      return EXEMPT.some((rule) => rule.test(relative)) ? [] : namedDecisions(relative, fs.readFileSync(file, 'utf8'));
    });
    expect(found).toEqual([]);
  });

  it('would see each way of deciding by name that the tools’ facts replaced', () => {
    const samples = [
      "if (call.name === 'git') {",
      "const READ_ONLY_TOOLS = new Set(['read', 'list', 'search', 'output', 'summarise']);",
      "if (!hasWorkspace && tool.name !== 'workspace') continue;",
      "} else if (tool === 'summarise' || tool === 'write') {",
      "if (!['read', 'write', 'edit'].includes(tool)) return null;",
      "const shot = tool === 'screenshot' && result;",
      "switch (tool) {\n    case 'write':\n      return true;\n}",
      'const ICONS: Record<string, LucideIcon> = {\n  bash: SquareTerminal,\n  run: Play,\n  edit: FilePen,\n  write: FilePlus,\n};',
    ];
    for (const sample of samples) expect(namedDecisions('sample.ts', sample), sample).not.toEqual([]);
    // Words that are also tool names, used for something else, are not decisions about tools.
    const fine = [
      "if (mode === 'run') {",
      "purpose === 'write'",
      "const MODES = ['ask', 'edit', 'run'] as const;",
      "const PURPOSES: readonly PathPurpose[] = ['read', 'write', 'run'];",
      "spawnChild(git, argv, 'git')",
      "const MODES = {\n  ask: 'asks first',\n  edit: 'edits at once',\n  run: 'runs the run list',\n  plan: 'plans',\n};",
    ];
    for (const sample of fine) {
      expect(namedDecisions('sample.ts', sample), sample).toEqual([]);
    }
  });
});
