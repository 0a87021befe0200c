// The project's own virtualenv runs its tests (issue 24 §4): `<venv>/bin/pytest …` and
// `<venv>/bin/python -m pytest|unittest …` are read as the table's pytest and `python -m` rows,
// with the same argument grammar, although their program is a workspace path (which otherwise
// always asks, SPEC §7). <venv> is only the virtualenv detected when the workspace was assigned;
// its python may be a link to the system's interpreter (that is how venvs are made), but only to a
// program named python. Whether commands that execute workspace code are auto at all (the OS
// sandbox) is decided on top of this, as for every other row.
import fs from 'node:fs';
import path from 'node:path';

export type VenvProgram =
  | { applies: false }
  /** `argv`: the command as the table reads it (`pytest …`, `python -m pytest …`). */
  | { applies: true; argv: string[]; shown: string }
  | { applies: true; refused: string };

const NOT_APPLICABLE: VenvProgram = { applies: false };
const PYTHON_NAME = /^python(?:3(?:\.\d+)?)?$/;
const INTERPRETER = /^python\d*(?:\.\d+)*$/;
const MODULES: ReadonlySet<string> = new Set(['pytest', 'unittest']);

function lstat(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** The venv's python: a regular file, or a link to a program whose real name is python. */
function interpreterProblem(file: string, shown: string): string | null {
  const stat = lstat(file);
  if (!stat) return `${shown} does not exist`;
  if (stat.isFile()) return null;
  if (!stat.isSymbolicLink()) return `${shown} is not a file`;
  let real: string;
  try {
    real = fs.realpathSync.native(file);
  } catch {
    return `${shown} is a link that leads nowhere`;
  }
  if (!INTERPRETER.test(path.basename(real))) return `${shown} leads to ${real}, which is not a Python interpreter`;
  return fs.statSync(real).isFile() ? null : `${shown} leads to ${real}, which is not a file`;
}

/**
 * Whether `absolute` is the virtualenv's own pytest or python, and if it is, the problem with it
 * (null when none): the venv must still have its pyvenv.cfg, its pytest must be a regular file of
 * the project, its python a file or a link to an interpreter. `not-venv` when it is neither.
 */
export function venvProgramProblem(absolute: string, venv: string, workspace: string): 'not-venv' | string | null {
  if (path.dirname(absolute) !== path.join(venv, 'bin')) return 'not-venv';
  const name = path.basename(absolute);
  if (name !== 'pytest' && !PYTHON_NAME.test(name)) return 'not-venv';
  const shown = path.relative(workspace, absolute);
  if (lstat(path.join(venv, 'pyvenv.cfg'))?.isFile() !== true)
    return `${path.relative(workspace, venv)} is no longer a virtualenv (no pyvenv.cfg)`;
  // The project's own script (its first line names the venv's python): a regular file, never a link.
  if (name === 'pytest')
    return lstat(absolute)?.isFile() === true ? null : `${shown} is not a regular file of the project`;
  return interpreterProblem(absolute, shown);
}

/**
 * Whether argv[0] is the detected virtualenv's pytest or python, spelled as a path from the
 * command's cwd (`.venv/bin/pytest`, `./.venv/bin/python`, `../.venv/bin/pytest`, or absolute).
 */
export function venvProgram(
  argv: readonly string[],
  venv: string | undefined,
  cwdAbsolute: string,
  workspace: string,
): VenvProgram {
  const program = argv[0];
  if (!venv || program === undefined || !program.includes('/')) return NOT_APPLICABLE;
  const absolute = path.resolve(cwdAbsolute, program);
  const problem = venvProgramProblem(absolute, venv, workspace);
  if (problem === 'not-venv') return NOT_APPLICABLE;
  if (problem !== null) return { applies: true, refused: problem };
  const name = path.basename(absolute);
  if (name === 'pytest')
    return { applies: true, argv: ['pytest', ...argv.slice(1)], shown: path.relative(workspace, absolute) };
  if (argv[1] !== '-m' || !MODULES.has(argv[2] ?? '')) {
    return {
      applies: true,
      refused: `the virtualenv's ${name} runs without a card only as \`${name} -m pytest\` or \`${name} -m unittest\``,
    };
  }
  return { applies: true, argv: [name, ...argv.slice(1)], shown: path.relative(workspace, absolute) };
}
