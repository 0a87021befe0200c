// The command policy (seed 003 §3, §5; SPEC §7): pure decisions over data, plus the one resolver.
export { lexCommand, isPlainCommand, type LexResult } from './lexer';
export { classifyCommand } from './classify';
export { readGrammar } from './grammar';
export { READ_ONLY_PROGRAMS, RUN_LIST, RUN_LIST_PROGRAMS } from './runList';
export {
  describeRemembered,
  formatArgv,
  isRememberable,
  matchesRemembered,
  rememberChoices,
  type RememberChoice,
  type RememberKind,
} from './remembered';
export type { ClassifyContext, CommandDecision, RememberedCommand } from './types';
