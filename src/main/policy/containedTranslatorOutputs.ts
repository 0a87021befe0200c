// What compilers, translators and the JVM write through operands and options the output flags'
// table cannot say (policy/containedOutputs.ts): the second operand of `cpp IN OUT`, `pod2text IN
// OUT` and docutils' `rst2html IN OUT`; the linker's map through gcc; `objcopy --dump-section`;
// java's `-Xlog`, `-Xloggc` and `-XX:…File=`; zig's `-femit-…=`; maven's `-Dmaven.repo.local=`;
// `gio copy|move|save`; `cargo vendor DIR`; LLVM's split-file. Each is handed to the caller as a write over the place it names.

/** Hands a written place to the caller: its text, whether it is a tree, and how it is written. */
type Add = (text: string | undefined, recursive: boolean, how: string) => void;

/** Translators that read their first operand and write their second (`cpp IN OUT`, `pod2text IN OUT`). */
const IN_OUT =
  /^(cpp|pod2text|pod2man|pod2html|pod2markdown|pod2usage|docutils|rst2(html5?|man|latex|xetex|xml|pseudoxml|odt|s5)(\.py)?)$/;
/** cpp's options that take the next word as their value. */
const CPP_VALUED = /^-(I|D|U|include|imacros|iquote|isystem|idirafter|iprefix|isysroot|o|MF|MT|MQ|x|std|A)$/;

/** Each place these write, handed to `add`; `operandsAfter` gives the operands past valued flags. */
export function translatorOutputs(
  program: string,
  argv: readonly string[],
  operandsAfter: (takesValue: RegExp) => number[],
  add: Add,
): void {
  // The second operand of a translator that reads IN and writes OUT (`cpp IN OUT`, `pod2text IN OUT`,
  // docutils' `rst2html IN OUT`).
  if (IN_OUT.test(program)) {
    const valued = program === 'cpp' ? CPP_VALUED : /^-(-outfile|output|-infile)$/;
    add(argv[operandsAfter(valued)[1] ?? -1], false, 'writes its output over it:');
  }
  // The linker's map through gcc (`-Wl,-Map=F`, `-Wl,-Map,F`, `-Xlinker -Map=F`).
  if (/^(gcc|g\+\+|cc|c\+\+|clang|clang\+\+)$/.test(program))
    argv.forEach((w, i) => {
      const items = w.startsWith('-Wl,') ? w.slice(4).split(',') : argv[i - 1] === '-Xlinker' ? [w] : [];
      items.forEach((item, k) => {
        const map = /^--?Map=(.+)$/.exec(item)?.[1] ?? (/^--?Map$/.test(item) ? items[k + 1] : undefined);
        if (map !== undefined) add(map, false, "the linker's map writes over it:");
      });
    });
  // objcopy --dump-section NAME=FILE writes the section's bytes over FILE.
  if (program === 'objcopy' || program === 'llvm-objcopy')
    argv.forEach((w, i) => {
      const value = w === '--dump-section' ? argv[i + 1] : w.startsWith('--dump-section=') ? w.slice(15) : undefined;
      if (value?.includes('=')) add(value.slice(value.indexOf('=') + 1), false, '--dump-section writes over it:');
    });
  // java's logs, dumps and class archives, each written where its -X option says.
  if (program === 'java')
    for (const w of argv) {
      const file =
        /^-XX:(?:SharedArchiveFile|ArchiveClassesAtExit|HeapDumpPath|ErrorFile|LogFile)=(.+)$/.exec(w)?.[1] ??
        /^-Xloggc:(.+)$/.exec(w)?.[1] ??
        /^-Xlog:[^:]*:(?:file=)?([^:]+)/.exec(w)?.[1];
      if (file !== undefined && !/^(stdout|stderr)$/.test(file))
        add(file, false, `${w.split(/[:=]/)[0]} writes over it:`);
    }
  // zig's -femit-KIND=PATH, maven's local repository (-Dmaven.repo.local=DIR): written over, or into.
  for (const w of argv) {
    const emitted = /^-femit-[\w-]+=(.+)$/.exec(w)?.[1];
    if (emitted !== undefined && program === 'zig') add(emitted, false, `${w.split('=')[0]} writes over it:`);
    const repo = /^-Dmaven\.repo\.local=(.+)$/.exec(w)?.[1];
    if (repo !== undefined && (program === 'mvn' || program === 'mvnw' || program === './mvnw'))
      add(repo, true, 'maven writes its repository into it:');
  }
  // python3 -m trace --file F writes its counts over F; cmake -E tar cf F packs over F.
  if (/^python[\d.]*$/.test(program) && argv[1] === '-m' && argv[2] === 'trace')
    argv.forEach((w, i) => {
      if (w === '--file' || w === '-f') add(argv[i + 1], false, 'trace --file writes over it:');
      else if (w.startsWith('--file=')) add(w.slice(7), false, 'trace --file writes over it:');
    });
  if (program === 'cmake' && argv[1] === '-E' && argv[2] === 'tar' && /c/.test(argv[3] ?? ''))
    add(argv[4], false, 'cmake -E tar writes the archive over it:');
  // gio copy|move SRC… DEST and gio save DEST write DEST (a folder: what lands in it).
  if (program === 'gio' && /^(copy|move|save)$/.test(argv[1] ?? '')) {
    const rest = argv.slice(2).filter((w) => !w.startsWith('-'));
    add(rest[rest.length - 1], true, `gio ${argv[1]} writes over it:`);
  }
  // cargo vendor DIR (vendor/ by default) replaces the folder; LLVM's split-file INPUT DIR writes
  // under DIR the files its input names.
  if (program === 'cargo' && argv[1] === 'vendor')
    add(argv.slice(2).find((w) => !w.startsWith('-')) ?? 'vendor', true, 'cargo vendor replaces it:');
  if (/^split-file(-\d+)?$/.test(program))
    add(argv.slice(1).filter((w) => w === '-' || !w.startsWith('-'))[1], true, 'split-file writes under it:');
}
