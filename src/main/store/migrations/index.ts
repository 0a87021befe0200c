// Numbered migrations, applied in order at start. Append a new file; never edit a landed one.
import { migration001 } from './001_initial';
import { migration009 } from './009_mcp_servers';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [migration001, migration009];
