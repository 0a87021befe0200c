// The workspace the contained-mode corpus runs in: the policy fixture plus what contained mode
// decides on — secrets files (ignored and not), a .gitignore with an ignored tree and build output,
// a file over the checkpoint's size cap, a program and a script of the project's, links in and out.
import fs from 'node:fs';
import path from 'node:path';
import { makeWorkspace, type Fixture } from '../fixtures';

/** Placeholders a corpus command may hold: the workspace, a directory outside it, the owner's home. */
export interface Places {
  ws: string;
  out: string;
  home: string;
}

export function fillPlaceholders(command: string, places: Places): string {
  return command.replaceAll('{WS}', places.ws).replaceAll('{OUT}', places.out).replaceAll('{HOME}', places.home);
}

export function makeContainedWorkspace(): Fixture & { places: Places } {
  const fx = makeWorkspace();
  const ws = fx.paths.workspace;
  const files: Record<string, string> = {
    '.gitignore':
      '.env\n.env.local\n*.log\nlocal-data/\ndist/\ntarget/\ncoverage/\n__pycache__/\nnode_modules/\n.venv/\nsecrets/\n',
    '.env': 'API_KEY=sk-live-123\n',
    '.env.local': 'TOKEN=abc\n',
    '.env.example': 'API_KEY=\n',
    '.npmrc': '//registry.npmjs.org/:_authToken=npm_secret\n',
    '.pypirc': '[pypi]\npassword = x\n',
    '.netrc': 'machine example.com login a password b\n',
    'server.pem': '-----BEGIN PRIVATE KEY-----\n',
    'keys/deploy.key': 'key\n',
    'credentials.json': '{"secret":1}\n',
    'config/service-account.json': '{"type":"service_account","private_key":"x"}\n',
    'config/.aws/credentials': '[default]\n',
    'secrets/token.txt': 'tok\n',
    'local-data/db.sqlite': 'rows\n',
    'local-data/cache/x.bin': 'x\n',
    'local-data/gen.go': 'package gen\n',
    'src/main.go': 'package main\n',
    'debug.log': 'log line\n',
    'dist/bundle.js': 'bundle\n',
    'target/debug/app': 'bin\n',
    'coverage/lcov.info': 'lcov\n',
    'src/__pycache__/a.cpython-312.pyc': 'pyc\n',
    'scripts/check.sh': '#!/bin/sh\necho ok\n',
    'scripts/gen.py': 'print("gen")\n',
    '.venv/bin/uvicorn': '#!/bin/sh\n',
    '.venv/pyvenv.cfg': 'home = /usr/bin\n',
    '.venv/bin/activate': 'VIRTUAL_ENV=x\n',
    'fakevenv/bin/activate': 'echo not a venv\n',
    'node_modules/.bin/tsc': '#!/bin/sh\n',
    'web/node_modules/.bin/vite': '#!/bin/sh\n',
    'README.md': '# readme\n',
    // Patches: of a tracked file, of an ignored one, of a place outside, into .git.
    'changes.patch': '--- a/README.md\n+++ b/README.md\n@@ -1 +1 @@\n-# readme\n+# read me\n',
    'loss.patch': '--- a/debug.log\n+++ b/debug.log\n@@ -1 +1 @@\n-log line\n+x\n',
    'out.patch': '--- ../escape.txt\n+++ ../escape.txt\n@@ -0,0 +1 @@\n+x\n',
    'link.patch':
      'diff --git a/up b/up\nnew file mode 120000\n--- /dev/null\n+++ b/up\n@@ -0,0 +1 @@\n+/etc\n\\ No newline at end of file\n',
    'hook.patch':
      'diff --git a/.git/hooks/pre-commit b/.git/hooks/pre-commit\nnew file mode 100755\n--- /dev/null\n+++ b/.git/hooks/pre-commit\n@@ -0,0 +1 @@\n+echo hi\n',
    '.envrc': 'export TOKEN=x\n',
    // C and assembler sources: one including the .env, one including by a macro, one harmless.
    'csrc/p.c': '#include "../.env"\n',
    'csrc/m.c': '#define F "../.e" "nv"\n#include F\n',
    'csrc/b.s': '.incbin "../.env"\n',
    'csrc/ok.c': '#include <stdio.h>\n#include "ok.h"\nint main(void) { return 0; }\n',
    'csrc/ok.h': '#define OK 1\n',
    'csrc/r.rs': 'fn main() { let s: () = include_str!("../.env"); }\n',
    'csrc/main.rs': 'mod inner;\nfn main() {}\n',
    'csrc/inner.rs': 'pub const S: &str = include_str!("../.env");\n',
    'csrc/ok.rs': 'fn main() {}\n',
    // A built program and an object file, binary, whose bytes may hold anything: not read as sources.
    'csrc/app.bin': '\u007fELF\u0000\u0000\n#include "../.env"\n',
    'csrc/lib.o': '\u007fELF\u0000\n#include F\n',
    '.git/HEAD': 'ref: refs/heads/main\n',
  };
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), content);
  }
  fs.chmodSync(path.join(ws, 'scripts/check.sh'), 0o755);
  // Over the checkpoint's 10 MiB cap, tracked (not ignored), sparse so it costs nothing.
  const big = path.join(ws, 'assets/video.bin');
  fs.mkdirSync(path.dirname(big), { recursive: true });
  fs.writeFileSync(big, '');
  fs.truncateSync(big, 11 * 1024 * 1024);
  // A C source over the 16 MiB this rule reads of one (what it includes cannot be told).
  fs.writeFileSync(path.join(ws, 'csrc/big.c'), '');
  fs.truncateSync(path.join(ws, 'csrc/big.c'), 17 * 1024 * 1024);
  // A link inside pointing outside, a directory link pointing outside, and one pointing inside.
  const out = path.join(fx.root, 'outside');
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'data.txt'), 'outside\n');
  fs.symlinkSync(out, path.join(ws, 'outdir'));
  fs.symlinkSync('src', path.join(ws, 'srclink'));
  fs.symlinkSync('src/deep', path.join(ws, 'deeplink'));
  return { ...fx, places: { ws, out, home: fx.paths.home } };
}
