// The window's view of the core: one object per contract domain, one method per call, named as the
// call is (`cards.answer` is `api.cards.answer`). The router dispatches a checked call to its
// method; the compiler refuses a domain or a method that is missing or misspelt. A method takes
// what the window sent (as its schema parsed it) and the host's capabilities, and returns the
// call's response. The methods are built in src/main/ownerApi/<domain>.ts from the core's services:
// every rule lives there. A refusal the owner reads is a CoreRefusal, returned as its code and sentence.
import type { z } from 'zod';
import type { CallName, DirectoryPurpose, requestSchemas, ResponseOf } from '../../shared/ipc';

/** What the window sent for a call, as its schema parsed it. */
export type RequestFor<K extends CallName> = z.output<(typeof requestSchemas)[K]>;

/** The contract's domains: the part of each call's name before its dot (`cards` of `cards.answer`). */
export type Domain = CallName extends infer K ? (K extends `${infer D}.${string}` ? D : never) : never;

export type RefusalCode = 'refused' | 'not-found' | 'conflict' | 'unsupported' | 'bad-request';

/** A refusal the core throws on purpose: it reaches the window as its code and sentence. */
export class CoreRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
  }
}

/** What only the host has, handed to every method by the router. */
export interface HostCapabilities {
  host: 'electron' | 'web';
  version: string;
  /**
   * Electron: the system folder dialog, titled for what the folder is for. The web host has none:
   * the owner types a path, completed as it is typed.
   */
  pickDirectory?: (purpose?: DirectoryPurpose) => Promise<string | null>;
  /** Electron: the preview in its own view with its own session, so its cookie is first-party (SPEC §9). */
  previewView?: {
    show(
      key: string,
      ticketUrl: () => Promise<string>,
      bounds: { x: number; y: number; width: number; height: number },
    ): void;
    hide(): void;
  };
  /** Electron: the dock or taskbar badge shows how many things need the owner. */
  setBadgeCount?: (count: number) => void;
}

/** The method behind one call. */
export type CallMethod<K extends CallName> = (
  request: RequestFor<K>,
  host: HostCapabilities,
) => ResponseOf<K> | Promise<ResponseOf<K>>;

/** One domain's methods: `DomainApi<'cards'>` is `{ list, answer }`, each typed by its call. */
export type DomainApi<D extends Domain> = {
  [K in CallName as K extends `${D}.${infer Verb}` ? Verb : never]: CallMethod<K>;
};

export type CoreApi = { readonly [D in Domain]: DomainApi<D> };
