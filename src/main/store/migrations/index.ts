// Numbered migrations, applied in order at start. Append a new file; never edit a landed one.
import { migration001 } from './001_initial';
import { migration002 } from './002_spawned_groups';
import { migration004 } from './004_remembered_last_used';
import { migration005 } from './005_workspace_virtualenv';
import { migration006 } from './006_model_usage';
import { migration008 } from './008_checkpoints';
import { migration009 } from './009_mcp_servers';
import { migration010 } from './010_sandbox_allowed_domains';
import { migration013 } from './013_agent_commits';
import { migration015 } from './015_tool_call_output';
import { migration016 } from './016_conversation_search';
import { migration017 } from './017_budget_raises';
import { migration018 } from './018_instruction_pins';
import { migration019 } from './019_delegations';
import { migration020 } from './020_tool_call_outcome';
import { migration021 } from './021_process_stop_reason';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  migration001,
  migration002,
  migration004,
  migration005,
  migration006,
  migration008,
  migration009,
  migration010,
  migration013,
  migration015,
  migration016,
  migration017,
  migration018,
  migration019,
  migration020,
  migration021,
];
