// Toolchains installed by version managers work contained (issue 31 §4): rustup's proxies in
// ~/.cargo/bin run a toolchain under ~/.rustup, asdf's and pyenv's shims read the version the
// owner chose in the home, mise's shims are links to its binary in ~/.local/bin; nvm, volta, bun
// and deno keep everything under their own root. Each layout here is a real one in miniature (real
// shell scripts that exec what the manager would), in a temp HOME, run by the real run tool in the
// real sandbox. Their roots are bound read-only; a credentials file in them never is; and a program
// the sandbox cannot show fails before it starts with a sentence that says so.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadShellGrammar } from '../../../src/main/policy/shellGrammar';
import type { ToolResult } from '../../../src/shared/domain';
import { buildTestCore } from '../../support/testCore';
import { createTempDirs } from '../../support/tempDirs';
import { sandboxStatus } from '../../support/sandbox';
import { launcherFailure } from '../../../src/main/sandbox/containment';

const temp = createTempDirs();
afterEach(() => temp.cleanup());
// The core loads the grammar in the background; shell forms are cards until it has.
beforeAll(() => loadShellGrammar());

const TOKEN = 'cio-SECRET-cargo-token';

function script(file: string, body: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
}

/** The layouts, as each manager leaves them in a home; returns the PATH entries a login shell would have. */
function layouts(home: string): string[] {
  const h = (rel: string) => path.join(home, rel);
  // rustup: ~/.cargo/bin/cargo is a proxy that runs the default toolchain's cargo under ~/.rustup.
  fs.mkdirSync(h('.rustup'), { recursive: true });
  fs.writeFileSync(h('.rustup/settings.toml'), 'default_toolchain = "stable-x86_64-unknown-linux-gnu"\n');
  script(
    h('.cargo/bin/cargo'),
    'tc=$(sed -n \'s/^default_toolchain = "\\(.*\\)"$/\\1/p\' "$HOME/.rustup/settings.toml")\nexec "$HOME/.rustup/toolchains/$tc/bin/cargo" "$@"',
  );
  script(
    h('.rustup/toolchains/stable-x86_64-unknown-linux-gnu/bin/cargo'),
    'echo "cargo of the stable toolchain: $*"\ncat "$HOME/.cargo/credentials.toml" "$HOME/.cargo/credentials" 2>&1\nexit 0',
  );
  fs.writeFileSync(h('.cargo/credentials.toml'), `[registry]\ntoken = "${TOKEN}"\n`);
  fs.writeFileSync(h('.cargo/credentials'), `[registry]\ntoken = "${TOKEN}"\n`);
  // asdf: a shim reads the global ~/.tool-versions and execs that install.
  fs.writeFileSync(h('.tool-versions'), 'nodejs 20.11.0\n');
  script(
    h('.asdf/shims/fakeasdf'),
    'v=$(sed -n \'s/^nodejs //p\' "$HOME/.tool-versions")\nexec "$HOME/.asdf/installs/nodejs/$v/bin/fakeasdf" "$@"',
  );
  script(h('.asdf/installs/nodejs/20.11.0/bin/fakeasdf'), 'echo "asdf nodejs 20.11.0"');
  // pyenv: a shim reads ~/.pyenv/version.
  script(h('.pyenv/shims/fakepy'), 'exec "$HOME/.pyenv/versions/$(cat "$HOME/.pyenv/version")/bin/fakepy" "$@"');
  script(h('.pyenv/versions/3.12.1/bin/fakepy'), 'echo "pyenv python 3.12.1"');
  fs.writeFileSync(h('.pyenv/version'), '3.12.1\n');
  // mise: every shim is a link to the mise binary (here in ~/.local/bin), which runs the install.
  script(h('.local/bin/mise'), 'exec "$HOME/.local/share/mise/installs/node/20/bin/$(basename "$0")" "$@"');
  script(h('.local/share/mise/installs/node/20/bin/fakemise'), 'echo "mise node 20"');
  fs.mkdirSync(h('.local/share/mise/shims'), { recursive: true });
  fs.symlinkSync(h('.local/bin/mise'), h('.local/share/mise/shims/fakemise'));
  // nvm, volta, bun, deno: everything under their root.
  script(h('.nvm/versions/node/v20.11.0/bin/fakenvm'), 'echo "nvm node v20.11.0"');
  script(h('.volta/bin/fakevolta'), 'exec "$HOME/.volta/tools/image/node/20.11.0/bin/fakevolta"');
  script(h('.volta/tools/image/node/20.11.0/bin/fakevolta'), 'echo "volta node 20.11.0"');
  script(h('.bun/bin/fakebun'), 'echo "bun 1.1"');
  script(h('.deno/bin/fakedeno'), 'echo "deno 1.44"');
  // A program in ~/.local/bin (pipx's place; never bound: code there runs as the owner later): the sandbox cannot show it.
  script(h('.local/bin/hometool'), 'echo "should not run"');
  return [
    '.cargo/bin',
    '.asdf/shims',
    '.pyenv/shims',
    '.local/share/mise/shims',
    '.nvm/versions/node/v20.11.0/bin',
    '.volta/bin',
    '.bun/bin',
    '.deno/bin',
    '.local/bin',
  ].map(h);
}

