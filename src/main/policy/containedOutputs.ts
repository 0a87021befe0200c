// What a program writes over through its output flags (`sort -o FILE`, `gcc -MF FILE`) and the
// operands they give a meaning (`uniq IN OUT`, `tar -cf FILE`, a compressor's `-f`, `cmake -E copy`):
// each a loss judged as any is (policy/containedEffects.ts), a value outside the workspace a card.
import fs from 'node:fs';
import path from 'node:path';
import { indicesWhere } from './arrays';
import { destinationFlags, type Loss } from './containedChanges';
import type { FileView } from './containedFiles';
import { card, insideOrCard, type Where } from './containedJudging';
import { wordTable } from '../../shared/wordTable';
import { translatorOutputs } from './containedTranslatorOutputs';

/** Flags whose value is a file the program writes over. */
const OUTPUT_FLAGS: Readonly<Record<string, readonly string[]>> = wordTable({
  strace: ['-o', '--output'],
  ltrace: ['-o', '--output'],
  perf: ['-o', '--output'],
  valgrind: [
    '--log-file',
    '--xml-file',
    '--callgrind-out-file',
    '--massif-out-file',
    '--cachegrind-out-file',
    '--dhat-out-file',
  ],
  fakeroot: ['-s'],
  time: ['-o', '--output'],
  sort: ['-o', '--output'],
  // Linters' reports.
  eslint: ['-o', '--output-file', '--cache-location'],
  prettier: ['--cache-location'],
  stylelint: ['-o', '--output-file', '--cache-location'],
  // Build and test tools' reports, caches and build information, each written over.
  tsc: ['--tsBuildInfoFile', '--outFile', '--out', '--outDir', '--declarationDir'],
  javac: ['-d', '-h', '-s', '-Xstdout'],
  ctest: ['--output-log', '-O', '--output-junit'],
  msgcat: ['-o', '--output-file'],
  msguniq: ['-o', '--output-file'],
  msgmerge: ['-o', '--output-file'],
  msgconv: ['-o', '--output-file'],
  msgfilter: ['-o', '--output-file'],
  msggrep: ['-o', '--output-file'],
  msginit: ['-o', '--output-file'],
  msgen: ['-o', '--output-file'],
  msgcomm: ['-o', '--output-file'],
  xgettext: ['-o', '--output', '-p', '--output-dir'],
  esbuild: ['--outfile', '--outdir', '--metafile'],
  xmllint: ['--output'],
  pytest: ['--junitxml', '--junit-xml', '--resultlog', '--report-log', '--debug', '--log-file'],
  jest: ['--outputFile'],
  vitest: ['--outputFile'],
  coverage: ['--data-file', '-o'],
  ruff: ['-o', '--output-file'],
  flake8: ['--output-file'],
  pylint: ['--output'],
  shuf: ['-o', '--output'],
  sdiff: ['-o', '--output'],
  zstd: ['-o'],
  as: ['-o'],
  ld: ['-o', '-Map', '--Map', '--output'],
  strip: ['-o'],
  curl: ['-o', '--output'],
  // wget -o and -a write its log.
  wget: ['-O', '--output-document', '-o', '--output-file', '-a', '--append-output'],
  tar: ['--index-file', '--listed-incremental', '-g'],
  git: ['--output'],
  openssl: ['-out', '-keyout', '-writerand'],
  gpg: ['-o', '--output'],
  msgfmt: ['-o', '--output-file'],
  iconv: ['-o', '--output'],
  pandoc: ['-o', '--output'],
  gcc: ['-o', '--output', '-MF', '-aux-info'],
  'g++': ['-o', '--output', '-MF', '-aux-info'],
  cc: ['-o', '--output', '-MF', '-aux-info'],
  clang: ['-o', '--output', '-MF'],
  'clang++': ['-o', '--output', '-MF'],
  cpp: ['-o', '-MF'],
  lesskey: ['-o', '--output'],
  pip: ['--log'],
  pip3: ['--log'],
  pod2usage: ['-output'],
  pod2html: ['--outfile'],
  rustc: ['-o'],
  zip: ['-O', '--output-file'],
  // node's profiles, reports and test reports, each written where its flag says.
  node: [
    '--cpu-prof-dir',
    '--cpu-prof-name',
    '--heap-prof-dir',
    '--heap-prof-name',
    '--diagnostic-dir',
    '--report-directory',
    '--report-filename',
    '--test-reporter-destination',
    '--redirect-warnings',
    '--prof-process',
    '--trace-event-file-pattern',
    '--logfile',
  ],
  lz4: ['-o'],
  // Other toolchains' output, build and cache folders, each written into.
  dotnet: ['-o', '--output'],
  deno: ['-o', '--output'],
  bun: ['--outfile', '--outdir'],
  swift: ['--build-path', '--scratch-path', '--cache-path'],
  gradle: ['-g', '--gradle-user-home', '--project-cache-dir'],
  zig: ['--prefix', '-p', '--cache-dir', '--global-cache-dir'],
});

