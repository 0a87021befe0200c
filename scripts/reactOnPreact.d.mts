// Types of scripts/reactOnPreact.mjs for the configurations and tests that load it.
export interface Alias {
  find: RegExp;
  replacement: string;
}
/** React's entry points as Preact's compat layer provides them. */
export declare const REACT_ON_PREACT: readonly Alias[];
/** For vitest: the packages the window renders with, from their ES module builds, and transformed. */
export declare const TESTS_ON_PREACT: { alias: Alias[]; inline: RegExp[] };
