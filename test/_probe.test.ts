import { it } from 'vitest';
import { decideContained } from '../src/main/policy/contained';
import { loadShellGrammar } from '../src/main/policy/shellGrammar';
import { makeContainedWorkspace } from './main/policy/contained/workspace';
it('probe', async () => {
  await loadShellGrammar();
  const f = makeContainedWorkspace();
  for (const c of (process.env.CMDS ?? '').split('\n').filter(Boolean)) {
    const d = decideContained(c, { paths: f.paths, allowedDomains: [] } as never);
    console.log(`${d.tier.padEnd(6)} ${d.code.padEnd(16)} ${c}  -- ${d.reason}`);
  }
});
