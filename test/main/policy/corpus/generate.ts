// Generates the command-policy corpus (SPEC §7, seed 003 §5): attacks.jsonl (every line must be
// gated) and allowed.jsonl (table forms that must stay auto), one JSON object a line with
// {workspace, cwd?, mode, command, expect, why}. Workspace paths are placeholders ({{ws}},
// {{home}}, {{outside}}) that corpus.test.ts fills in from the real temp world of layout.ts.
//   Regenerate: npx tsx test/main/policy/corpus/generate.ts
import fs from 'node:fs';
import path from 'node:path';
import { attackLines, WS, type Line } from './attacks';
import { placeLines } from './places';
import { programLines } from './programs';

/** Table forms, each with the spellings seed 003 §5.2 says are read as the flags they are. */
const ALLOWED: [string, string?][] = [
  ['node run.js'], ['node --test'], ['node --test tests'], ['node --test tests/test_x.py'], ['npm test'], ['npm run build'],
  ['npm run lint'], ['npm run typecheck'], ['npm build'], ['npm lint'], ['npm run test:unit'], ['pnpm test'], ['pnpm run build'],
  ['yarn test'], ['yarn run lint'], ['bun test'], ['bun run build'], ['npm test', 'web'], ['npm run build', 'src'],
  ['python scripts/build.py'], ['python3 scripts/build.py'], ['python -m pytest'], ['python3 -m pytest -q tests'],
  ['python -m pytest -x -v -k name tests'], ['python -m pytest --maxfail=2 tests'], ['python -m unittest'],
  ['python -m unittest tests.test_x'], ['python -m mypy src'], ['python -m ruff check src'], ['python -m black --check src'],
  ['python3 -mpytest tests'], ['pytest'], ['pytest -q'], ['pytest -qx tests'], ['pytest -k name tests'], ['pytest -kname tests'],
  ['pytest -p no:cacheprovider tests'], ['pytest --maxfail=1'], ['pytest --maxfail 1 tests'], ['pytest tests/test_x.py'],
  ['go test ./...'], ['go test -v ./...'], ['go test -run TestX ./pkg/...'], ['go test -run=TestX ./...'], ['go build ./...'],
  ['go vet ./...'], ['go fmt ./...'], ['go test ./pkg'], ['go test pkg/...'], ['go test'], ['cargo test'], ['cargo test -v'],
  ['cargo build --release'], ['cargo check'], ['cargo clippy'], ['cargo fmt'], ['cargo test name'], ['cargo test -run x'],
  ['make'], ['make test'], ['make build lint'], ['make test:unit'], ['tsc'], ['tsc --noEmit'], ['tsc -p tsconfig.json'],
  ['tsc --project tsconfig.json'], ['tsc --project=tsconfig.json'], ['tsc --noEmit -p tsconfig.json'], ['tsc src/a.ts'],
  ['vitest'], ['vitest run'], ['vitest run src'], ['vitest run -t name'], ['vitest -t=name'], ['jest'], ['jest run'],
  ['jest -t name src'], ['eslint src'], ['eslint --fix src'], ['eslint --fix src/a.ts'], ['eslint'], ['prettier --check src'],
  ['prettier --write src'], ['prettier --write .'], ['prettier --check src/a.ts b.txt'], ['ruff check'], ['ruff check --fix src'],
  ['ruff format src'], ['ruff --check src'], ['ruff src'], ['black src'], ['black --check .'], ['mypy src'], ['mypy --check src'],
  ['ls'], ['ls -l'], ['ls -la'], ['ls -al src'], ['ls -l -a src'], ['ls src/deep'], ['ls .'], ['ls', 'src'], ['cat b.txt'],
  ['cat b.txt c.txt'], ['cat ./b.txt'], ['cat src/a.ts'], ['cat -- b.txt'], ['cat a.ts', 'src'], ['cat deep/c.ts', 'src'],
  ['cat nonexistent.txt'], ['cat "b.txt"'], ["cat 'b.txt'"], ['cat b"."txt'], ['"cat" b.txt'],
  ['head b.txt'], ['head -n 5 b.txt'], ['head -n5 b.txt'], ['head -c 10 b.txt'], ['head -c10 b.txt'], ['tail -n 2 b.txt'],
  ['tail -n2 b.txt c.txt'], ['tail b.txt'], ['wc b.txt'], ['wc -l b.txt'], ['wc -lcw b.txt'], ['wc -l -w src/a.ts'],
  ['grep x b.txt'], ['grep -n x b.txt'], ['grep -rn x src'], ['grep -r x'], ['grep -r x .'], ['grep -inE "a.b" b.txt'],
  ['grep -F "a b" b.txt'], ['grep -wc x b.txt'], ['grep -l x b.txt c.txt'], ['grep -r --include=*.ts x src'],
  ['grep -r --include *.ts x .'], ['grep -rn "const a" src'], ['grep x b.txt -n'], ['grep -- x b.txt'], ['grep "*" b.txt'],
  ['grep "a.*b" b.txt'], ['grep -r x', 'src'], ['rg x'], ['rg x src'], ['rg -n x src'], ['rg -i x'], ['rg -w -l x src'],
  ['rg -c x src'], ['rg -g *.ts x'], ['rg -g=*.ts x src'], ['rg -g !*.md x'], ['rg -g src/** x'], ['rg -t ts x'], ['rg -tts x'],
  ['rg --no-follow x src'], ['rg "a b" src'], ['rg x', 'web'], ['find'], ['find .'], ['find src'], ['find src -name *.ts'],
  ['find . -iname *.TS -type f'], ['find . -maxdepth 2 -mindepth 1'], ['find src -path src/deep/*'], ['find . -newer b.txt'],
  ['find . -size 1k'], ['find . -not -name *.ts'], ['find . -name a -o -name b'], ['find . -name a -a -type f'], ['find -name x'],
  ['find', 'src'], ['diff b.txt c.txt'], ['diff -u b.txt c.txt'], ['diff src/a.ts src/b.ts'], ['sort b.txt'], ['sort -nru b.txt'],
  ['sort -n -r b.txt c.txt'], ['uniq b.txt'], ['uniq -c b.txt'], ['echo hello'], ['echo hello world'], ['echo "a b" c'],
  ['echo x=y'], ['echo *'], ['echo é'], ['echo 日本語'], ['echo "it\'s"'], ['pwd'], ['pwd', 'src'], ['which node'], ['which npm'],
  ['npx vite'], ['npx vite build'], ['npx vite build --outDir dist'], ['npx vite --outDir=dist'], ['npx vite -o dist'],
  ['npx eslint --fix src'], ['npx vite', 'src'], ['npx webonly', 'web'], ['npx vite', 'web/app'], ['npx vite build --mode=production'],
  ['npx vite -x'], ['npx vite src'], ['go vet pkg'], ['go test pkg/main.go'], ['python -m unittest mymod'],
  ['python -m unittest discover'], ['pytest -p mymod tests'], ['pytest -kp tests'], ['npm ci'], ['npm install'], ['npm ci --ignore-scripts'], ['npm install --offline'], ['pnpm install'],
  ['pnpm install --frozen-lockfile'], ['yarn'], ['yarn install'], ['yarn --immutable'], ['yarn install --frozen-lockfile'],
  ['bun install'], ['bun install --frozen-lockfile'], ['  ls   -la  '], ['grep x b.txt   '],
  // issue 19's readers, in the forms agents issue.
  ['ls -1'], ['ls -1a src'], ['ls -lh'], ['ls -lhtr src'], ['ls -R src'], ['ls -R'], ['ls -laS'], ['ls --color=never'], ['ls -d src'],
  ['sed -n 1,5p b.txt'], ['sed -n 3p b.txt'], ["sed -n '10,20p' src/a.ts"], ['sed -n /const/p src/a.ts'], ['sed -n 1p b.txt c.txt'],
  ['sed -nE /a+/p b.txt'], ['nl b.txt'], ['nl -ba b.txt'], ['tac b.txt'], ['rev b.txt'], ['fold -w 80 b.txt'],
  ['expand -t 4 src/a.ts'], ['cut -d : -f 1 b.txt'], ['cut -d: -f1 b.txt'], ['cut -c 1-10 b.txt'], ['cut -f 1,3 b.txt'],
  ['tr a-z A-Z'], ['tr -d x'], ["tr -s ' '"], ['column -t b.txt'], ['column -t -s : b.txt'], ['paste b.txt c.txt'], ['paste -sd , b.txt'],
  ['join b.txt c.txt'], ['comm -12 b.txt c.txt'], ['sort -k 2 b.txt'], ['sort -t : -k 2,2n b.txt'], ['sort -h b.txt'],
  ['file b.txt'], ['file src/a.ts b.txt'], ['file --mime-type b.txt'], ['stat b.txt'], ['stat -c %s b.txt'], ['du'], ['du -sh src'],
  ['du -h -d 1'], ['du -a'], ['tree'], ['tree -L 2'], ['tree -L 2 src'], ['tree -a -I node_modules'], ['realpath b.txt'], ['realpath src/a.ts'],
  ['basename src/a.ts'], ['basename src/a.ts .ts'], ['dirname src/deep/c.ts'], ['cmp b.txt c.txt'], ['cmp -s b.txt c.txt'],
  ['md5sum b.txt'], ['sha1sum b.txt'], ['sha256sum b.txt c.txt'], ['xxd b.txt'], ['xxd -l 64 b.txt'], ['od -c b.txt'], ['od -A x -t x1z b.txt'],
  ['hexdump -C b.txt'], ['strings b.txt'], ['strings -n 8 b.txt'], ['jq . data.json'], ['jq -r .name data.json'], ['jq keys data.json'],
  ['jq -c .a data.json'], ['jq length data.json'], ['date'], ['date -u'], ['date +%Y-%m-%d'], ['date -u +%s'], ['pwd -P'], ['true'], ['false'],
  ['printf x'], ['printf %s hello'], ['echo -n hi'], ['ls -1', 'src'], ['sed -n 1p a.ts', 'src'], ['jq keys a.ts', 'src'],
];

