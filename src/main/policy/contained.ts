// Run mode when the command runs in the sandbox: the card follows what containment cannot make safe,
// not the spelling. The command is read by the bash grammar into simple commands of literal words
// (shellForm.ts), and each is judged, in every directory it may run in, by these rules in order —
// each a stable code and one sentence, the same sentence the model gets when the owner says no:
// - shell-construct: something the grammar cannot reduce to literal words, or a program that runs
//   others (xargs, sh -c, find -exec) or keeps running (use start);
// - sandbox-cannot-give: a daemon, a display, root, a host service;
// - environment-override: a `NAME=value` that changes what the program loads or runs;
// - danger: the destroyers commandDanger names (danger.ts);
// - place-outside: a path operand, a flag's value, a redirect target or the cwd outside the workspace
//   (absolute, `..`, `~`, a link); inside is fine however it is spelled;
// - needs-network: a host the agent has not been allowed;
// - irreversible-loss: deleting or overwriting what no checkpoint holds (ignored files, over the cap);
// - shows-secret: printing a secrets file inside the workspace to the model.
// Anything else runs contained without a card.
import path from 'node:path';
import { isGitComponent } from '../workspace/gitName';
import { pathSession } from '../workspace/resolve';
import { commandDanger } from './danger';
import { FileView, type Place } from './containedFiles';
import { gitConfigProblem, gitGrepPatterns, gitPrintsContent } from './containedGit';
import { gitSubcommand, networkNeed, urlHost } from './containedNetwork';
import {
  INLINE_CODE_FLAGS,
  NAMES_FROM_FILE,
  NAMES_ONLY,
  OPERANDS_AS_TEXT,
  PATH_LISTS,
  PATTERN_FIRST,
  RUNS_OTHERS,
  SANDBOX_CANNOT,
  SHELLS,
  overrideReason,
} from './containedPrograms';
import { isSecretPath, mentionsSecret } from './secretFiles';
import { isAlwaysCardPath } from '../workspace/alwaysCard';
import { INTERPRETERS } from './shellConstructs';
import { plainAsShForm, type ShellCommand } from './shellForm';
import { readCommand, type CommandReading } from './commandReading';
import { resolveCommandCwd } from './paths';
import type { GateCode } from './types';
import { searchFilter } from './searchFilters';
import { linksChange, lossTargets, outputTargets, writtenOnly } from './containedChanges';
import {
  card,
  Card,
  insideOrCard,
  outside,
  programName,
  SYSTEM_BIN,
  unwrap,
  type ContainedContext,
  type Where,
} from './containedJudging';
import { judgeDeletes, judgeFindExec, judgeXargs } from './containedLists';
import { readFind } from './fileLists';
import { codeOpensNames, inlineCodeProblem } from './inlineCode';
import {
  inlineCodeFlag,
  nonPathOperands,
  pathTexts,
  printsNamesOnly,
  RECURSIVE_READERS,
  scriptProblem,
  sqliteProblem,
} from './containedOperands';
import { asShGives, inlineScript, judgeScript, loopRuns } from './containedShells';

export type { ContainedContext } from './containedJudging';

export interface ContainedPart {
  text: string;
  /** The part whose rule decided the card. */
  decides: boolean;
}

export type ContainedDecision = (
  | { tier: 'auto'; code: 'contained' }
  | {
      tier: 'gated';
      code: GateCode;
      /** needs-network: the domains to offer allowing, when the rule can name them. */ domains?: readonly string[];
    }
) & {
  reason: string;
  /** Each simple command as written, in order (the card shows one per line). */
  parts: ContainedPart[];
  /** sh would run exactly the lexer's argv (shellForm.ts `plainAsSh`), read from the same parse. */
  plain?: boolean;
};

const DEFAULT_CAP = 10 * 1024 * 1024;

/** Programs whose every operand is a file or folder they create (or change): touch, mkdir, tee. */
const CREATES: ReadonlySet<string> = new Set(['touch', 'mkdir', 'tee', 'mkfifo', 'truncate']);

/** Programs commandDanger judges as destroyers here (its operands-outside rule is place-outside's). */
const DANGER_PROGRAMS = /^(rm|rmdir|shred|unlink|dd|truncate|wipefs|srm|git|find|mkfs(\..+)?)$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1', '0.0.0.0']);

/** Programs that open no file their words name. */
const TEXT_ONLY = new Set([
  'echo',
  'printf',
  'true',
  'false',
  ':',
  'sleep',
  'seq',
  'yes',
  'expr',
  'basename',
  'dirname',
]);

