// The one door from the window into the core. Both hosts pass every call through here: the name
// must be in the contract, the payload must satisfy its schema, the sender must be trusted, and
// whatever happens inside comes back as a Result, never as a thrown error. A checked call goes to
// the method of its name (`cards.answer` → api.cards.answer).
import { z } from 'zod';
import { fail, ok, requestSchemas, type CallName, type RequestOf, type Result } from '../../shared/ipc';
import { CoreRefusal, type CoreApi, type HostCapabilities } from './coreApi';

export interface Sender {
  /** Decided by the host: the app's own window (Electron) or an authenticated socket (web). */
  trusted: boolean;
  describe: string;
}

export type Logger = (message: string) => void;

function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(requestSchemas, name);
}

type AnyMethod = (request: unknown, host: HostCapabilities) => unknown;

/** The method named by a contract call: its domain's object, then the verb after the dot. */
function methodOf(api: CoreApi, name: CallName): AnyMethod {
  const dot = name.indexOf('.');
  const domain = api[name.slice(0, dot) as keyof CoreApi] as unknown as Record<string, AnyMethod>;
  return domain[name.slice(dot + 1)] as AnyMethod;
}

export function createApiRouter(api: CoreApi, host: HostCapabilities, log: Logger) {
  return async function handle(name: unknown, payload: unknown, sender: Sender): Promise<Result<unknown>> {
    if (!sender.trusted) {
      log(`refused a call from an untrusted sender (${sender.describe})`);
      return fail('untrusted-sender', 'refused: this call did not come from Paddock’s own window');
    }
    if (!isCallName(name)) {
      // String(name) would run a sender's own toString (or throw on one): only a string is quoted back.
      const shown = typeof name === 'string' ? JSON.stringify(name).slice(0, 80) : `of type ${typeof name}`;
      log(`refused an unknown call ${shown}`);
      return fail('unknown-call', `refused: there is no call named ${shown}`);
    }
    const parsed = requestSchemas[name].safeParse(payload ?? {});
    if (!parsed.success) {
      log(`refused malformed ${name}: ${parsed.error.message}`);
      return fail('bad-request', `refused: ${name} was sent malformed arguments: ${z.prettifyError(parsed.error)}`);
    }
    try {
      return ok(await methodOf(api, name)(parsed.data, host));
    } catch (error) {
      if (error instanceof CoreRefusal) return fail(error.code, error.message);
      log(`${name} failed: ${(error as Error).stack ?? String(error)}`);
      return fail('internal', `${name} failed: ${(error as Error).message}`);
    }
  };
}

export type ApiRouter = ReturnType<typeof createApiRouter>;
export type { RequestOf };
