// Types of scripts/fuses.mjs for the tests that load it.
import type { FuseConfig } from '@electron/fuses';

export declare const FUSES: Record<
  | 'RunAsNode'
  | 'EnableCookieEncryption'
  | 'EnableNodeOptionsEnvironmentVariable'
  | 'EnableNodeCliInspectArguments'
  | 'EnableEmbeddedAsarIntegrityValidation'
  | 'OnlyLoadAppFromAsar'
  | 'LoadBrowserProcessSpecificV8Snapshot'
  | 'GrantFileProtocolExtraPrivileges',
  boolean
>;
export declare function fuseConfig(options?: { resetAdHocDarwinSignature?: boolean }): FuseConfig;
export declare function electronBinaryIn(context: unknown): string;
export declare function fuseMismatches(binary: string): Promise<string[]>;
export declare function flipAndVerifyFuses(context: unknown): Promise<void>;
