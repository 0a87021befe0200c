// `paddock serve`: the whole application as a local web page, for a box without a display and for
// the e2e tests. Binds 127.0.0.1 only; prints the one address that carries the launch token.
import { spawnChild } from '../processes/spawn';
import { createCore } from '../core';
import { createApiRouter } from '../api/router';
import { createHandlers } from '../api/handlers';
import { defaultDataDir, ownerHome } from '../environment';
import { startWebHost } from '../host/web/server';
import { StoreOpenError } from '../store/database';
import { installShutdown } from '../shutdown';
import { systemOpener } from '../owner/openInEditor';
import { parseArgs, stringFlag, UsageError } from './args';
import { packageVersion, rendererDir } from './packageRoot';
import type { CliIo } from './io';

function openInBrowser(url: string): void {
  try {
    spawnChild(systemOpener(), [url], 'opener', { stdio: 'ignore', detached: true }).on('error', () => undefined).unref();
  } catch {
    /* no browser to open: the printed address is enough */
  }
}

export async function runServe(args: string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(args, { values: ['port', 'data-dir'], booleans: ['no-open'] });
  if (parsed.positionals.length > 0) throw new UsageError(`serve takes no operand (got ${parsed.positionals[0]})`);
  const portText = stringFlag(parsed, 'port') ?? '0';
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) throw new UsageError(`--port must be 0…65535, not ${portText}`);
  const dataDir = stringFlag(parsed, 'data-dir') ?? defaultDataDir(io.env);

  let core;
  try {
    core = await createCore({ dataDir, home: ownerHome(io.env), env: io.env, host: 'web' });
  } catch (error) {
    if (error instanceof StoreOpenError) {
      io.stderr.write(`paddock: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  const router = createApiRouter(
    createHandlers(core, { host: 'web', version: packageVersion() }),
    core.log,
  );
  const host = await startWebHost({
    port: Number(portText),
    rendererDir: rendererDir(),
    router,
    subscribe: core.events.subscribe,
    log: core.log,
  });
  core.services.registerOwnPort(host.port);
  io.stdout.write(`Paddock is running at ${host.url}\n`);
  if (!parsed.flags.has('no-open')) openInBrowser(host.url);

  // Quitting stops every process the agents started (seed 003 §10, item 4): the one shutdown path
  // the Electron host uses too. Ctrl-C or SIGTERM closes the listener, then the core; serve returns 0.
  const quitSignal = new Promise<void>((resolve) => {
    installShutdown(core, { closeHost: () => host.close(), exit: () => resolve(), log: core.log });
  });
  await quitSignal;
  return 0;
}
