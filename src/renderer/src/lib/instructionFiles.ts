// Whether a changed path may be an instruction file (the core decides what is one; this only says
// when the window asks it again).
const NAMES = new Set(['agents.md', 'claude.md', 'gemini.md', 'copilot-instructions.md']);

export function isInstructionFileName(relPath: string): boolean {
  return NAMES.has(relPath.split(/[\\/]/).at(-1)?.toLowerCase() ?? '');
}
