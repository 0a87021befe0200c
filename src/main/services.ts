// The long-lived services around the tools: the process supervisor, the owner's terminals, the
// preview listeners and their Tailscale routes. Built by the core; each stops in shutdown().
import path from 'node:path';
import type { Db } from './store/database';
import type { EventBus } from './events';
import { Supervisor } from './processes/supervisor';
import { TerminalSessions } from './processes/pty';
import { startPreviewServer } from './preview/server';
import { createTailscaleRoutes, tailscaleExposure } from './preview/tailscale';
import { findBridgeTools, PreviewBridges } from './sandbox/bridge';
import { createOwnServices } from './sandbox/ownServices';
import { scanListeningFamilies } from './preview/procListeners';
import type { GroupLedger } from './processes/ledger';

export interface ServiceOptions {
  db: Db;
  ledger?: GroupLedger;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  events: EventBus;
  tailscaleEnabled(): boolean;
  log(message: string): void;
}

export async function startServices(options: ServiceOptions) {
  const supervisor = new Supervisor({ db: options.db, dataDir: options.dataDir, ledger: options.ledger });
  // Rows whose process is gone (or whose pid now names a stranger) are stale and never signalled.
  const reconciled = await supervisor.reconcileAtStart();
  if (reconciled.stopped > 0)
    options.log(`stopped ${reconciled.stopped} process(es) left running by an earlier Paddock`);

  const bridges = new PreviewBridges({ dataDir: options.dataDir, tools: findBridgeTools() });
  // The agent's own started processes, reached from its later contained commands through the same inward bridges.
  const ownServices = createOwnServices({
    running: () => supervisor.list(),
    socketFor: (owner, holder, port, family) => bridges.socketFor(owner, holder, port, family),
    listening: (pid) => scanListeningFamilies('/proc', pid),
    dir: path.join(options.dataDir, 'sandbox', 'own'),
  });
  const ownPorts: number[] = [];
  let tailscale: ReturnType<typeof createTailscaleRoutes> | null = null;
  const preview = await startPreviewServer({
    lookup: supervisor,
    ownPorts: () => ownPorts,
    tailnetRoute: (host) => tailscale?.routeFor(host) ?? null,
    bridge: (ownerPid, holderPid, port, host) => bridges.reach(ownerPid, holderPid, port, host === '::1' ? 'v6' : 'v4'),
  });
  tailscale = createTailscaleRoutes({
    enabled: options.tailscaleEnabled,
    previewPort: (agentId, name) => preview.portFor(agentId, name),
    env: options.env,
    onError: (message) => options.log(`tailscale: ${message}`),
  });
  const routes = tailscale;
  supervisor.onEvent((event) => {
    if (event.type === 'started') void routes.onProcessStarted(event.agentId, event.name, event.port);
    else {
      void routes.onProcessStopped(event.name);
      void bridges.closeFor(event.pid);
    }
    options.events.emit({ type: 'processes.changed' });
  });

  const terminals = new TerminalSessions();
  terminals.onData((terminalId, data) => options.events.emit({ type: 'terminal.data', terminalId, data }));
  terminals.onExit((terminalId, exitCode) => options.events.emit({ type: 'terminal.exit', terminalId, exitCode }));

  return {
    supervisor,
    terminals,
    preview,
    ownServices,
    tailscaleStatement: (): string => tailscaleExposure(),
    /** The window's own listener: the preview refuses to proxy to it. */
    registerOwnPort(port: number): void {
      ownPorts.push(port);
    },
    async stop(): Promise<void> {
      await supervisor.stopAll();
      await terminals.closeAll();
      await bridges.closeAll();
      await preview.close();
    },
    /** Process 'exit': nothing asynchronous can run any more. */
    killAllSync(): void {
      supervisor.killAllSync();
      terminals.killAllSync();
    },
  };
}

export type Services = Awaited<ReturnType<typeof startServices>>;
