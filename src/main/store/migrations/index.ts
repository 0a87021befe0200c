// Numbered migrations, applied in order at start. Append a new file; never edit a landed one.
import { migration001 } from './001_initial';
import { migration004 } from './004_remembered_last_used';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [migration001, migration004];
