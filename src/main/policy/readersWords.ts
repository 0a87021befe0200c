// The run list's rows that print words rather than files (readers.ts joins every reader row): jq
// over a file inside, date, pwd, true, false, printf, echo, which.
import type { ProgramGrammar } from './types';

export const WORD_PRINTERS: readonly ProgramGrammar[] = [
  // jq: the filter first (scripts.ts: no import, include, env, input…), then files inside. No -f,
  // -L, --rawfile, --slurpfile, --arg (two values), --args.
  {
    name: 'jq',
    short: { r: null, j: null, c: null, n: null, s: null, e: null, S: null, M: null, a: null, C: null, R: null },
    long: {
      '--raw-output': null,
      '--compact-output': null,
      '--slurp': null,
      '--null-input': null,
      '--sort-keys': null,
      '--tab': null,
      '--exit-status': null,
      '--join-output': null,
      '--ascii-output': null,
      '--monochrome-output': null,
      '--raw-input': null,
    },
    operands: { kind: 'scriptThenPaths', language: 'jq' },
    examples: {
      auto: ['jq . data.json', 'jq -r .name data.json', 'jq -c .a.b data.json', 'jq keys data.json', 'jq -n 1+1'],
      gated: [
        ['jq -f prog.jq data.json', 'flag-not-on-run-list'],
        ['jq --from-file prog.jq', 'flag-not-on-run-list'],
        ['jq -L /tmp . data.json', 'flag-not-on-run-list'],
        ['jq --rawfile x /etc/passwd .', 'flag-not-on-run-list'],
        ['jq --slurpfile x /etc/passwd .', 'flag-not-on-run-list'],
        ['jq --arg x y . data.json', 'flag-not-on-run-list'],
        ['jq -n env', 'script-not-allowed'],
        ['jq \'import "x" as y\' data.json', 'script-not-allowed'],
        ['jq -n \'include "x"\'', 'script-not-allowed'],
        ['jq -n input', 'script-not-allowed'],
        ['jq -n inputs data.json', 'script-not-allowed'],
        ['jq -n \'"x" modulemeta\'', 'script-not-allowed'],
        ['jq -n get_search_list', 'script-not-allowed'],
        ["jq '.a | env' data.json", 'not-plain'],
        ['jq . /etc/passwd', 'absolute'],
        ['jq . link', 'link'],
      ],
    },
  },
  // date: no -s/--set, no operand but a +FORMAT (any other sets the clock), no -d/-f/-r (BSD reads
  // them as setting the kernel's clock state, GNU as a file or a date to parse).
  {
    name: 'date',
    short: { u: null, R: null, I: null },
    long: { '--utc': null },
    operands: { kind: 'dateFormat' },
    examples: {
      auto: ['date', 'date -u', 'date +%Y-%m-%d', 'date -u +%s', 'date -I'],
      gated: [
        ['date -s 2020-01-01', 'flag-not-on-run-list'],
        ['date --set=x', 'flag-not-on-run-list'],
        ['date 0101000020', 'operand-not-allowed'],
        ['date -f b.txt', 'flag-not-on-run-list'],
        ['date -r b.txt', 'flag-not-on-run-list'],
        ['date -d now', 'flag-not-on-run-list'],
      ],
    },
  },
  {
    name: 'pwd',
    short: { L: null, P: null },
    operands: { kind: 'none' },
    examples: { auto: ['pwd', 'pwd -P'], gated: [['pwd x', 'operand-not-allowed']] },
  },
  {
    name: 'true',
    operands: { kind: 'none' },
    examples: {
      auto: ['true'],
      gated: [
        ['true --help', 'flag-not-on-run-list'],
        ['true x', 'operand-not-allowed'],
      ],
    },
  },
  {
    name: 'false',
    operands: { kind: 'none' },
    examples: { auto: ['false'], gated: [['false --version', 'flag-not-on-run-list']] },
  },
  // printf and echo are the programs on the captured PATH (/usr/bin/printf), not a shell's builtins:
  // they write their words to standard output and nothing else. A backslash escape never lexes.
  {
    name: 'printf',
    operands: { kind: 'strings', min: 1 },
    examples: {
      auto: ['printf %s hello', 'printf "%s " a b', 'printf x'],
      gated: [
        ['printf -v x y', 'flag-not-on-run-list'],
        ['printf', 'operand-not-allowed'],
        ['printf "a\\nb"', 'not-plain'],
      ],
    },
  },
  {
    name: 'echo',
    short: { n: null },
    operands: { kind: 'anyWords' },
    examples: {
      auto: ['echo', 'echo hello world', 'echo -n hi'],
      gated: [
        ['echo -e x', 'flag-not-on-run-list'],
        ['echo $HOME', 'not-plain'],
      ],
    },
  },
  {
    name: 'which',
    operands: { kind: 'words', min: 1, max: 1 },
    examples: {
      auto: ['which node'],
      gated: [
        ['which -a node', 'flag-not-on-run-list'],
        ['which ./x', 'operand-not-allowed'],
      ],
    },
  },
];