/** Each compressor's own suffix. */
const COMPRESSED: Readonly<Record<string, string>> = wordTable({
  gzip: '.gz',
  pigz: '.gz',
  bzip2: '.bz2',
  xz: '.xz',
  lzma: '.lzma',
  zstd: '.zst',
  lzip: '.lz',
  lz4: '.lz4',
});

/** `^-[a-zA-Z]*X$` per option letter X (`-uo` ends with -o), compiled once. */
const clusters = new Map<string, RegExp>();

function lastInCluster(letter: string): RegExp {
  let known = clusters.get(letter);
  if (known === undefined) {
    known = new RegExp(`^-[a-zA-Z]*${letter.replace(/[^\w]/g, '\\$&')}$`);
    clusters.set(letter, known);
  }
  return known;
}

/**
 * What a program writes over or deletes through its flags and the operands they give a meaning
 * (`sort -o FILE`, `uniq IN OUT`, `tar -cf FILE`, `tar --remove-files`, `zip -m`, `venv --clear`):
 * judged as any loss is. A value outside the workspace is a card.
 */
export function outputTargets(program: string, argv: readonly string[], view: FileView, where: Where): Loss[] {
  const out: Loss[] = [];
  const add = (text: string | undefined, recursive: boolean, how: string): void => {
    if (text === undefined || text === '' || text === '-' || text === '/dev/null') return;
    const place = insideOrCard(view, text, where, `${program}'s output ${text}`);
    // The workspace itself emptied (`cargo clean --target-dir .`, `python3 -m venv --clear .`).
    if (recursive && place.kind === 'inside' && place.rel === '')
      card(
        'irreversible-loss',
        `${program} ${how.replace(/:$/, '')} — ${text} is the workspace itself, whose .git and ignored files no checkpoint holds`,
      );
    out.push({ place, recursive, how });
  };
  for (const flag of OUTPUT_FLAGS[program] ?? []) {
    const short = flag.length === 2 && !flag.startsWith('--') ? lastInCluster(flag[1]!) : null;
    argv.forEach((w, i) => {
      if (i === 0) return;
      // `-o F`, `-uo F` (last in a cluster), `--output=F`, `-oF`.
      if (w === flag || short?.test(w)) add(argv[i + 1], false, `${flag} overwrites it:`);
      else if (w.startsWith(`${flag}=`)) add(w.slice(flag.length + 1), false, `${flag} overwrites it:`);
      else if (short && w.startsWith(flag) && w.length > 2) add(w.slice(2), false, `${flag} overwrites it:`);
    });
  }
  // vitest's report per reporter (`--outputFile.junit=x.xml`); pytest empties its --basetemp folder.
  if (program === 'vitest')
    for (const w of argv)
      if (/^--outputFile\.[\w-]+=/.test(w)) add(w.slice(w.indexOf('=') + 1), false, 'writes its report over it:');
  if (program === 'pytest' || program === 'py.test')
    argv.forEach((w, i) => {
      if (w === '--basetemp') add(argv[i + 1], true, '--basetemp empties it:');
      else if (w.startsWith('--basetemp=')) add(w.slice('--basetemp='.length), true, '--basetemp empties it:');
    });
  const operands = indicesWhere(argv, (w, i) => i > 0 && !w.startsWith('-'));
  // Operands once the values of flags that take one are left out (`uniq -f 1 IN OUT`).
  const operandsAfter = (takesValue: RegExp): number[] =>
    indicesWhere(argv, (w, i) => i > 0 && !w.startsWith('-') && !takesValue.test(argv[i - 1] ?? ''));
  if (program === 'uniq') add(argv[operandsAfter(/^-[fsw]$/)[1] ?? -1], false, 'writes its output over it:');
  if (program === 'xxd')
    add(argv[operandsAfter(/^-(c|g|l|o|s|cols|len|seek|groupsize)$/)[1] ?? -1], false, 'writes its output over it:');
  // git checkout-index --prefix=DIR, --work-tree=DIR (git's option): what git writes lands under DIR;
  // git merge-file writes its first file (unless -p), git mailinfo its two.
  if (program === 'git') {
    for (const w of argv) {
      if (w.startsWith('--prefix=') && argv.includes('checkout-index'))
        add(w.slice(9), true, 'checkout-index writes under it:');
      if (w.startsWith('--work-tree=')) add(w.slice(12), true, 'git writes its files under it:');
    }
    const at = argv.indexOf('--work-tree');
    if (at > 0) add(argv[at + 1], true, 'git writes its files under it:');
    const sub = argv.findIndex((w, i) => i > 0 && !w.startsWith('-') && argv[i - 1] !== '--work-tree');
    const rest = sub < 0 ? [] : argv.slice(sub + 1).filter((w) => !w.startsWith('-'));
    if (argv[sub] === 'merge-file' && !argv.some((w) => w === '-p' || w === '--stdout'))
      add(rest[0], false, 'merge-file writes the merge over it:');
    if (argv[sub] === 'mailinfo') for (const f of rest.slice(0, 2)) add(f, false, 'mailinfo writes over it:');
  }
  // git archive -o FILE (and -oFILE), git bundle create FILE, git format-patch -o DIR.
  if (program === 'git') {
    const sub = argv.findIndex((w, i) => i > 0 && !w.startsWith('-'));
    const words = sub < 0 ? [] : argv.slice(sub + 1);
    if (argv[sub] === 'archive' || argv[sub] === 'format-patch')
      words.forEach((w, i) => {
        if (w === '-o' || (argv[sub] === 'format-patch' && w === '--output-directory'))
          add(words[i + 1], argv[sub] === 'format-patch', `${argv[sub]} ${w} writes over it:`);
        else if (/^-o./.test(w)) add(w.slice(2), false, `${argv[sub]} -o writes over it:`);
        else if (w.startsWith('--output-directory=')) add(w.slice(19), true, 'format-patch writes into it:');
      });
    if (argv[sub] === 'bundle' && words[0] === 'create')
      add(
        words.slice(1).find((w) => !w.startsWith('-')),
        false,
        'bundle create writes over it:',
      );
  }
  if (program === 'find')
    argv.forEach((w, i) => {
      if (/^-(fprint0?|fprintf|fls)$/.test(w)) add(argv[i + 1], false, `${w} writes over it:`);
    });
  if (program === 'sqlite3' || program === 'sqlite') {
    const [db, ...statements] = operands;
    const changes = /\b(delete|drop|update|insert|replace|alter|create|vacuum|truncate|pragma)\b/i;
    if (statements.some((i) => changes.test(argv[i]!))) add(argv[db ?? -1], false, 'changes the database:');
  }
  const inplace = argv.some((w, i) => w === '--include=inplace' || (w === '-i' && argv[i + 1] === 'inplace'));
  if ((program === 'gawk' || program === 'awk') && inplace)
    for (const i of operandsAfter(/^-(i|f|v)$/).slice(1)) add(argv[i], false, '-i inplace edits it in place:');
  // split and csplit write pieces named from a prefix: judged as writes into the prefix's folder.
  if (program === 'split' || program === 'csplit') {
    const prefixFlag = argv.findIndex((w) => w === '-f' || w === '--prefix');
    const prefix =
      program === 'csplit'
        ? prefixFlag > 0
          ? argv[prefixFlag + 1]
          : argv.find((w) => w.startsWith('--prefix='))?.slice('--prefix='.length)
        : argv[
            operandsAfter(
              /^-([abdlnCt]|-(bytes|lines|number|suffix-length|additional-suffix|line-bytes|separator))$/,
            )[1] ?? -1
          ];
    if (prefix !== undefined) {
      // Each piece is the prefix and a suffix: what is there already under such a name is written over.
      const dir = path.posix.dirname(prefix);
      const base = path.posix.basename(prefix);
      const folder = insideOrCard(view, dir, where, `${program}'s prefix ${prefix}`);
      let names: string[] = [];
      try {
        names = folder.kind === 'inside' ? fs.readdirSync(folder.abs) : [];
      } catch {
        names = [];
      }
      for (const name of names) if (name.startsWith(base)) add(`${dir}/${name}`, false, 'writes a piece over it:');
    }
  }
  // rsync --delete (and its kin) deletes from the destination what the source lacks: judged as the destination's tree.
  if (program === 'rsync' && argv.some((w) => /^--(delete|del$|delete-(before|during|delay|after|excluded)$)/.test(w)))
    add(argv[operands[operands.length - 1] ?? -1], true, '--delete deletes in it:');
  if (program === 'rsync' && argv.includes('--remove-source-files'))
    for (const i of operands.slice(0, -1)) add(argv[i], true, '--remove-source-files deletes it:');
  // cp, mv, install, ln with -t FOLDER: each source lands in it under its own name.
  if (['cp', 'mv', 'install', 'ln'].includes(program)) {
    let folder: string | undefined;
    argv.forEach((w, i) => {
      if (w.startsWith('--target-directory=')) folder = w.slice('--target-directory='.length);
      else if (w === '--target-directory' || /^-[a-zA-Z]*t$/.test(w)) folder = argv[i + 1];
    });
    if (folder !== undefined)
      for (const i of operands)
        if (argv[i] !== folder) add(`${folder}/${path.posix.basename(argv[i]!)}`, false, '-t overwrites it:');
  }
  // Copied or moved into a folder that is there, each source lands in it under its own name
  // (`cp FILE DIR`, `mv DIR DIR2`), judged as written over (a folder as a tree); a folder's contents
  // (`cp -a SRC/. DEST`, rsync's `SRC/ DEST`) land under each entry's own name.
  const copies = ['cp', 'rsync', 'mv', 'install', 'ln'].includes(program);
  // -t names the folder (judged above); -T makes the last operand the landing itself, contents and all
  // (rsync's -t keeps times).
  const { target, noTarget } = destinationFlags(program, argv);
  const intoFolder = copies && operands.length > 1 && !target;
  const destPlace = intoFolder ? view.place(argv[operands[operands.length - 1]!]!, where.cwd) : null;
  if (destPlace?.kind === 'inside' && destPlace.stat?.isDirectory()) {
    const dest = argv[operands[operands.length - 1]!]!;
    for (const i of operands.slice(0, -1)) {
      const source = argv[i]!;
      const contents = noTarget || /(^|\/)\.\/?$/.test(source) || (program === 'rsync' && source.endsWith('/'));
      if (!contents) {
        const name = path.posix.basename(source.replace(/\/+$/, ''));
        if (name !== '' && name !== '..') add(`${dest.replace(/\/+$/, '')}/${name}`, true, 'lands over it:');
        continue;
      }
      const from = insideOrCard(view, source, where, `${program}'s source ${source}`);
      let names: string[] = [];
      try {
        names = from.kind === 'inside' && from.stat?.isDirectory() ? fs.readdirSync(from.abs) : [];
      } catch {
        names = [];
      }
      for (const name of names) add(`${dest.replace(/\/+$/, '')}/${name}`, true, 'copies over it:');
    }
  }
  if ((program === 'python' || program === 'python3') && argv[1] === '-m') {
    const rest = operands.filter((i) => i > 2);
    if (argv[2] === 'venv' && argv.includes('--clear'))
      for (const i of rest) add(argv[i], true, '-m venv --clear empties it:');
    if (argv[2] === 'json.tool') {
      const files = operandsAfter(/^--indent$/).filter((i) => i > 2);
      add(argv[files[1] ?? -1], false, '-m json.tool writes its output over it:');
    }
    if (argv[2] === 'zipapp')
      argv.forEach((w, i) => {
        if (w === '-o' || w === '--output') add(argv[i + 1], false, '-m zipapp -o writes the archive over it:');
        else if (w.startsWith('--output=')) add(w.slice(9), false, '-m zipapp -o writes the archive over it:');
      });
    if (argv[2] === 'cProfile' || argv[2] === 'profile')
      argv.forEach((w, i) => {
        if (w === '-o' || w === '--outfile') add(argv[i + 1], false, `-m ${argv[2]} -o writes its profile over it:`);
      });
    if ((argv[2] === 'zipfile' || argv[2] === 'tarfile') && argv.some((w) => w === '-c' || w === '--create'))
      add(argv[rest[0] ?? -1], false, `-m ${argv[2]} -c writes the archive over it:`);
  }
  if (program === 'tar') {
    const cluster = argv[1] !== undefined && !argv[1].startsWith('-') ? 1 : -1;
    const creates =
      (cluster === 1 && /[cruA]/.test(argv[1]!)) ||
      argv.some((w) => /^-[a-zA-Z]*[cruA]/.test(w) || /^--(create|append|update|concatenate|catenate|delete)$/.test(w));
    // The archive: --file=X, -f X, the word after a cluster holding f (`-cf X`, `cf X`), or attached (`-fX`, `-cfX`).
    let archive = -1;
    let archiveText: string | undefined;
    argv.forEach((w, i) => {
      if (w.startsWith('--file=')) [archive, archiveText] = [i, w.slice('--file='.length)];
      else if (w === '--file' || (i === cluster && w.includes('f')) || /^-[a-zA-Z]*f$/.test(w))
        [archive, archiveText] = [i + 1, argv[i + 1]];
      else if (/^-[a-zA-Z]*f./.test(w)) [archive, archiveText] = [i, w.slice(w.indexOf('f') + 1)];
    });
    if (creates) add(archiveText, false, 'writes the archive over it:');
    if (argv.includes('--remove-files'))
      for (const i of operands) if (i !== archive && i !== cluster) add(argv[i], true, '--remove-files deletes it:');
  }
  // jar c|u with f writes its archive (the word after the mode, or --file); ar's r, q, d, m and s rewrite theirs.
  if (program === 'jar') {
    if (/^-?[cu][a-zA-Z0-9]*f/.test(argv[1] ?? '')) add(argv[2], false, 'writes the archive over it:');
    argv.forEach((w, i) => {
      if (w === '--file') add(argv[i + 1], false, 'writes the archive over it:');
      else if (w.startsWith('--file=')) add(w.slice(7), false, 'writes the archive over it:');
    });
  }
  if (program === 'ar' && /^-?[a-zA-Z]*[rqdms]/.test(argv[1] ?? ''))
    add(argv[operands.find((i) => i > 1) ?? -1], false, 'rewrites the archive:');
  // rustc --emit=KIND=PATH; node --snapshot-blob PATH --build-snapshot.
  if (program === 'rustc')
    argv.forEach((w, i) => {
      const emit = w.startsWith('--emit=') ? w.slice(7) : w === '--emit' ? (argv[i + 1] ?? '') : '';
      for (const part of emit.split(','))
        if (part.includes('=')) add(part.slice(part.indexOf('=') + 1), false, '--emit writes over it:');
    });
  if (program === 'node' && argv.includes('--build-snapshot'))
    argv.forEach((w, i) => {
      if (w === '--snapshot-blob') add(argv[i + 1], false, '--snapshot-blob writes over it:');
      else if (w.startsWith('--snapshot-blob=')) add(w.slice(16), false, '--snapshot-blob writes over it:');
    });
  translatorOutputs(program, argv, operandsAfter, add);
  // cargo's target folder: written into, and emptied by cargo clean.
  if (program === 'cargo') {
    const clean = argv.includes('clean');
    argv.forEach((w, i) => {
      const value = w === '--target-dir' ? argv[i + 1] : w.startsWith('--target-dir=') ? w.slice(13) : undefined;
      if (value !== undefined) add(value, clean, clean ? 'cargo clean deletes it:' : '--target-dir writes into it:');
    });
  }
  // lz4 IN OUT, objcopy IN OUT (one operand: rewritten in place), strip's operands in place.
  if (program === 'lz4' || program === 'lz4c') add(argv[operands[1] ?? -1], false, 'writes its output over it:');
  if (program === 'objcopy' || program === 'strip') {
    const files = operandsAfter(
      /^-([jRKNLGWIOBbi]|-(only-section|remove-section|keep-symbol|strip-symbol|input-target|output-target|target))$/,
    );
    if (program === 'objcopy' && files.length >= 2) add(argv[files[1]!], false, 'writes its output over it:');
    else
      for (const i of program === 'objcopy' ? files.slice(0, 1) : files) add(argv[i], false, 'rewrites it in place:');
  }
  // A compressor given -f writes each output name over what is there: NAME plus its suffix, or
  // NAME less one when decompressing. Over a folder (-r), or under the name its header stores (-N),
  // the names are not read here: judged as a tree written over.
  const compressor =
    program === 'python3' || program === 'python' ? (argv[1] === '-m' && argv[2] === 'gzip' ? 'gzip' : '') : program;
  if (/^(gzip|gunzip|bzip2|bunzip2|xz|unxz|lzma|unlzma|zstd|unzstd|pigz|unpigz|lzip|lz4)$/.test(compressor)) {
    const words = compressor === program ? argv.slice(1) : argv.slice(3);
    const letters = words.filter((w) => /^-[a-zA-Z0-9]+$/.test(w)).join('');
    const python = compressor !== program;
    const force = python || letters.includes('f') || words.includes('--force');
    const toOutput = letters.includes('c') || words.some((w) => /^--(stdout|to-stdout)$/.test(w));
    const decompress =
      /^(gunzip|bunzip2|unxz|unlzma|unzstd|unpigz)$/.test(compressor) ||
      letters.includes('d') ||
      words.some((w) => /^--(decompress|uncompress)$/.test(w));
    const suffixAt = words.findIndex((w) => w === '-S' || w === '--suffix');
    const given = suffixAt >= 0 ? words[suffixAt + 1] : words.find((w) => w.startsWith('--suffix='))?.slice(9);
    const files = words.filter((w, k) => !w.startsWith('-') && !/^(-S|--suffix)$/.test(words[k - 1] ?? ''));
    if (force && !toOutput)
      for (const name of files) {
        if (letters.includes('r') || words.includes('--recursive'))
          add(name, true, 'writes what it finds in the folder over the names there (not read here):');
        else if (decompress && (letters.includes('N') || words.includes('--name')))
          add(path.posix.dirname(name), true, 'writes under the name the header stores, somewhere in the folder:');
        else if (decompress) {
          const suffix = [
            given,
            '.gz',
            '.z',
            '.Z',
            '-gz',
            '.tgz',
            '.bz2',
            '.tbz2',
            '.xz',
            '.txz',
            '.lzma',
            '.zst',
            '.lz',
            '.lz4',
          ].find((s) => s !== undefined && name.endsWith(s));
          add(suffix ? name.slice(0, -suffix.length) : name, false, 'writes what it decompresses over it:');
        } else add(`${name}${given ?? COMPRESSED[compressor] ?? '.gz'}`, false, 'writes what it compresses over it:');
      }
  }
  // cmake -E: its file commands, each judged as the program it stands for.
  if (program === 'cmake' && argv[1] === '-E') {
    const [command, ...files] = argv.slice(2).filter((w) => !w.startsWith('-'));
    if (/^(rm|remove|remove_directory)$/.test(command ?? ''))
      for (const f of files) add(f, true, `-E ${command} deletes it:`);
    if (command === 'tar' && /x/.test(files[0] ?? ''))
      card(
        'irreversible-loss',
        'cmake -E tar x writes the files its archive names, which may overwrite ones no checkpoint holds',
      );
    if (command === 'create_symlink' || command === 'create_hardlink')
      card('shell-construct', `cmake -E ${command} makes a link, which this rule reads only as ln`);
    if (/^(copy|copy_if_different|copy_directory|copy_directory_if_different|rename)$/.test(command ?? ''))
      add(files[files.length - 1], true, `-E ${command} writes over it:`);
    if (command === 'rename') add(files[0], true, '-E rename moves it:');
  }
  if (program === 'zip') {
    const [archive, ...files] = operands;
    add(argv[archive ?? -1], false, 'rewrites the archive:');
    if (argv.some((w) => w === '--move' || /^-[a-zA-Z]*m/.test(w)))
      for (const i of files) add(argv[i], true, '-m deletes what it zips:');
  }
  return out;
}