function allowedLines(): Line[] {
  const lines: Line[] = ALLOWED.map(([command, cwd]) => ({
    workspace: WS,
    ...(cwd === undefined ? {} : { cwd }),
    mode: 'run' as const,
    command,
    expect: 'auto' as const,
    why: 'a form the run list table names',
  }));
  // The same forms with the workspace at HOME and the command below the deny-listed places.
  for (const command of ['ls', 'cat b.txt', 'grep -r x', 'rg x', 'find . -name x', 'prettier --check src', 'eslint --fix', 'npm test', 'du -sh', 'tree', 'ls -R', 'sed -n 1p b.txt', 'jq . data.json']) {
    lines.push({ workspace: '{{home}}', cwd: 'ws', mode: 'run', command, expect: 'auto', why: 'a table form below the deny list, with the workspace at HOME' });
  }
  return lines;
}

export function generateCorpus(): { attacks: Line[]; allowed: Line[] } {
  const seen = new Set<string>();
  const attacks: Line[] = [];
  for (const line of [...attackLines(), ...placeLines(), ...programLines()]) {
    const key = `${line.workspace}\u0000${line.cwd ?? ''}\u0000${line.mode}\u0000${line.command}`;
    if (seen.has(key)) continue;
    seen.add(key);
    attacks.push(line);
  }
  return { attacks, allowed: allowedLines() };
}

export const CORPUS_DIR = __dirname;

export function toJsonl(lines: readonly Line[]): string {
  return lines.map((line) => JSON.stringify(line)).join('\n') + '\n';
}

/** Writes both files; the test checks the committed files are what this produces. */
export function writeCorpus(dir = CORPUS_DIR): { attacks: number; allowed: number } {
  const { attacks, allowed } = generateCorpus();
  fs.writeFileSync(path.join(dir, 'attacks.jsonl'), toJsonl(attacks));
  fs.writeFileSync(path.join(dir, 'allowed.jsonl'), toJsonl(allowed));
  return { attacks: attacks.length, allowed: allowed.length };
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const counts = writeCorpus();
  console.log(`corpus: ${counts.attacks} attacks, ${counts.allowed} allowed`);
}