function judgeCommand(
  cmd: ShellCommand,
  where: Where,
  view: FileView,
  ctx: ContainedContext,
  connector: string,
  last = true,
  depth = 0,
): void {
  const judged = unwrap(cmd);
  const { argv, words } = judged;
  // `env` with nothing to run prints the sandbox's own environment.
  if (argv.length === 0 && programName(cmd.words[0]!.value) !== 'env')
    card('shell-construct', 'the command runs nothing after its wrapper');
  if (argv.length === 0) return;
  const argv0 = argv[0];
  const program = programName(argv0!);
  // Variables that change what the program loads.
  for (const a of judged.assignments) {
    const why = overrideReason(a.name, a.value.value);
    if (why) card('environment-override', why);
    if (a.value.tilde) outside(`${a.name}=${a.value.value}`, '`~` names a home directory');
    if (PATH_LISTS.has(a.name)) {
      for (const entry of a.value.value.split(':')) {
        if (entry !== '') insideOrCard(view, entry, where, `${a.name}'s entry ${entry}`);
      }
    }
  }
  // A virtualenv's activation runs the project's own code in this shell, as its bin/ programs do.
  if (program === 'source' || program === '.') {
    if (judged.assignments.length > 0 || cmd.redirects.length > 0 || argv.length !== 2)
      card('shell-construct', `\`${program}\` runs a file as shell code in this shell`);
    const place = insideOrCard(view, argv[1]!, where, `the script ${argv[1]}`);
    if (place.kind !== 'inside' || !view.isVirtualenvActivate(place))
      card(
        'shell-construct',
        `\`${program}\` runs a file as shell code in this shell; only a virtualenv's bin/activate is read, and ${argv[1]} is not one`,
      );
    return;
  }
  // A script from a file (sed -f, awk -f) is code this rule does not read.
  if (
    (program === 'sed' || /^(awk|gawk|mawk|nawk)$/.test(program)) &&
    argv.some((w) => /^-[a-zA-Z]*f/.test(w) || w.startsWith('--file'))
  )
    card('shell-construct', `${program} -f runs a script from a file, which this rule does not read`);
  // What the program is: a construct that runs others, a service the sandbox cannot give.
  // (Asked only its version or help, it runs nothing.)
  const onlyAsksVersion = argv.length === 2 && /^(--version|-V|--help|-h)$/.test(argv[1]!);
  if (RUNS_OTHERS[program] && !onlyAsksVersion) card('shell-construct', RUNS_OTHERS[program]);
  if (SANDBOX_CANNOT[program]) card('sandbox-cannot-give', `${program} ${SANDBOX_CANNOT[program]}`);
  if (program === 'docker' || program.startsWith('docker-'))
    card('sandbox-cannot-give', `${program} needs the Docker daemon, which the sandbox does not reach`);
  if (SHELLS.has(program)) {
    const script = inlineScript(program, words, connector, cmd.redirects);
    if (script !== null) {
      judgeScript(script, where, view, ctx, last, depth, (inner, cwd, innerLast, innerDepth) => {
        const { cwds } = directories(inner, cwd, view, { index: -1 });
        judgeList(inner, cwds, view, ctx, innerLast, innerDepth);
      });
      // What is left of the command is its redirects and assignments, judged as for any program.
      judgeCommand(
        { ...cmd, words: [{ value: 'true', parts: [{ text: 'true', quoted: false }], glob: false, tilde: false }] },
        where,
        view,
        ctx,
        connector,
        last,
        depth,
      );
      return;
    }
    const flag = argv.slice(1).find((w) => /^-[a-zA-Z]*[ci]/.test(w) || w === '--init-file' || w === '--rcfile');
    if (flag)
      card(
        'shell-construct',
        `${program} ${flag} runs a string or an interactive shell as code this rule does not read`,
      );
  }
  if (program === 'find') {
    const exec = argv.find((w) => ['-exec', '-execdir', '-ok', '-okdir'].includes(w));
    if (exec) {
      judgeFindExec(judged, cmd, where, view, ctx, connector, last, depth, judgeCommand);
      return;
    }
  }
  if (program === 'env' || program === 'timeout' || program === 'nice')
    card('shell-construct', `${program} wraps a command this rule could not read`);
  listedFilesAndLoaders(program, argv, view, where);
  if (program === 'sqlite3' || program === 'sqlite') {
    const fromInput =
      connector === '|' || cmd.redirects.some((r) => (r.kind === 'file' && r.op === '<') || r.kind === 'heredoc');
    const why = sqliteProblem(argv, fromInput);
    if (why) card('shell-construct', why);
  }
  // An interpreter given no script reads its code from standard input: a pipe or a redirect.
  if (INTERPRETERS.has(program)) {
    const operands = argv.slice(1).filter((w) => !w.startsWith('-'));
    const fromInput =
      connector === '|' || cmd.redirects.some((r) => (r.kind === 'file' && r.op === '<') || r.kind === 'heredoc');
    if (
      fromInput &&
      (operands.length === 0 || operands[0] === '-') &&
      !Object.values(INLINE_CODE_FLAGS)
        .flat()
        .some((f) => argv.includes(f))
    ) {
      card('shell-construct', `${program} reads code from its standard input here, which this rule does not read`);
    }
  }
  // find -name … -delete deletes what its names keep: judged by what no checkpoint holds among them.
  const findDeletes = program === 'find' && argv.includes('-delete') ? readFind(argv) : null;
  if (findDeletes?.ok && findDeletes.list.filter) {
    judgeDeletes(findDeletes.list, 'find -delete', where, view);
  } else if (DANGER_PROGRAMS.test(program) && (program !== 'find' || argv.includes('-delete'))) {
    // The destroyers stay danger cards.
    const danger = commandDanger([program, ...argv.slice(1)], {
      workspace: view.workspace,
      cwd: where.cwd,
      home: ctx.paths.home,
    });
    if (danger && !/is outside the workspace/.test(danger)) card('danger', danger);
  }
  // Programs by path: in a directory of the workspace (the project's own; a virtualenv's python is a
  // link to the base interpreter, which the sandbox runs as it runs any program), or a system binary.
  if (argv0!.includes('/') && !SYSTEM_BIN.test(argv0!)) {
    const slash = argv0!.lastIndexOf('/');
    insideOrCard(view, slash === 0 ? '/' : argv0!.slice(0, slash), where, `the program ${argv0}`);
    if (argv0!.endsWith('/..') || argv0!.endsWith('/.') || argv0 === '..')
      outside(`the program ${argv0}`, 'it is a directory above');
  }
  const { patterns, code, values } = nonPathOperands(program, argv);
  if (program === 'git') {
    for (const i of gitGrepPatterns(argv)) patterns.add(i);
    gitConfigProblem(argv);
  }
  // bash reads the name after printf -v and test -v as a variable, and runs what an array subscript in it holds.
  const namesVariable =
    program === 'printf'
      ? argv.slice(1).find((w) => /^-[vR]/.test(w))
      : program === 'test' || program === '['
        ? argv.slice(1).find((w) => /^-[vR]$/.test(w))
        : undefined;
  if (namesVariable)
    card('shell-construct', `${program} ${namesVariable} reads a name as a variable, which bash evaluates`);
  // echo, printf and true open nothing: their words are text (a redirect of theirs is still judged).
  const textOnly = TEXT_ONLY.has(program) || (program === 'command' && /^-[vV]$/.test(argv[1] ?? ''));
  // Every word that may name a place: inside, or a card. Globs are expanded as sh will.
  const places: { word: string; place: Place; index: number }[] = [];
  // `ln -s TARGET… LINK`: a target is read from the link's directory, not from here.
  const linkTargets = new Map<number, string>();
  if (
    program === 'ln' &&
    argv.some((w) => /^-[a-zA-Z]*s/.test(w) || w === '--symbolic') &&
    !argv.some((w) => /^-[a-zA-Z]*[tT]/.test(w) || w.startsWith('--target'))
  ) {
    const operands = argv.flatMap((w, k) => (k > 0 && !w.startsWith('-') ? [k] : []));
    const link = operands.length > 1 ? view.place(argv[operands[operands.length - 1]!]!, where.cwd) : null;
    if (link?.kind === 'inside') {
      const linkDir = link.stat?.isDirectory() ? link.abs : path.posix.dirname(link.abs);
      for (const k of operands.slice(0, -1))
        if (!words[k]!.glob && !words[k]!.tilde)
          linkTargets.set(k, argv[k]!.startsWith('/') ? argv[k]! : `${linkDir}/${argv[k]}`);
    }
  }
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (patterns.has(i) || (textOnly && !word!.glob && !word!.tilde)) continue;
    const fromLink = linkTargets.get(i);
    if (fromLink !== undefined) {
      const target = view.place(fromLink, where.cwd);
      if (target.kind === 'outside')
        outside(`the link target ${word!.value}`, `read from the link's directory, ${target.reason}`);
      places.push({ word: word!.value, place: target, index: i });
      continue;
    }
    if (code.has(i)) {
      const runs =
        scriptProblem(program, word!.value, argv) ??
        (INLINE_CODE_FLAGS[program] ? inlineCodeProblem(program, word!.value) : null);
      if (runs) card('shell-construct', runs);
      // A name the code opens, written whole, is judged as any operand: outside is a card.
      if (INLINE_CODE_FLAGS[program])
        for (const name of codeOpensNames(word!.value))
          insideOrCard(view, name, where, `the file ${name} the code opens`);
      const named = mentionsSecret(word!.value);
      if (named)
        card('shows-secret', `${program}'s code names the secrets file ${named}, and what it prints goes to the model`);
      continue;
    }
    if (word!.tilde) outside(`${word!.value}`, '`~` names a home directory');
    if (word!.value.startsWith('/dev/tcp/') || word!.value.startsWith('/dev/udp/'))
      card('needs-network', `${word!.value} opens a network connection`);
    const expanded = view.expand(word!, where.cwd);
    if (expanded === null) card('shell-construct', `the pattern ${word!.value} matches more than 2000 names`);
    const option = word!.glob ? asShGives(word!, expanded, where.cwd).find((name) => name.startsWith('-')) : undefined;
    if (option)
      card('shell-construct', `the pattern ${word!.value} matches ${option}, which ${program} would read as an option`);
    for (const text of expanded.flatMap((w) => (word!.glob ? [w] : pathTexts(w)))) {
      places.push({ word: text, place: insideOrCard(view, text, where, `the path ${text}`), index: i });
    }
  }
  // Redirect targets.
  const redirectPlaces: { op: string; place: Place; text: string }[] = [];
  for (const r of cmd.redirects) {
    if (r.kind !== 'file') continue;
    if (r.target.tilde) outside(`the redirect target ${r.target.value}`, '`~` names a home directory');
    if (r.target.value.startsWith('/dev/tcp/') || r.target.value.startsWith('/dev/udp/'))
      card('needs-network', `the redirect to ${r.target.value} opens a network connection`);
    if (r.target.glob) card('shell-construct', `the redirect target ${r.target.value} is a pattern`);
    redirectPlaces.push({
      op: r.op,
      place: insideOrCard(view, r.target.value, where, `the redirect target ${r.target.value}`),
      text: r.target.value,
    });
  }
  // The network: what the program is known to fetch, or a URL it is handed.
  let net = networkNeed([program, ...argv.slice(1)], (name) => hasLocalBin(view, where.cwd, name), ctx.ownPorts);
  if (!net.needs && !textOnly) {
    const far = argv.slice(1).flatMap((w) => {
      const host = /^[a-z][a-z0-9+.-]*:\/\//i.test(w) || /^git\+/.test(w) ? urlHost(w.replace(/^git\+/, '')) : null;
      return host !== null && !LOOPBACK_HOSTS.has(host) ? [host] : [];
    });
    if (far.length > 0)
      net = {
        needs: true,
        what: `${program} is given ${far.join(', ')}`,
        domains: far.some((h) => h === '') ? null : far,
      };
  }
  if (net.needs) {
    const allowed = net.domains !== null && net.domains.every((d) => ctx.allowedDomains.includes(d));
    if (!allowed) {
      const offer =
        net.domains && net.domains.length > 0 ? `; allow ${net.domains.join(', ')} for this agent to let it` : '';
      card(
        'needs-network',
        `${net.what}, and the sandbox gives this agent no network there${offer}`,
        net.domains ?? undefined,
      );
    }
  }
  linksChange(program, argv, places, view, where, last);
  // patch and an unpacker write the files their input names: what they may overwrite is not read here.
  if (program === 'patch' && !argv.includes('--dry-run'))
    card('irreversible-loss', 'patch writes the files its patch names, which may be ones no checkpoint holds');
  if (
    (program === 'tar' &&
      argv.some((w, k) => (k === 1 && /^[^-]*x/.test(w)) || /^-[a-zA-Z]*x/.test(w) || w === '--extract')) ||
    (program === 'unzip' && !argv.some((w) => /^-[a-zA-Z]*[lvtZ]/.test(w))) ||
    ((program === '7z' || program === '7za') && (argv[1] === 'x' || argv[1] === 'e')) ||
    (program === 'bsdtar' &&
      argv.some((w, k) => (k === 1 && /^[^-]*x/.test(w)) || /^-[a-zA-Z]*x/.test(w) || w === '--extract')) ||
    (program === 'cpio' && argv.some((w) => /^-[a-zA-Z]*i/.test(w) || w === '--extract')) ||
    ((program === 'python3' || program === 'python') &&
      argv[1] === '-m' &&
      (argv[2] === 'zipfile' || argv[2] === 'tarfile') &&
      argv.some((w) => w === '-e' || w === '--extract')) ||
    (program === 'git' &&
      ['apply', 'am'].includes(gitSubcommand(argv.slice(1))[0] ?? '') &&
      !argv.some((w) => /^--(check|stat|numstat|summary)$/.test(w)))
  )
    card(
      'irreversible-loss',
      `${program} writes the files its archive names, which may overwrite ones no checkpoint holds`,
    );
  // Writes into .git: git runs its hooks and reads its config as the owner, outside the sandbox.
  const losses = [...lossTargets(program, argv, places), ...outputTargets(program, argv, view, where)];
  const writes = [...losses.map((t) => t.place), ...redirectPlaces.filter((r) => r.op !== '<').map((r) => r.place)];
  for (const place of writes) {
    if (place.kind === 'inside' && place.rel.split('/').some(isGitComponent)) {
      card(
        'git-dir',
        `${program} would write ${place.rel}, inside .git, which git reads and runs as you outside the sandbox`,
      );
    }
  }
  // What another program runs as the owner later (an .envrc, .vscode/tasks.json, a workflow): the
  // sandbox would move a new one out after the command; the owner approves it with write or edit.
  const made = CREATES.has(program) ? places.filter((p) => !argv[p.index]!.startsWith('-')).map((p) => p.place) : [];
  for (const place of [...writes, ...made]) {
    if (place.kind !== 'inside') continue;
    const why = isAlwaysCardPath(place.rel);
    if (why !== null)
      card(
        'always-card',
        `${program} would write ${place.rel}: ${why} Write it with \`write\` or \`edit\`, which ask the owner`,
      );
  }
  // Loss a checkpoint cannot undo.
  for (const target of losses) {
    if (target.place.kind !== 'inside') continue;
    const why = view.lossAt(target.place, target.recursive);
    if (why) card('irreversible-loss', `${program} ${target.how} ${why}`);
  }
  for (const r of redirectPlaces) {
    if ((r.op === '>' || r.op === '>>') && r.place.kind === 'inside') {
      const why = view.lossAt(r.place, false);
      if (why)
        card('irreversible-loss', `the redirect ${r.op} ${r.text} overwrites what a checkpoint cannot restore: ${why}`);
    }
    if (r.op === '<' && r.place.kind === 'inside' && isSecretPath(r.place.rel)) {
      card(
        'shows-secret',
        `the redirect < ${r.text} feeds the secrets file ${r.place.rel} to ${program}, whose output goes to the model`,
      );
    }
  }
  // A program that shows only names prints a file's text when it reads the names from it.
  if (NAMES_ONLY.has(program)) namesFromSecret(program, argv, places, view, where);
  // Secrets shown to the model (a file the command only writes shows nothing).
  if (!NAMES_ONLY.has(program)) {
    const written = writtenOnly(program, argv, places);
    for (const p of places) {
      if (
        p.place.kind === 'inside' &&
        isSecretPath(p.place.rel) &&
        !(isEnvFileFlag(argv, p.index) && !runsInlineCode(program, argv)) &&
        !written.has(p.index)
      ) {
        card(
          'shows-secret',
          `${program} would read the secrets file ${p.place.rel}, and what it prints goes to the model`,
        );
      }
    }
    for (let i = 1; i < argv.length; i++) {
      const colon = argv[i]!.lastIndexOf(':');
      if (program === 'git' && colon >= 0 && isSecretPath(argv[i]!.slice(colon + 1))) {
        card('shows-secret', `git ${argv[i]} prints the secrets file ${argv[i]!.slice(colon + 1)} from the repository`);
      }
    }
    const gitSub = program === 'git' ? gitSubcommand(argv.slice(1))[0] : undefined;
    // git grep searches the tracked files, secrets files among them when they are tracked.
    // git grep searches tracked files; git diff --no-index prints what differs below two folders.
    const descends =
      gitSub === 'grep'
        ? { hidden: true, ignoredToo: false }
        : gitSub === 'diff' && argv.includes('--no-index')
          ? { hidden: true, ignoredToo: true }
          : RECURSIVE_READERS[program]?.(argv);
    if (descends && !((PATTERN_FIRST.has(program) || gitSub === 'grep') && printsNamesOnly(program, argv))) {
      // Its starting points: the path operands (for git grep, those after its pattern), else its directory.
      const firstPath = gitSub === 'grep' ? Math.max(...patterns, argv.indexOf('grep')) + 1 : 1;
      const roots = places.filter(
        (p) =>
          p.place.kind === 'inside' && p.index >= firstPath && !values.has(p.index) && !argv[p.index]!.startsWith('-'),
      );
      const starts =
        roots.length > 0 || program === 'tar' || program === 'zip' || program === '7z'
          ? roots.map((p) => p.place)
          : [view.place('.', where.cwd)];
      for (const start of starts) {
        if (start.kind !== 'inside') continue;
        const secret = view.secretBelow(start, descends, gitSub === 'grep' ? null : searchFilter(program, argv));
        if (secret)
          card(
            'shows-secret',
            `${program} descends into ${start.rel || '.'} and would read the secrets file ${secret}`,
          );
      }
    }
    // git printing files' lines from its history or index: any tracked secrets file among them
    // (the whole repository's, whatever the cwd, unless pathspecs after -- narrow it).
    if (program === 'git' && gitSub !== 'grep' && gitPrintsContent(gitSubcommand(argv.slice(1)))) {
      const dd = argv.indexOf('--');
      const specs = dd > 0 ? argv.slice(dd + 1) : [];
      const starts =
        specs.length > 0 ? specs.map((s) => view.place(s, where.cwd)) : [view.place(view.workspace, where.cwd)];
      for (const start of starts) {
        if (start.kind !== 'inside') continue;
        const secret = view.secretBelow(start, { hidden: true, ignoredToo: false }, null);
        if (secret)
          card(
            'shows-secret',
            `git ${gitSub} prints files' lines from the repository, and the secrets file ${secret} is among the files it holds`,
          );
      }
    }
  }
}

