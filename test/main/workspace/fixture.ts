// A real temporary tree with real links, and a ToolCallContext for the file tools.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Agent, Workspace, ToolCallContext } from '../../../src/shared/domain';
import type { PathContext } from '../../../src/main/workspace/types';

export interface Tree {
  /** Real path of the temp root (the fake HOME). */
  top: string;
  ws: string;
  outside: string;
  dataDir: string;
  ctx: PathContext;
  cleanup(): void;
}

/** top/ (HOME) with ws/, ws-evil/, outside/secret.txt, .ssh/id_rsa and data/. */
export function makeTree(): Tree {
  const top = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'paddock-ws-')));
  const ws = path.join(top, 'ws');
  const outside = path.join(top, 'outside');
  const dataDir = path.join(top, 'data');
  for (const d of [ws, outside, path.join(top, 'ws-evil'), path.join(top, '.ssh'), dataDir])
    fs.mkdirSync(d, { recursive: true });
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'OUTSIDE-SECRET\n');
  fs.writeFileSync(path.join(top, 'ws-evil', 'x.txt'), 'evil\n');
  fs.writeFileSync(path.join(top, '.ssh', 'id_rsa'), 'PRIVATE KEY\n');
  fs.writeFileSync(path.join(dataDir, 'paddock.db'), 'db');
  fs.mkdirSync(path.join(ws, 'src', 'lib'), { recursive: true });
  fs.writeFileSync(path.join(ws, 'src', 'lib', 'a.ts'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(ws, 'README.md'), '# project\n');
  return {
    top,
    ws,
    outside,
    dataDir,
    ctx: { workspace: ws, home: top, dataDir },
    cleanup: () => fs.rmSync(top, { recursive: true, force: true }),
  };
}

export function link(target: string, at: string): void {
  fs.mkdirSync(path.dirname(at), { recursive: true });
  fs.symlinkSync(target, at);
}

export function agent(over: Partial<Agent> = {}): Agent {
  return {
    id: 'agent-1',
    name: 'Dev',
    handle: 'dev',
    provider: 'anthropic',
    model: 'test',
    baseUrl: null,
    scopes: ['file_read', 'file_write', 'file_edit'],
    mode: 'run',
    acceptancePolicy: 'apply',
    maxOutputTokens: 8192,
    createdAt: new Date(0).toISOString(),
    ...over,
  };
}

export function toolContext(
  tree: { ws: string; top: string; dataDir: string } | null,
  over: Partial<ToolCallContext> = {},
): ToolCallContext {
  const workspace: Workspace | null = tree
    ? {
        agentId: 'agent-1',
        directory: tree.ws,
        capturedPath: '/usr/bin:/bin',
        gitBinary: null,
        createdAt: new Date(0).toISOString(),
      }
    : null;
  return {
    agent: agent(),
    workspace,
    home: tree?.top ?? os.tmpdir(),
    dataDir: tree?.dataDir ?? path.join(os.tmpdir(), 'paddock-no-data'),
    callId: 'call-1',
    conversationId: 'conv-1',
    signal: new AbortController().signal,
    ...over,
  };
}

export type AliasTree = Tree & { homeLink: string };

/**
 * The tree the alias tests share (device and process aliases, links that land inside): a link to
 * the home beside it, and links in the workspace that reach the workspace, its .git, ~/.ssh and
 * /proc/self/root by roundabout spellings.
 */
export function makeAliasTree(): AliasTree {
  const t = makeTree();
  const homeLink = `${t.top}-homelink`;
  link(t.top, homeLink);
  fs.mkdirSync(path.join(t.ws, '.git'), { recursive: true });
  link(`../${path.basename(t.ws)}/README.md`, path.join(t.ws, 'sibling-back'));
  link(path.join(homeLink, 'ws', 'src', 'lib'), path.join(t.ws, 'lib-via-home'));
  link(path.join(homeLink, 'ws', '.git'), path.join(t.ws, 'git-via-home'));
  link(path.join(homeLink, '.ssh'), path.join(t.ws, 'ssh-via-home'));
  link(`${'../'.repeat(t.ws.split('/').length + 2)}proc/self/root${t.ws}/README.md`, path.join(t.ws, 'proc-rel'));
  link('proc-rel', path.join(t.ws, 'proc-chain'));
  link(`//proc/self/root${t.ws}`, path.join(t.ws, 'proc-dbl'));
  return {
    ...t,
    homeLink,
    cleanup() {
      fs.rmSync(homeLink, { force: true });
      t.cleanup();
    },
  };
}
