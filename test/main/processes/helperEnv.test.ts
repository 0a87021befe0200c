// Issue 14 §4: helpers that run with the owner's environment (the editor, the opener) never inherit
// Paddock's provider keys or tokens — a real child prints what it got.
import { describe, expect, it } from 'vitest';
import { scrubbedEnv } from '../../../src/main/processes/env';
import { spawnChild } from '../../../src/main/processes/spawn';

describe('helpers started with Paddock’s environment', () => {
  it('get it without keys, tokens and PADDOCK_* names', async () => {
    process.env.ANTHROPIC_API_KEY = 'sk-ant-do-not-leak';
    process.env.OPENAI_API_KEY = 'sk-do-not-leak';
    process.env.GITHUB_TOKEN = 'ghp-do-not-leak';
    process.env.PADDOCK_TOKEN_X = 'do-not-leak';
    try {
      const child = spawnChild('/usr/bin/env', [], 'opener', { stdio: ['ignore', 'pipe', 'ignore'] });
      let out = '';
      child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
      await new Promise((resolve) => child.on('close', resolve));
      expect(out).not.toContain('do-not-leak');
      expect(out).toContain('PATH=');
      expect(scrubbedEnv({ HOME: '/h', MY_PASSWORD: 'x', LANG: 'C' })).toEqual({ HOME: '/h', LANG: 'C' });
    } finally {
      for (const name of ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY', 'GITHUB_TOKEN', 'PADDOCK_TOKEN_X'])
        delete process.env[name];
    }
  });
});
