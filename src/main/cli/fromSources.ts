// The command line from the TypeScript sources, for the tests that run it as a real process
// (`node --import tsx src/main/cli/fromSources.ts …`): they prove the code as it is now, not a
// build that may be older. People and the package run the built CLI through bin/paddock.js.
import { main } from './index';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`paddock: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
