// Types of scripts/natives.mjs for the tests that load it.
export interface NativesTarget {
  kind: 'node' | 'electron';
  key: string;
  version?: string;
}
export type NativesOutcome = Record<string, 'in place' | 'from cache' | 'rebuilt'>;
export declare const NATIVES: string[];
export declare function nodeTarget(): NativesTarget;
export declare function electronTarget(root: string): NativesTarget;
export declare function ensureNatives(options: {
  root: string;
  target: NativesTarget;
  modules?: string[];
  identify: (name: string) => string | null;
  rebuild: (target: NativesTarget, names: string[]) => boolean;
  log?: (message: string) => void;
}): NativesOutcome;
export declare function loads(name: string, runtime?: string, env?: NodeJS.ProcessEnv): boolean;
export declare function rebuildWith(root: string): (target: NativesTarget, names: string[]) => boolean;
