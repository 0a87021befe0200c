import type { Scope } from './agent';
import type { AnyToolName } from './tools';

export type InstanceSwitch = 'coding_tools' | 'file_edit' | 'shell';

/** One line of the vocabulary (SPEC §3, AC-7): per scope, installed or not and granted or not. */
export interface ScopeReport {
  scope: Scope;
  /** Tools of this scope that exist in this installation (switches on). */
  installedTools: AnyToolName[];
  installed: boolean;
  /** The switch(es) that decide whether the scope's tools exist. */
  decidedBy: InstanceSwitch[];
  granted: boolean;
  /** The scope's containment statement; for `shell` it says it is not contained. */
  containment: string;
}

export interface InstanceSwitches {
  coding_tools: boolean;
  file_edit: boolean;
  shell: boolean;
}
