// `paddock check-path` (SPEC §2): the resolver's decision as one JSON line, for scripts and corpora.
// `--jsonl` answers one line per input object, in order, in one process; a bad line answers an
// error object and the stream goes on. Bad arguments exit 2 with a message on stderr.
import path from 'node:path';
import { defaultDataDir, ownerHome } from '../environment';
import { resolveInsideWorkspace } from '../workspace/resolve';
import { validateWorkspaceRoot } from '../workspace/root';
import type { PathPurpose, PathRefusalCode } from '../workspace/types';
import { inputLines } from './io';

interface CheckIO {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

const USAGE =
  'usage: paddock check-path --workspace DIR [--for read|write|run] [--cwd REL] [--data-dir D] PATH\n       paddock check-path --jsonl [--data-dir D] < objects {workspace, for, cwd, path}\n';
const PURPOSES: readonly PathPurpose[] = ['read', 'write', 'run'];

/** `code`: the resolver's stable reason code (workspace/types.ts), or one of the two below. */
type Answer =
  | { ok: true; path: string }
  | { ok: false; status: 403 | 400; code: PathRefusalCode | 'workspace-refused' | 'malformed-request'; reason: string };

export function checkOne(
  workspace: string,
  purpose: PathPurpose,
  cwd: string | undefined,
  p: string,
  home: string,
  dataDir: string,
): Answer {
  const root = validateWorkspaceRoot(path.resolve(workspace), { home, dataDir });
  if (!root.ok) return { ok: false, status: 403, code: 'workspace-refused', reason: root.reason };
  return resolveInsideWorkspace({ workspace: root.path, home, dataDir }, { path: p, for: purpose, cwd });
}

/** One answer for one line, whatever it holds: a corpus of thousands must never stop at one line. */
function answerLine(line: string, home: string, dataDir: string): Answer {
  try {
    return decideLine(line, home, dataDir);
  } catch (error) {
    return {
      ok: false,
      status: 400,
      code: 'malformed-request',
      reason: `the line could not be decided: ${(error as Error)?.message ?? String(error)}`,
    };
  }
}

function decideLine(line: string, home: string, dataDir: string): Answer {
  let input: unknown;
  try {
    input = JSON.parse(line.charCodeAt(0) === 0xfeff ? line.slice(1) : line);
  } catch {
    return { ok: false, status: 400, code: 'malformed-request', reason: 'the line is not JSON' };
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return { ok: false, status: 400, code: 'malformed-request', reason: 'the line is not a JSON object' };
  const o = input as Record<string, unknown>;
  if (typeof o.workspace !== 'string' || o.workspace === '')
    return { ok: false, status: 400, code: 'malformed-request', reason: 'workspace must be a non-empty string' };
  if (typeof o.path !== 'string')
    return { ok: false, status: 400, code: 'malformed-request', reason: 'path must be a string' };
  const purpose = o.for ?? 'read';
  if (!PURPOSES.includes(purpose as PathPurpose))
    return { ok: false, status: 400, code: 'malformed-request', reason: 'for must be read, write or run' };
  if (o.cwd !== undefined && o.cwd !== null && typeof o.cwd !== 'string')
    return { ok: false, status: 400, code: 'malformed-request', reason: 'cwd must be a string' };
  return checkOne(
    o.workspace,
    purpose as PathPurpose,
    (o.cwd as string | null | undefined) ?? undefined,
    o.path,
    home,
    dataDir,
  );
}

export async function runCheckPath(args: string[], io: CheckIO): Promise<number> {
  const flags: Record<string, string> = {};
  const positional: string[] = [];
  let jsonl = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--help' || a === '-h') {
      io.stdout.write(USAGE);
      return 0;
    }
    if (a === '--jsonl') jsonl = true;
    else if (a === '--') {
      positional.push(...args.slice(i + 1));
      break;
    } else if (['--workspace', '--for', '--cwd', '--data-dir'].includes(a!)) {
      if (i + 1 >= args.length) return usage(io, `${a} needs a value`);
      flags[a!.slice(2)] = args[++i]!;
    } else if (
      a!.startsWith('--') &&
      a!.includes('=') &&
      ['--workspace', '--for', '--cwd', '--data-dir'].includes(a!.slice(0, a!.indexOf('=')))
    ) {
      flags[a!.slice(2, a!.indexOf('='))] = a!.slice(a!.indexOf('=') + 1);
    } else if (a!.startsWith('--')) return usage(io, `unknown flag ${a}`);
    else positional.push(a!);
  }
  const home = ownerHome(io.env);
  const dataDir = flags['data-dir'] !== undefined ? path.resolve(flags['data-dir']) : defaultDataDir(io.env);
  if (jsonl) {
    if (positional.length > 0) return usage(io, '--jsonl reads paths from stdin, not from arguments');
    // Every line gets its answer, a blank one included, so answers and inputs line up one to one
    // (split on LF only: a lone CR is JSON whitespace, not a second request).
    for await (const line of inputLines(io.stdin)) {
      io.stdout.write(`${JSON.stringify(answerLine(line, home, dataDir))}\n`);
    }
    return 0;
  }
  if (flags.workspace === undefined || flags.workspace === '') return usage(io, '--workspace is required');
  const purpose = (flags.for ?? 'read') as PathPurpose;
  if (!PURPOSES.includes(purpose)) return usage(io, '--for must be read, write or run');
  if (positional.length !== 1) return usage(io, 'exactly one PATH is required');
  io.stdout.write(`${JSON.stringify(checkOne(flags.workspace, purpose, flags.cwd, positional[0]!, home, dataDir))}\n`);
  return 0;
}

function usage(io: CheckIO, message: string): number {
  io.stderr.write(`paddock check-path: ${message}\n${USAGE}`);
  return 2;
}
