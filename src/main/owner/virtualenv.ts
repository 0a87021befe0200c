// The project's own Python virtualenv (issue 24 §4), found when a workspace is assigned, as an
// editor finds it: the one the project's configuration names (PDM's .pdm-python, Hatch's
// default-environment path), else `.venv`, else `venv`. Only a real directory inside the workspace,
// reached without a link, with a pyvenv.cfg and a bin/python, counts.
import fs from 'node:fs';
import path from 'node:path';

export const VENV_PYTHONS = ['python', 'python3'] as const;

function isRegularFile(file: string): boolean {
  return fs.lstatSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

function readSmall(file: string): string | null {
  if (!isRegularFile(file)) return null;
  const stat = fs.statSync(file);
  return stat.size > 256 * 1024 ? null : fs.readFileSync(file, 'utf8');
}

/** The value of `key = "…"` in `[section]` of a TOML file, read plainly (one line, a quoted string). */
export function tomlString(text: string, section: string, key: string): string | null {
  let inside = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const header = /^\[([^\]]+)\]\s*(?:#.*)?$/.exec(line);
    if (header) {
      inside = header[1]!.trim() === section;
      continue;
    }
    if (!inside) continue;
    const m = new RegExp(`^${key.replace(/[.]/g, '\\.')}\\s*=\\s*(?:"([^"]*)"|'([^']*)')\\s*(?:#.*)?$`).exec(line);
    if (m) return m[1] ?? m[2]!;
  }
  return null;
}

/** The venv directories the project's configuration names, relative to the root, in the order editors ask. */
function configured(root: string): string[] {
  const names: string[] = [];
  // PDM writes the interpreter it uses: <venv>/bin/python.
  const pdm = readSmall(path.join(root, '.pdm-python'))?.trim();
  if (pdm && /\/bin\/python[\d.]*$/.test(pdm)) names.push(path.dirname(path.dirname(pdm)));
  const pyproject = readSmall(path.join(root, 'pyproject.toml'));
  const hatch = pyproject && tomlString(pyproject, 'tool.hatch.envs.default', 'path');
  if (hatch) names.push(hatch);
  // Poetry's in-project venv and uv's project environment are `.venv`, asked next anyway.
  return names;
}

/** The absolute path of `candidate` when it is a virtualenv directory inside `root`, reached without a link. */
function virtualenvAt(root: string, candidate: string): string | null {
  const absolute = path.resolve(root, candidate);
  const rel = path.relative(root, absolute);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  try {
    if (fs.realpathSync.native(absolute) !== absolute) return null;
    if (!fs.lstatSync(absolute).isDirectory()) return null;
    if (!isRegularFile(path.join(absolute, 'pyvenv.cfg'))) return null;
    const bin = path.join(absolute, 'bin');
    if (!fs.lstatSync(bin).isDirectory()) return null;
    return VENV_PYTHONS.some((name) => fs.existsSync(path.join(bin, name))) ? absolute : null;
  } catch {
    return null;
  }
}

/** The project's virtualenv (absolute), or null. `root` is the workspace root, already a real path. */
export function detectVirtualenv(root: string): string | null {
  for (const candidate of [...configured(root), '.venv', 'venv']) {
    const found = virtualenvAt(root, candidate);
    if (found) return found;
  }
  return null;
}
