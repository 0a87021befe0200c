// A core with a temporary data directory and a temporary HOME: what every integration test builds.
import fs from 'node:fs';
import path from 'node:path';
import { createCore, type Core, type CoreOptions } from '../../src/main/core';

export async function buildTestCore(
  root: string,
  env: NodeJS.ProcessEnv = {},
  options: Partial<Pick<CoreOptions, 'mcpBridge'>> = {},
): Promise<{ core: Core; home: string; dataDir: string }> {
  const home = path.join(root, 'home');
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(home, { recursive: true });
  const core = await createCore({
    dataDir,
    home,
    env: { PATH: process.env.PATH, HOME: home, SHELL: '/bin/sh', ...env },
    host: 'test',
    log: () => undefined,
    modelRetries: 0,
    ...options,
  });
  return { core, home, dataDir };
}
