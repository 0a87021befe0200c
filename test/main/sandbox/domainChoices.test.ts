// The owner's allowed domains as the core saves them: a port named with a domain is kept (that port
// only), a bad port refuses the whole list, and what was saved before stays.
import { afterEach, describe, expect, it } from 'vitest';
import { DomainListRefusal } from '../../../src/main/sandbox/domains';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';

const temp = createTempDirs();
afterEach(() => temp.cleanup());

describe("the core's allowed domains", () => {
  it('keeps an entry with a port, refuses a port that is none, and keeps the saved list then', async () => {
    const { core } = await buildTestCore(temp.make());
    try {
      const [agent] = core.agents.list();
      const saved = core.setSandboxChoices(agent!.id, {
        allowedDomains: ['Registry.npmjs.org', 'git.example.com:2222', 'example.com:08443'],
      });
      expect(saved.allowedDomains).toEqual(['registry.npmjs.org', 'git.example.com:2222', 'example.com:8443']);
      expect(() => core.setSandboxChoices(agent!.id, { allowedDomains: ['pypi.org', 'example.com:70000'] })).toThrow(
        DomainListRefusal,
      );
      expect(core.sandboxChoicesFor(agent!.id).allowedDomains).toEqual([
        'registry.npmjs.org',
        'git.example.com:2222',
        'example.com:8443',
      ]);
    } finally {
      await core.shutdown();
    }
  });
});
