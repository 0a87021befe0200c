// A secrets file inside the workspace (.env, a private key, credentials) never reaches the model
// through Paddock's own tools without the owner: read asks first, in every mode; a search leaves its
// lines out and says how many files it left out. An example file is not a secret.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mode } from '../../../src/shared/domain';
import { readTool } from '../../../src/main/tools/read';
import { createSearchTool, findRipgrep, withoutSecrets } from '../../../src/main/tools/search';
import { makeTree, toolContext, type Tree } from '../workspace/fixture';

let t: Tree;
beforeAll(() => {
  t = makeTree();
  fs.writeFileSync(path.join(t.ws, '.env'), 'API_TOKEN=needle-secret\n');
  fs.writeFileSync(path.join(t.ws, '.env.example'), 'API_TOKEN=needle-example\n');
  fs.writeFileSync(path.join(t.ws, 'credentials.json'), '{"token": "needle-credentials"}\n');
  fs.writeFileSync(path.join(t.ws, 'server.key'), 'needle-private-key\n');
  fs.writeFileSync(path.join(t.ws, 'notes.md'), 'needle in the notes\n');
});
afterAll(() => t.cleanup());

function ctxIn(mode: Mode) {
  const ctx = toolContext(t);
  return { ...ctx, agent: { ...ctx.agent, mode } };
}

describe('read of a secrets file', () => {
  it.each(['ask', 'edit', 'run'] as const)(
    'asks the owner first in %s mode; an example file and an ordinary one do not',
    async (mode) => {
      for (const secret of ['.env', 'credentials.json', 'server.key', './.env']) {
        const decision = await readTool.tierFor({ path: secret }, ctxIn(mode));
        expect(decision, secret).toMatchObject({
          tier: 'gated',
          reason: expect.stringMatching(/is a secrets file: what read returns goes to the model/),
        });
      }
      for (const plain of ['.env.example', 'notes.md', 'src/lib/a.ts']) {
        expect(await readTool.tierFor({ path: plain }, ctxIn(mode)), plain).toMatchObject({ tier: 'auto' });
      }
    },
  );
});

describe('search', () => {
  it('leaves the lines of secrets files out and says how many files it left out', async () => {
    const tool = createSearchTool({ ripgrep: findRipgrep() });
    const found = await tool.run({ query: 'needle' }, toolContext(t));
    expect(found.ok).toBe(true);
    const text = found.ok ? found.text : '';
    expect(text).toContain('notes.md:1: needle in the notes');
    expect(text).not.toContain('needle-credentials');
    expect(text).not.toContain('needle-private-key');
    expect(text).not.toContain('needle-secret');
    expect(text).toMatch(
      /2 secrets files matched and were left out: (credentials\.json, server\.key|server\.key, credentials\.json); read one to ask the owner/,
    );
  });

  it('withoutSecrets reads the file out of each hit, a colon in a name included', () => {
    expect(withoutSecrets(['a:b.txt:3: x', 'cfg/.npmrc:1: token', '.env.sample:2: y', 'keys/id_ed25519:1: k'])).toEqual(
      {
        kept: ['a:b.txt:3: x', '.env.sample:2: y'],
        skippedFiles: ['cfg/.npmrc', 'keys/id_ed25519'],
      },
    );
  });
});
