// The operands of a row (seed 003 §5.2), read after its flags: which are paths the resolver must
// answer for, which are scripts, words or text, and how many there may be. Pure: it only turns
// words into PathChecks or a refusal naming the operand.
import { assertNever } from '../../shared/domain';
import { scriptProblem } from './scripts';
import type { GateCode, PathCheck, ProgramGrammar, Refusal } from './types';
import { checkValue, show } from './values';

export interface OperandReading {
  g: ProgramGrammar;
  display: string;
  checks: PathCheck[];
  seen: Set<string>;
}

const refusal = (code: GateCode, reason: string): Refusal => ({ code, reason });
const operandRefusal = (reason: string): Refusal => refusal('operand-not-allowed', reason);

const GO_META_PACKAGES: ReadonlySet<string> = new Set(['all', 'std', 'cmd', 'tool']);

function readPaths(
  r: OperandReading,
  operands: readonly string[],
  rule: Extract<ProgramGrammar['operands'], { kind: 'paths' }>,
): Refusal | null {
  const { g, display, checks } = r;
  if (rule.max !== undefined && operands.length > rule.max) {
    const what = g.name === 'uniq' || g.name === 'xxd' ? 'its output file' : 'one more';
    return operandRefusal(
      `${display} takes at most ${rule.max} path${rule.max === 1 ? '' : 's'}, and ${show(operands[rule.max]!)} would be ${what}`,
    );
  }
  if (rule.min !== undefined && operands.length < rule.min)
    return operandRefusal(`${display} needs at least ${rule.min} operand`);
  const script = rule.script !== undefined && !r.seen.has(rule.script.unlessFlag);
  if (script && operands.length === 0)
    return refusal('not-project-file', `${display} needs a script file of the project (or ${rule.script?.unlessFlag})`);
  const walk = rule.recursive;
  const recursive = walk !== undefined && (walk.onlyWith === undefined || r.seen.has(walk.onlyWith));
  for (let k = 0; k < operands.length; k++) {
    // A test id is resolved as the file pytest opens (the whole id names nothing, so it hid a link).
    const path = rule.testIds ? operands[k]!.split('::')[0] : operands[k];
    checks.push({
      path: path!,
      role: `${display}'s operand`,
      notDirectory: rule.notDirectory,
      mustBeFile: script && k === 0,
      recursive,
    });
  }
  // With no operand (or always: vitest, jest), the program searches its working directory.
  if (recursive && (walk.fromCwd === 'always' || operands.length === 0)) {
    checks.push({ path: '.', role: `${display}'s search of the working directory`, recursive });
  }
  return null;
}

function readWords(
  r: OperandReading,
  operands: readonly string[],
  rule: Extract<ProgramGrammar['operands'], { kind: 'words' }>,
): Refusal | null {
  const { display, checks } = r;
  if (rule.max !== undefined && operands.length > rule.max) {
    return operandRefusal(
      `${display} takes at most ${rule.max} word here, and ${show(operands[rule.max]!)} is one more`,
    );
  }
  if (rule.min !== undefined && operands.length < rule.min) return operandRefusal(`${display} needs ${rule.min} word`);
  for (const word of operands) {
    const bad = checkValue('word', word, `${display}'s operand`, checks);
    if (bad !== null) return operandRefusal(bad);
    if (rule.pattern && !rule.pattern.test(word))
      return operandRefusal(`${display}'s operand ${show(word)} is not a bare name (${rule.pattern.source})`);
    if (rule.alsoPath) checks.push({ path: word, role: `${display}'s operand` });
    // unittest imports each word as a module (`antigravity` opens a browser): the project's own only.
    if (rule.modules && !(word === 'discover' && operands[0] === word)) {
      checks.push({ path: word.split('.')[0]!, role: `${display}'s module`, pythonModule: true });
    }
  }
  return null;
}

function readGoPackages(r: OperandReading, operands: readonly string[]): Refusal | null {
  const { display, checks } = r;
  for (const op of operands) {
    // `all`, `std`, `cmd`, `tool` are not directories: they name every dependency's or the
    // toolchain's own packages, whose tests are not this project's.
    if (GO_META_PACKAGES.has(op))
      return operandRefusal(
        `${display} ${op} names packages outside this project (the operands are ./..., pkg/... or paths)`,
      );
    // `./...` and `pkg/...` name the tree below a directory: that directory is the path checked.
    const tree = op === './...' || op.endsWith('/...');
    const base = op === './...' ? '.' : tree ? op.slice(0, -4) : op;
    if (base.length === 0 || base.includes('...'))
      return operandRefusal(`${display}'s operand ${show(op)} is not ./..., pkg/... or a path`);
    // Go reads a word that does not begin with `.` as an import path (`net/...` is the standard
    // library's, `example.com/x` a module's): only a directory of the project is this project's.
    const importPath = !op.startsWith('.') && !op.endsWith('.go');
    if (importPath && base.split('/')[0]!.includes('.')) {
      return operandRefusal(`${display}'s operand ${show(op)} names a module by its import path, outside this project`);
    }
    checks.push({ path: base, role: `${display}'s package operand`, recursive: tree, mustBeDirectory: importPath });
  }
  return null;
}

/** Reads the operands against the row's rule; the paths among them become checks. */
export function readOperands(r: OperandReading, operands: readonly string[]): Refusal | null {
  const { display, checks } = r;
  const rule = r.g.operands;
  switch (rule.kind) {
    case 'none':
      return operands.length === 0
        ? null
        : operandRefusal(`${display} takes no operands, and was given ${show(operands[0]!)}`);
    case 'anyWords':
      return null;
    case 'strings':
      if (rule.max !== undefined && operands.length > rule.max) {
        return operandRefusal(
          `${display} takes at most ${rule.max} operand${rule.max === 1 ? '' : 's'}, and ${show(operands[rule.max]!)} is one more (it reads only standard input)`,
        );
      }
      if (rule.min !== undefined && operands.length < rule.min)
        return operandRefusal(`${display} needs at least ${rule.min} operand`);
      return null;
    case 'dateFormat':
      if (operands.length === 0) return null;
      if (operands.length > 1 || !operands[0]!.startsWith('+')) {
        return operandRefusal(
          `${display}'s operand ${show(operands[operands.length > 1 && operands[0]!.startsWith('+') ? 1 : 0]!)} is not a +FORMAT; any other operand sets the clock`,
        );
      }
      return null;
    case 'scriptThenPaths': {
      if (operands.length === 0)
        return operandRefusal(
          `${display} needs a ${rule.language === 'jq' ? 'filter' : 'script'} as its first operand`,
        );
      const problem = scriptProblem(rule.language, operands[0]!, display);
      if (problem !== null) return refusal('script-not-allowed', problem);
      for (let k = 1; k < operands.length; k++) checks.push({ path: operands[k]!, role: `${display}'s path operand` });
      return null;
    }
    case 'paths':
      return readPaths(r, operands, rule);
    case 'patternThenPaths': {
      if (operands.length === 0) return operandRefusal(`${display} needs a pattern as its first operand`);
      const recursive = rule.recursive === 'always' || r.seen.has(rule.recursive);
      for (let k = 1; k < operands.length; k++)
        checks.push({ path: operands[k]!, role: `${display}'s path operand`, recursive });
      // With no path, a recursive search starts at the working directory.
      if (recursive && operands.length === 1)
        checks.push({ path: '.', role: `${display}'s search of the working directory`, recursive });
      return null;
    }
    case 'words':
      return readWords(r, operands, rule);
    case 'goPackages':
      return readGoPackages(r, operands);
    default:
      return assertNever(rule);
  }
}
