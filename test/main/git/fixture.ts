// A real repository in a temp dir, an outside directory holding a payload script that leaves a
// marker file when anything runs it, and a tool context for the git tool.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Agent, Mode, ToolCallContext } from '../../../src/shared/domain';

export const GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

export interface GitFixture {
  root: string;
  home: string;
  dataDir: string;
  ws: string;
  outside: string;
  /** `<outside>/payload.sh <name>`: touches `<outside>/marker-<name>`, then copies stdin to stdout. */
  payload(name: string): string;
  /** A payload for settings git executes directly (no shell, so no arguments): an executable file. */
  payloadProgram(name: string): string;
  markers(): string[];
  /** Plain git for setting up, with the owner's configuration off and a fixed identity. */
  setup(args: string[], cwd?: string): string;
  writeFile(rel: string, content: string): void;
  ctx(mode?: Mode, workspace?: string | null): ToolCallContext;
}

export function makeFixture(options: { init?: boolean } = {}): GitFixture {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-git-')));
  const home = path.join(root, 'home');
  const dataDir = path.join(root, 'data');
  const ws = path.join(root, 'ws');
  const outside = path.join(root, 'outside');
  for (const dir of [home, dataDir, ws, outside]) fs.mkdirSync(dir, { recursive: true });
  const script = path.join(outside, 'payload.sh');
  fs.writeFileSync(script, `#!/bin/sh\ntouch "${outside}/marker-$1"\ncat\n`, { mode: 0o755 });
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_AUTHOR_NAME: 'Owner',
    GIT_AUTHOR_EMAIL: 'owner@example.invalid',
    GIT_COMMITTER_NAME: 'Owner',
    GIT_COMMITTER_EMAIL: 'owner@example.invalid',
  };
  const fixture: GitFixture = {
    root,
    home,
    dataDir,
    ws,
    outside,
    payload: (name) => `${script} ${name}`,
    payloadProgram(name) {
      const program = path.join(outside, `${name}.sh`);
      fs.writeFileSync(program, `#!/bin/sh\ntouch "${outside}/marker-${name}"\ncat\n`, { mode: 0o755 });
      return program;
    },
    markers: () => fs.readdirSync(outside).filter((f) => f.startsWith('marker-')),
    setup: (args, cwd = ws) => execFileSync(GIT, args, { cwd, env, encoding: 'utf8' }),
    writeFile(rel, content) {
      const full = path.join(ws, rel);
      fs.mkdirSync(path.dirname(full), { recursive: true });
      fs.writeFileSync(full, content);
    },
    ctx: (mode = 'run', workspace = ws) => ({
      agent: makeAgent(mode),
      workspace:
        workspace === null
          ? null
          : {
              agentId: 'agent-1',
              directory: workspace,
              capturedPath: path.dirname(GIT),
              gitBinary: GIT,
              createdAt: '',
            },
      home,
      dataDir,
      callId: 'call-1',
      conversationId: 'conv-1',
      signal: new AbortController().signal,
    }),
  };
  if (options.init !== false) {
    fixture.setup(['init', '--quiet', '--initial-branch=main']);
    fixture.writeFile('README.md', 'hello\n');
    fixture.writeFile('src/a.txt', 'one\ntwo\n');
    fixture.setup(['add', '-A']);
    fixture.setup(['commit', '--quiet', '-m', 'first']);
  }
  return fixture;
}

export function makeAgent(mode: Mode): Agent {
  return {
    id: 'agent-1',
    name: 'Dev',
    handle: 'dev',
    provider: 'anthropic',
    model: 'test-model',
    baseUrl: null,
    scopes: ['git', 'file_read'],
    mode,
    acceptancePolicy: 'apply',
    maxOutputTokens: 8192,
    createdAt: '',
  };
}

export function removeFixture(fixture: GitFixture): void {
  fs.rmSync(fixture.root, { recursive: true, force: true });
}