/** Each simple command of a list in each directory it may run in (`cwds`, from directories()). */
function judgeList(
  commands: readonly ShellCommand[],
  cwds: readonly (readonly string[])[],
  view: FileView,
  ctx: ContainedContext,
  last: boolean,
  depth: number,
  at: { index: number } = { index: -1 },
): void {
  for (let i = 0; i < commands.length; i++) {
    at.index = i;
    // A loop's body runs again after its last command: a link it makes leads elsewhere on the next turn.
    const isLast = last && i === commands.length - 1 && commands[i]!.loop === undefined;
    for (const cwd of cwds[i]!) {
      for (const command of loopRuns(commands[i]!, view, cwd)) {
        const judged = unwrap(command);
        if (judged.argv[0] === 'xargs' && judged.assignments.length === 0)
          judgeXargs(commands, i, judged, { cwd }, view, ctx, isLast, depth, judgeCommand);
        else judgeCommand(command, { cwd }, view, ctx, command.connector, isLast, depth);
      }
    }
  }
}

/** `wc --files0-from=.env`, `file -f .env`, `sha256sum -c .env`: a names-only program given a secrets file as the list it reads. */
function namesFromSecret(
  program: string,
  argv: readonly string[],
  places: readonly { place: Place; index: number }[],
  view: FileView,
  where: Where,
): void {
  const flags = NAMES_FROM_FILE[program] ?? [];
  for (let i = 1; i < argv.length; i++) {
    const word = argv[i]!;
    // `--files0-from=F`, `--files0-from F`, and a short flag's attached value (`-fF`).
    const flag = flags.find(
      (f) => word === f || word.startsWith(`${f}=`) || (f.length === 2 && word.startsWith(f) && word.length > 2),
    );
    if (!flag) continue;
    const value = word === flag ? argv[i + 1] : word.slice(word.startsWith(`${flag}=`) ? flag.length + 1 : flag.length);
    if (value === undefined || value === '-') continue;
    if (/[*?[]/.test(value))
      card('shows-secret', `${program} ${flag} reads the names to show from the files the pattern ${value} matches`);
    const place = insideOrCard(view, value, where, `${program} ${flag}'s file ${value}`);
    if (place.kind === 'inside' && isSecretPath(place.rel))
      card(
        'shows-secret',
        `${program} ${flag} reads the names to show from the secrets file ${place.rel}, and prints its lines`,
      );
  }
  const textFlags = OPERANDS_AS_TEXT[program] ?? [];
  // A short flag counts in a cluster too (`-wc` is -w -c).
  const given = (f: string): boolean =>
    f.startsWith('--') ? argv.includes(f) : argv.some((w) => /^-[A-Za-z0-9]+$/.test(w) && w.includes(f.slice(1)));
  if (!textFlags.some(given)) return;
  for (const p of places) {
    if (p.place.kind === 'inside' && isSecretPath(p.place.rel) && !argv[p.index]!.startsWith('-'))
      card('shows-secret', `${program} reads ${p.place.rel} as its list and prints its lines`);
  }
}

/** Loaders of `.env` that print what they load, or run a printer of the environment with it. */
const DOTENV_LOADERS = new Set(['dotenv', 'dotenvx', 'dotenv-cli', 'pipenv']);
const PRINTS_ENVIRONMENT = new Set(['env', 'printenv', 'set', 'export', 'declare']);

/**
 * Cards for what reads files this rule never sees named, or prints a secrets file it finds itself:
 * archivers reading the list of files on their input (`tar -T -`, `zip -@`, `cpio -o`), a makefile
 * given attached in a cluster (`make -pf.env`), and `.env` loaders printing it (`dotenv list`,
 * `dotenv get`, `python3 -m dotenv list`, `dotenv run env`, `pipenv run env`).
 */
function listedFilesAndLoaders(program: string, argv: readonly string[], view: FileView, where: Where): void {
  if (
    (program === 'tar' && argv.some((w) => /^-[a-zA-Z]*T/.test(w) || w.startsWith('--files-from'))) ||
    (program === 'zip' && argv.some((w) => /^-[a-zA-Z]*@/.test(w) || w === '--names-stdin')) ||
    (program === 'cpio' && argv.some((w) => /^-[a-zA-Z]*o/.test(w) || w === '--create'))
  )
    card('shell-construct', `${program} reads the files its input or a list names, which this rule does not read`);
  if (program === 'make')
    for (const w of argv.slice(1)) {
      const attached = /^-[a-zA-Z]*f(.+)$/.exec(w)?.[1];
      if (attached === undefined) continue;
      const place = insideOrCard(view, attached, where, `the makefile ${attached}`);
      if (place.kind === 'inside' && isSecretPath(place.rel))
        card('shows-secret', `make reads the secrets file ${place.rel} as its makefile`);
    }
  const loader =
    DOTENV_LOADERS.has(program) ||
    ((program === 'python3' || program === 'python') && argv[1] === '-m' && argv[2] === 'dotenv');
  if (!loader) return;
  const words = program === 'python3' || program === 'python' ? argv.slice(3) : argv.slice(1);
  const sub = words.find((w) => !w.startsWith('-'));
  if (sub === 'list' || sub === 'get' || sub === 'decrypt' || sub === 'keypair')
    card('shows-secret', `${program} ${sub} prints what it loads from the secrets file .env`);
  if (sub === 'run') {
    const runs = words.slice(words.indexOf('run') + 1).find((w) => !w.startsWith('-') && w !== '--');
    if (runs !== undefined && PRINTS_ENVIRONMENT.has(runs))
      card('shows-secret', `${runs} prints the environment ${program} loaded from the secrets file .env`);
  }
}

/**
 * `--env-file FILE`: the program loads the file into its own environment, and its output is its
 * own (a dev server, a test run) — unless the code it runs is the agent's own line, which may print
 * that environment (`node --env-file=.env -p process.env`).
 */
function isEnvFileFlag(argv: readonly string[], index: number): boolean {
  return argv[index]!.startsWith('--env-file=') || argv[index - 1] === '--env-file';
}

/** Whether the program runs code given on its command line (python -c, node -e/-p, …). */
function runsInlineCode(program: string, argv: readonly string[]): boolean {
  return argv.slice(1).some((w) => inlineCodeFlag(program, w) !== null);
}

function hasLocalBin(view: FileView, cwd: string, name: string): boolean {
  let dir = cwd;
  for (;;) {
    const place = view.place(`${dir}/node_modules/.bin/${name}`, cwd);
    if (place.kind === 'inside' && place.stat !== undefined) return true;
    if (dir === view.workspace || !dir.startsWith(view.workspace)) return false;
    dir = path.dirname(dir);
  }
}

/** The variables sh's cd reads. */
const CD_READS = new Set(['CDPATH', 'HOME', 'PWD', 'OLDPWD']);

/**
 * The directories each simple command may run in. `cd DIR` is read only in the leading `&&` chain
 * (where it runs before everything else and what follows runs only if it succeeded); after that
 * chain (`;`, `||`), a command may run in any directory the chain reached before a failure.
 */
function directories(
  commands: readonly ShellCommand[],
  start: string,
  view: FileView,
  at: { index: number },
): { cwds: string[][] } {
  const cwds: string[][] = [];
  let chain = true;
  // sh's cd is logical (`..` taken off the path as written, $PWD), while the kernel resolves what
  // follows from the real directory: both are kept.
  let logical = start;
  let physical = start;
  const reached = [start];
  for (let i = 0; i < commands.length; i++) {
    const cmd = commands[i];
    at.index = i;
    if (cmd!.connector === ';' || cmd!.connector === '||') chain = false;
    const inPipeline = cmd!.connector === '|' || commands[i + 1]?.connector === '|';
    const isCd = cmd!.words[0]?.value === 'cd';
    if (!isCd) {
      cwds.push(chain ? [physical] : [...new Set(reached)]);
      continue;
    }
    if (cmd!.loop) card('shell-construct', 'a `cd` inside a loop changes the directory of each turn after it');
    if (!chain || inPipeline)
      card(
        'shell-construct',
        'a `cd` that is not at the start of the command (before a `;`, `||` or pipe) changes the directory of only some of what follows; start with `cd DIR &&`',
      );
    // A redirect on cd (a group's is on each of its commands) opens its file as any command's
    // does: only /dev/null and one standard stream onto another are read here.
    // (One the grammar hung on the list, `cd src && ls > x`, is the last command's in sh: judged there.)
    const opens = cmd!.redirects.find(
      (r) => r.kind === 'heredoc' || (r.kind === 'file' && !r.onList && r.target.value !== '/dev/null'),
    );
    if (opens)
      card(
        'shell-construct',
        'a redirect on `cd` (or on a group holding one) opens its file in the directory before it; put it on the command that prints',
      );
    // What cd itself reads (an exported NODE_ENV before it changes nothing of where it goes).
    for (const a of cmd!.assignments)
      if (CD_READS.has(a.name) || overrideReason(a.name, a.value.value))
        card('environment-override', `${a.name} set for cd changes where it goes`);
    if (cmd!.words.length !== 2 || cmd!.words[1]!.value === '-' || cmd!.words[1]!.value.startsWith('-'))
      card('shell-construct', '`cd` takes one directory here (no options, not `-`, not bare)');
    const target = cmd!.words[1];
    if (target!.tilde) outside(`the directory ${target!.value}`, '`~` names a home directory');
    if (target!.glob) card('shell-construct', `\`cd ${target!.value}\` goes to a pattern`);
    // sh's cd is logical: `..` is taken off the path as written, and only then is the path opened.
    const next = path.posix.resolve(logical, target!.value);
    const relative = path.posix.relative(view.workspace, next);
    if (relative.startsWith('..') || path.posix.isAbsolute(relative))
      outside(`the directory ${target!.value}`, `cd would go to ${next}`);
    const place = view.place(next, physical);
    if (place.kind === 'outside') outside(`the directory ${target!.value}`, place.reason);
    if (place.kind !== 'inside')
      card('shell-construct', `\`cd ${target!.value}\` is not a directory this rule can read`);
    if (place.stat !== undefined && !place.stat.isDirectory())
      card('shell-construct', `\`cd ${target!.value}\` is not a directory`);
    logical = next;
    physical = place.stat === undefined ? next : place.abs;
    reached.push(physical);
    cwds.push([]);
  }
  return { cwds };
}

function partsOf(commands: readonly ShellCommand[], deciding: number): ContainedPart[] {
  return commands.map((c, i) => ({ text: `${i === 0 ? '' : `${c.connector} `}${c.text}`, decides: i === deciding }));
}

/** The decision for `command` in run mode when it runs contained in the sandbox (from the call's one reading, when given). */
export function decideContained(
  command: string,
  ctx: ContainedContext,
  reading: CommandReading = readCommand(command),
): ContainedDecision {
  const form = reading.form();
  if (!form.ok)
    return {
      tier: 'gated',
      code: form.undecidable ? 'undecidable' : 'shell-construct',
      reason: form.reason,
      parts: [{ text: command, decides: true }],
    };
  const commands = form.commands;
  const at = { index: -1 };
  try {
    const session = pathSession(ctx.paths, true);
    const here = ctx.where ?? resolveCommandCwd(session, ctx.cwd);
    if (!here.ok) return { tier: 'gated', code: 'place-outside', reason: here.reason, parts: partsOf(commands, -1) };
    const view = new FileView(session, ctx.maxFileBytes ?? DEFAULT_CAP, ctx.privateTmp === true, ctx.ignoreRules);
    const { cwds } = directories(commands, here.absolute, view, at);
    judgeList(commands, cwds, view, ctx, true, 0, at);
  } catch (error) {
    if (error instanceof Card) {
      return {
        tier: 'gated',
        code: error.code,
        reason: error.sentence,
        parts: partsOf(commands, at.index),
        ...(error.domains ? { domains: error.domains } : {}),
      };
    }
    return {
      tier: 'gated',
      code: 'undecidable',
      reason: `the command could not be decided (${(error as Error).message}), so it asks`,
      parts: partsOf(commands, at.index),
    };
  }
  const n = commands.length;
  return {
    tier: 'auto',
    code: 'contained',
    reason: `runs contained in the sandbox${n > 1 ? ` (${n} commands)` : ''}`,
    parts: partsOf(commands, -1),
    plain: plainAsShForm(command, form, reading.lexed),
  };
}
