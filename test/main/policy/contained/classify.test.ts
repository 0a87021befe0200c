// classifyCommand's contained path: run mode in the sandbox decides by effect and spawns sh -c;
// "Run list only" and no sandbox keep seed 003 §5 exactly; ask and edit are untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../../src/main/policy/classify';
import { loadShellGrammar } from '../../../../src/main/policy/shellGrammar';
import type { ClassifyContext } from '../../../../src/main/policy/types';
import { makeContainedWorkspace } from './workspace';

let fx: ReturnType<typeof makeContainedWorkspace>;
beforeAll(async () => {
  await loadShellGrammar();
  fx = makeContainedWorkspace();
});
afterAll(() => fx.cleanup());

const ctx = (extra: Partial<ClassifyContext> = {}): ClassifyContext => ({ ...fx.ctx('run'), ...extra });
const contained = { allowedDomains: [] };

describe('classifyCommand in run mode', () => {
  it('decides by effect when contained, and spawns the whole with /bin/sh -c', () => {
    const d = classifyCommand('npm test 2>&1 | head -50', ctx({ contained }));
    expect(d).toMatchObject({ tier: 'auto', code: 'contained', argv: ['/bin/sh', '-c', 'npm test 2>&1 | head -50'] });
    expect(d.shellParts).toEqual([
      { text: 'npm test', decides: false },
      { text: '| head -50', decides: false },
    ]);
  });

  it('marks the deciding part, and carries the domains a network card may offer', () => {
    const d = classifyCommand('npm run build && npm install left-pad', ctx({ contained }));
    expect(d).toMatchObject({ tier: 'gated', code: 'needs-network', domains: ['registry.npmjs.org'] });
    expect(d.shellParts?.map((p) => p.decides)).toEqual([false, true]);
    expect(
      classifyCommand('npm install left-pad', ctx({ contained: { allowedDomains: ['registry.npmjs.org'] } })),
    ).toMatchObject({ tier: 'auto', code: 'contained' });
  });

  it('admits curl to a port the agent’s own started processes listen on, and no other port of this machine', () => {
    const own = { allowedDomains: [], ownPorts: [5173, 8000] };
    for (const command of [
      'curl -s http://127.0.0.1:5173/',
      'curl -s localhost:5173/api | head -5',
      'wget -qO- http://localhost:8000/x',
      'curl -sS -X POST http://localhost:8000/api -d x',
      // A port check sends nothing: nc -z of an own port.
      'nc -z 127.0.0.1 5173',
      'nc -zv localhost 8000 && echo up',
      'nc -z -w 2 127.0.0.1 8000',
    ]) {
      expect(classifyCommand(command, ctx({ contained: own })), command).toMatchObject({
        tier: 'auto',
        code: 'contained',
      });
    }
    for (const [command, port] of [
      ['curl http://127.0.0.1:3000/', 3000],
      ['curl -s localhost/x', 80],
      ['curl https://127.0.0.1/', 443],
      ['curl -s localhost:5173/ http://127.0.0.1:9/', 9],
      ['nc -z 127.0.0.1 3000', 3000],
      ['nc -z localhost 5170-5180', '5170-5180'],
    ] as const) {
      const d = classifyCommand(command, ctx({ contained: own }));
      expect(d, command).toMatchObject({ tier: 'gated', code: 'needs-network' });
      expect(d.reason).toContain(`port ${port} of this machine`);
      expect(d.domains).toBeUndefined();
    }
    // Unknown (check-command: no processes to ask): any loopback port is taken for the agent's own.
    expect(classifyCommand('curl http://127.0.0.1:3000/', ctx({ contained }))).toMatchObject({ tier: 'auto' });
  });

  it('shows no secret that the run list would have shown', () => {
    expect(classifyCommand('cat .env', ctx())).toMatchObject({ tier: 'auto', code: 'on-run-list' });
    expect(classifyCommand('cat .env', ctx({ contained }))).toMatchObject({ tier: 'gated', code: 'shows-secret' });
  });

  it('keeps seed 003 §5 without a sandbox, and with "Run list only"', () => {
    for (const extra of [{}, { contained: { ...contained, runListOnly: true } }]) {
      expect(classifyCommand('npm test 2>&1 | head', ctx(extra))).toMatchObject({ tier: 'gated', code: 'not-plain' });
      expect(classifyCommand('rm b.txt', ctx(extra))).toMatchObject({ tier: 'gated', code: 'not-on-run-list' });
      expect(classifyCommand('npm test', ctx(extra))).toMatchObject({
        tier: 'auto',
        code: 'on-run-list',
        argv: ['npm', 'test'],
      });
      expect(classifyCommand('npm test', ctx(extra)).shellParts).toBeUndefined();
    }
  });

  it('leaves ask and edit as they are', () => {
    expect(classifyCommand('ls', { ...fx.ctx('ask'), contained })).toMatchObject({ tier: 'gated', code: 'ask-mode' });
    expect(classifyCommand('ls', { ...fx.ctx('edit'), contained })).toMatchObject({ tier: 'gated', code: 'edit-mode' });
  });

  it('still lets a remembered plain command through, spawned as its argv', () => {
    const remembered = [
      {
        id: 7,
        agentId: 'a',
        directory: fx.paths.workspace,
        argv: ['cat', '.env'],
        kind: 'exact' as const,
        createdAt: '',
      },
    ];
    expect(classifyCommand('cat .env', { ...fx.ctx('run', undefined, remembered), contained })).toMatchObject({
      tier: 'auto',
      code: 'remembered',
      argv: ['cat', '.env'],
      rememberedId: 7,
    });
  });
});
