// The Tailscale route (SPEC §9, seed 003 §12): off by default; when the owner turns it on and
// `tailscale` is on PATH, each started process with a port gets `tailscale serve` in front of its
// own preview listener — its real port, never a guess — and loses it when the process stops.
import { execFileText } from '../processes/spawn';
import { findOnPath as findExecutable } from '../processes/shellPath';

export type RunTailscale = (file: string, args: string[]) => Promise<void>;

export interface TailscaleRoutesDeps {
  /** The owner's switch (Settings → Developer), read on every start. */
  enabled(): boolean;
  /** The real port of the preview listener of agentId's process `name` (opened if need be). */
  previewPort(agentId: string, name: string): Promise<number>;
  /** Where `tailscale` is looked up (default: process.env.PATH). */
  env?: NodeJS.ProcessEnv;
  run?: RunTailscale;
  /** `tailscale status --json`'s output (tests fake it). */
  status?: (file: string) => Promise<string>;
  /** A route that could not be added or removed: said to the owner, never thrown at the supervisor. */
  onError?(message: string): void;
}

export interface TailscaleRoutes {
  onProcessStarted(agentId: string, name: string, port: number | null): Promise<void>;
  onProcessStopped(name: string): Promise<void>;
  /**
   * The process a request that came through one of our routes is for, by its Host
   * (`<this machine's tailnet name>:<route port>`), or null. Such a request is guarded by the tailnet
   * alone (seed 003 §12): it needs no ticket, and it reaches that one process at the root.
   */
  routeFor(host: string | undefined): string | null;
  /** The sentence Settings shows beside the switch: exactly what turning it on exposes. */
  exposure(): string;
}

/** The absolute path of an executable `name` on env's PATH (absolute entries only), or null. */
export function findOnPath(name: string, env: NodeJS.ProcessEnv = process.env): string | null {
  return findExecutable(name, env.PATH ?? '');
}

// argv, no shell: nothing in a process name or port is ever interpreted.
const runFile: RunTailscale = async (file, args) => {
  const result = await execFileText(file, args, 'owner', { timeoutMs: 15_000 });
  if (result.error) throw new Error(result.stderr.trim() || result.error.message);
};

export function tailscaleExposure(): string {
  return (
    'When on, each process an agent starts with a port is published on your tailnet (tailscale serve, not funnel) ' +
    "at https://<this machine's tailnet name>:<that port>, forwarding to that process's own preview listener on " +
    '127.0.0.1; every device on your tailnet can reach that address until the process stops, ' +
    'when the route is removed. Nothing else on this machine is published.'
  );
}

const readStatus = async (file: string): Promise<string> => {
  const result = await execFileText(file, ['status', '--json'], 'owner', {
    timeoutMs: 15_000,
    maxBuffer: 8 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return result.stdout;
};

/** This machine's name on the tailnet (`Self.DNSName`, without the final dot), or null. */
async function tailnetName(binary: string, status: (file: string) => Promise<string>): Promise<string | null> {
  try {
    const parsed = JSON.parse(await status(binary)) as { Self?: { DNSName?: unknown } };
    const name = parsed.Self?.DNSName;
    return typeof name === 'string' && name.length > 0 ? name.replace(/\.$/, '').toLowerCase() : null;
  } catch {
    return null;
  }
}

export function createTailscaleRoutes(deps: TailscaleRoutesDeps): TailscaleRoutes {
  const run = deps.run ?? runFile;
  const status = deps.status ?? readStatus;
  /** Routes this Paddock added: name → https port and the binary that added it. */
  const routes = new Map<string, { port: number; binary: string; host: string | null }>();
  const report = (message: string): void => deps.onError?.(message);

  return {
    async onProcessStarted(agentId, name, port) {
      if (!deps.enabled() || port === null) return;
      if (!Number.isInteger(port) || port < 1 || port > 65_535) return;
      const binary = findOnPath('tailscale', deps.env);
      if (binary === null) return report('Tailscale route not added: `tailscale` is not on PATH.');
      try {
        await run(binary, [
          'serve',
          '--bg',
          `--https=${port}`,
          `http://127.0.0.1:${await deps.previewPort(agentId, name)}`,
        ]);
        routes.set(name, { port, binary, host: await tailnetName(binary, status) });
      } catch (err) {
        report(`Tailscale route for "${name}" on port ${port} was not added: ${(err as Error).message}`);
      }
    },
    async onProcessStopped(name) {
      // Removed even if the switch went off meanwhile: what we added, we take away.
      const route = routes.get(name);
      if (route === undefined) return;
      routes.delete(name);
      try {
        await run(route.binary, ['serve', `--https=${route.port}`, 'off']);
      } catch (err) {
        report(`Tailscale route for "${name}" on port ${route.port} was not removed: ${(err as Error).message}`);
      }
    },
    routeFor(host) {
      if (host === undefined) return null;
      const wanted = host.toLowerCase();
      for (const [name, route] of routes) {
        if (route.host === null) continue;
        if (wanted === `${route.host}:${route.port}` || (route.port === 443 && wanted === route.host)) return name;
      }
      return null;
    },
    exposure: () => tailscaleExposure(),
  };
}