describe.skipIf(!sandboxStatus().available)('toolchains of version managers, contained', () => {
  it('run from their shims, their roots read-only, no credentials file readable, and a hidden program says why', async () => {
    const root = temp.make();
    const { core, home } = await buildTestCore(root);
    try {
      const [agent] = core.agents.list();
      const entries = layouts(home);
      const ws = path.join(root, 'project');
      fs.mkdirSync(ws, { recursive: true });
      core.workspaces.set({
        agentId: agent!.id,
        directory: fs.realpathSync(ws),
        capturedPath: [...entries, '/usr/bin', '/bin'].join(':'),
        gitBinary: null,
      });
      core.agents.update(agent!.id, { mode: 'run' });

      const run = async (command: string): Promise<ToolResult> => {
        const conversation = core.conversations.create(agent!.id, 'toolchains');
        const request = `owner-${conversation.id}`;
        const end = core.ownerRequests.open(request, conversation.id);
        const result = await core.dispatcher.dispatch(
          {
            callId: `c-${Math.random().toString(36).slice(2)}`,
            agentId: agent!.id,
            conversationId: conversation.id,
            ownerRequestId: request,
            delegationDepth: 0,
            tool: 'run',
            args: { command },
            askOwner: (draft) => ({
              card: { ...draft, id: 'x', createdAt: '' },
              outcome: Promise.resolve({ decision: 'approve' as const }),
            }),
          },
          new AbortController().signal,
        );
        end();
        return result;
      };
      const text = (result: ToolResult): string => (result.ok ? (result.text ?? '') : result.error);

      const cargo = text(await run('cargo test --quiet'));
      expect(cargo).toContain('exit code 0');
      expect(cargo).toContain('cargo of the stable toolchain: test --quiet');
      expect(cargo).not.toContain(TOKEN);
      for (const [command, says] of [
        ['fakeasdf', 'asdf nodejs 20.11.0'],
        ['fakepy', 'pyenv python 3.12.1'],
        ['fakemise', 'mise node 20'],
        ['fakenvm', 'nvm node v20.11.0'],
        ['fakevolta', 'volta node 20.11.0'],
        ['fakebun', 'bun 1.1'],
        ['fakedeno', 'deno 1.44'],
      ]) {
        const out = text(await run(command!));
        expect(out, command).toContain('exit code 0');
        expect(out, command).toContain(says);
      }
      // The same through sh (a shell form), and nothing in those roots is writable.
      const piped = text(await run('cargo build 2>&1 | head -1 && touch ~/.cargo/bin/planted'));
      expect(piped).toContain('cargo of the stable toolchain: build');
      expect(fs.existsSync(path.join(home, '.cargo/bin/planted'))).toBe(false);

      // A program the sandbox cannot show: refused before it starts, with the reason.
      const hidden = await run('hometool');
      expect(hidden.ok).toBe(false);
      expect(text(hidden)).toMatch(/hometool.*the sandbox does not show/);
      // In a shell form sh inside says "not found"; the result says why.
      const inShell = text(await run('hometool 2>&1 | head -1; exit 127'));
      expect(inShell).toContain('hometool: not found');
      expect(inShell).toMatch(
        /`hometool` is \S+\/\.local\/bin\/hometool, which the sandbox does not show: inside, only/,
      );
    } finally {
      await core.shutdown();
    }
  }, 120_000);
});

describe('a contained command bubblewrap could not start', () => {
  it('says so in a sentence, only for bubblewrap’s own error', () => {
    expect(launcherFailure(1, 'bwrap: execvp /x/y: No such file or directory\n')).toBe(
      'The sandbox could not start the command (bubblewrap: execvp /x/y: No such file or directory); nothing of it ran.',
    );
    expect(launcherFailure(1, 'error: tests failed\n')).toBeNull();
    expect(launcherFailure(0, 'bwrap: something\n')).toBeNull();
  });
});
