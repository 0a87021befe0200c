// One decision walks a shared prefix once; nothing is remembered across decisions (issue 22 item 5):
// a path that turns into a link between two decisions is seen as the link it now is.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyCommand } from '../../../src/main/policy';
import { makeWorkspace, type Fixture } from './fixtures';

let fx: Fixture;
beforeAll(() => {
  fx = makeWorkspace();
});
afterAll(() => fx.cleanup());

describe('the decision session', () => {
  it('sees a file swapped for a link outside between two decisions', () => {
    const file = path.join(fx.paths.workspace, 'swap.txt');
    fs.writeFileSync(file, 'x\n');
    expect(classifyCommand('cat swap.txt', fx.ctx('run')).tier).toBe('auto');
    fs.rmSync(file);
    fs.symlinkSync(path.join(fx.root, 'outside.txt'), file);
    expect(classifyCommand('cat swap.txt', fx.ctx('run'))).toMatchObject({ tier: 'gated', code: 'link' });
  });

  it('sees a directory swapped for a link between two decisions, for operands that share it', () => {
    const dir = path.join(fx.paths.workspace, 'swapdir');
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'a'), 'a\n');
    expect(classifyCommand('wc -l swapdir/a swapdir/b', fx.ctx('run')).tier).toBe('auto');
    fs.rmSync(dir, { recursive: true });
    fs.symlinkSync(fx.root, dir);
    expect(classifyCommand('wc -l swapdir/a swapdir/b', fx.ctx('run'))).toMatchObject({ tier: 'gated', code: 'link' });
  });
});
