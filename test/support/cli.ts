// The `paddock` command line as a real child process, from the sources (src/main/cli/fromSources.ts
// through tsx, a devDependency), so a stale build can never answer for the code under test.
import path from 'node:path';

const ENTRY = path.resolve(__dirname, '..', '..', 'src', 'main', 'cli', 'fromSources.ts');

/** [program, argv] for `paddock <args…>`. */
export function paddockCli(args: string[]): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', ENTRY, ...args]];
}
