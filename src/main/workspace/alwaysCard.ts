// Files that make *other* programs run code when the owner later uses them (SPEC §4), and files that
// speak for the owner to agents (instruction files, project commands): a write or an edit of one is a
// card in every mode, whatever the mode or the acceptance policy says.
import { IGNORABLE } from './gitName';
import { INSTRUCTION_FILE_NAMES } from './instructionFiles';
import { wordTable } from '../../shared/wordTable';

/** A directory anywhere in the path: everything below it is configuration some program executes. */
const DIRECTORIES: Readonly<Record<string, string>> = wordTable({
  '.vscode': 'VS Code runs tasks and extensions configured there',
  '.idea': 'JetBrains IDEs run tools configured there',
  '.devcontainer': 'a dev container builds and runs what it names',
  '.claude': 'Claude Code runs hooks and MCP servers configured there',
  '.cursor': 'Cursor runs hooks and MCP servers configured there',
  '.codex': 'Codex runs tools configured there',
  '.gemini': 'Gemini CLI runs tools configured there',
  '.husky': 'git runs the hooks there (husky sets core.hooksPath) on a commit or push',
});

/** Words agents read as the owner's, once the owner accepted them (Paddock's pin does not move until then). */
const OWNER_VOICE =
  'agents read it as your instructions; Paddock keeps using the text you accepted until you accept the new one';
const OWNER_VOICE_FILES = new Map(INSTRUCTION_FILE_NAMES.map((name) => [name.toLowerCase(), name]));

/** A file name anywhere in the path. */
const FILES: Readonly<Record<string, string>> = wordTable({
  '.gitmodules': 'git fetches and checks out what it names',
  '.gitattributes': 'git runs the filters and diff drivers it binds',
  '.mcp.json': 'coding agents start the MCP servers it names',
  '.envrc': 'direnv runs it when you enter the directory',
  '.npmrc': 'npm reads registries, tokens and scripts settings from it',
  '.yarnrc': 'yarn reads registries and paths from it',
  '.yarnrc.yml': 'yarn loads plugins and paths from it',
  'bunfig.toml': 'bun loads preloads and registries from it',
  '.pre-commit-config.yaml': 'pre-commit runs the hooks it names on your next commit',
});

function card(shown: string, why: string): string {
  return `${shown} is always a card: ${why} when you next use this folder.`;
}

/** The reason sentence when `relPath` is one of those files, at any depth, in any case; else null. */
export function isAlwaysCardPath(relPath: string): string | null {
  const parts = relPath
    .split(/[\\/]/)
    .filter((c) => c !== '' && c !== '.')
    // HFS+ ignores some code points; Windows drops trailing dots and spaces and reads `name:stream`
    // as `name` (the same spellings gitName.ts folds for .git).
    .map((c) =>
      c
        .replace(IGNORABLE, '')
        .normalize('NFC')
        .toLowerCase()
        .replace(/:.*$/s, '')
        .replace(/[. ]+$/, ''),
    );
  for (let i = 0; i < parts.length; i++) {
    const name = parts[i];
    const dirWhy = DIRECTORIES[name!];
    if (dirWhy) return card(`${name}/`, dirWhy);
    if (name === '.github' && parts[i + 1] === 'workflows') {
      return card('.github/workflows/', 'GitHub runs the workflows there with the repository’s secrets');
    }
    if (name === '.paddock' && parts[i + 1] === 'commands') {
      return `.paddock/commands/ is always a card: its files become slash commands sent as your own message; Paddock keeps using the text you accepted until you accept the new one.`;
    }
  }
  const last = parts[parts.length - 1] ?? '';
  const voice =
    OWNER_VOICE_FILES.get(last) ??
    (parts.length === 2 && parts[0] === '.github' && last === 'copilot-instructions.md'
      ? '.github/copilot-instructions.md'
      : null);
  if (voice) return `${voice} is always a card: ${OWNER_VOICE}.`;
  const fileWhy = FILES[last];
  if (fileWhy) return card(last, fileWhy);
  if (last.endsWith('.code-workspace')) return card(last, 'VS Code runs the tasks and settings a workspace file holds');
  return null;
}
