// `paddock serve`: the whole application as a local web page, for a box without a display and for
// the e2e tests. Binds 127.0.0.1 only; prints the one address that carries the launch token.
//
// Start-up (issue 22 item 2): the listener, the token check and the static files come first and
// are all the first request needs. The core (the store, the tools and their schemas, the API router)
// loads once the address is printed: at the first socket, which waits for it, or a moment after
// listening, whichever comes first, so a data directory that cannot be opened is still reported
// and serve still exits 1 though nobody opened the page. What only some requests need loads at
// their first use (the provider SDKs, playwright-core, the MCP client).
import type { Core } from '../core';
import { defaultDataDir, ownerHome } from '../environment';
import type { FirstScreen } from '../host/rendererFiles';
import { startWebHost, type WebApi } from '../host/web/server';
import { installShutdown } from '../shutdown';
import { parseArgs, stringFlag, UsageError } from './args';
import { packageVersion, rendererDir } from './packageRoot';
import type { CliIo } from './io';

/** How long after listening the core loads if no socket has asked for it yet. */
export const CORE_LOAD_DELAY_MS = 250;

async function openInBrowser(url: string): Promise<void> {
  try {
    const [{ spawnChild }, { systemOpener }] = await Promise.all([
      import('../processes/spawn'),
      import('../owner/openInEditor'),
    ]);
    spawnChild(systemOpener(), [url], 'opener', { stdio: 'ignore', detached: true })
      .on('error', () => undefined)
      .unref();
  } catch {
    /* no browser to open: the printed address is enough */
  }
}

export async function runServe(args: string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(args, { values: ['port', 'data-dir'], booleans: ['no-open'] });
  if (parsed.positionals.length > 0) throw new UsageError(`serve takes no operand (got ${parsed.positionals[0]})`);
  const portText = stringFlag(parsed, 'port') ?? '0';
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535)
    throw new UsageError(`--port must be 0…65535, not ${portText}`);
  const dataDir = stringFlag(parsed, 'data-dir') ?? defaultDataDir(io.env);

  // Messages before the core exists (it brings its own log) go to stderr like the core's do.
  let log = (message: string): void => void io.stderr.write(`[paddock] ${message}\n`);
  let core: Core | null = null;
  let coreLoading: Promise<WebApi> | null = null;
  let failed: (code: number) => void = () => undefined;
  let firstScreen = (): FirstScreen | null => null;
  const exitCode = new Promise<number>((resolve) => (failed = resolve));

  const host = await startWebHost({
    port: Number(portText),
    rendererDir: rendererDir(),
    api: () => (coreLoading ??= loadCore()),
    log: (message) => log(message),
    // Once the core is up, the page names the chunks of the screen it opens on.
    firstScreen: () => firstScreen(),
  });

  async function loadCore(): Promise<WebApi> {
    const [{ createCore }, { createApiRouter }, { StoreOpenError }, { setupDone }] = await Promise.all([
      import('../core'),
      import('../api/router'),
      import('../store/database'),
      import('../ownerApi/app'),
    ]);
    try {
      core = await createCore({ dataDir, home: ownerHome(io.env), env: io.env, host: 'web' });
    } catch (error) {
      // The same sentence and exit code as before the page was served: a store that cannot open ends serve.
      io.stderr.write(
        `paddock: ${error instanceof StoreOpenError ? error.message : `the core could not start: ${(error as Error).message}`}\n`,
      );
      failed(1);
      throw error;
    }
    log = core.log;
    core.services.registerOwnPort(host.port);
    const loaded = core;
    firstScreen = () => (setupDone(loaded) ? 'window' : 'setup');
    return {
      router: createApiRouter(core.api, { host: 'web', version: packageVersion() }, core.log),
      subscribe: core.events.subscribe,
    };
  }

  io.stdout.write(`Paddock is running at ${host.url}\n`);
  if (!parsed.flags.has('no-open')) void openInBrowser(host.url);
  const soon = setTimeout(() => void (coreLoading ??= loadCore()).catch(() => undefined), CORE_LOAD_DELAY_MS);

  // Quitting stops every process the agents started (seed 003 §10, item 4): the one shutdown path
  // the Electron host uses too. Ctrl-C or SIGTERM closes the listener, then the core (waited for if
  // it is still loading); serve returns 0.
  const target = {
    async shutdown(): Promise<void> {
      clearTimeout(soon);
      if (coreLoading) await coreLoading.catch(() => undefined);
      await core?.shutdown();
    },
    services: { killAllSync: () => core?.services.killAllSync() },
  };
  const quitSignal = new Promise<number>((resolve) => {
    installShutdown(target, { closeHost: () => host.close(), exit: () => resolve(0), log: (message) => log(message) });
  });
  const code = await Promise.race([quitSignal, exitCode]);
  if (code !== 0) {
    clearTimeout(soon);
    await host.close();
  }
  return code;
}
