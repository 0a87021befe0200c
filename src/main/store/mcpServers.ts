// Repository for `mcp_servers` (issue 21): the MCP servers the owner added per agent.
import { randomUUID } from 'node:crypto';
import type { Db } from './database';

export type McpTransport = 'stdio' | 'http';

export interface McpServerRecord {
  id: string;
  agentId: string;
  /** Letters and digits (and -), part of every tool name the model sees: mcp__<name>__<tool>. */
  name: string;
  transport: McpTransport;
  /** stdio: the command line, run in the agent's workspace. */
  command: string | null;
  /** http: the streamable HTTP endpoint. */
  url: string | null;
  /** Tools (the server's own names) the owner marked auto. */
  autoTools: string[];
  createdAt: string;
}

interface Row {
  id: string;
  agent_id: string;
  name: string;
  transport: McpTransport;
  command: string | null;
  url: string | null;
  auto_tools: string;
  created_at: string;
}

const toRecord = (row: Row): McpServerRecord => ({
  id: row.id,
  agentId: row.agent_id,
  name: row.name,
  transport: row.transport,
  command: row.command,
  url: row.url,
  autoTools: JSON.parse(row.auto_tools) as string[],
  createdAt: row.created_at,
});

export class McpServerNameTakenError extends Error {}

export function createMcpServersRepository(db: Db) {
  const byAgent = db.prepare<[string], Row>('SELECT * FROM mcp_servers WHERE agent_id = ? ORDER BY created_at, name');
  const byId = db.prepare<[string], Row>('SELECT * FROM mcp_servers WHERE id = ?');
  const all = db.prepare<[], Row>('SELECT * FROM mcp_servers ORDER BY created_at, name');
  return {
    listFor(agentId: string): McpServerRecord[] {
      return byAgent.all(agentId).map(toRecord);
    },
    list(): McpServerRecord[] {
      return all.all().map(toRecord);
    },
    get(id: string): McpServerRecord | null {
      const row = byId.get(id);
      return row ? toRecord(row) : null;
    },
    add(input: {
      agentId: string;
      name: string;
      transport: McpTransport;
      command?: string;
      url?: string;
    }): McpServerRecord {
      const id = randomUUID();
      try {
        db.prepare(
          'INSERT INTO mcp_servers (id, agent_id, name, transport, command, url, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        ).run(
          id,
          input.agentId,
          input.name,
          input.transport,
          input.command ?? null,
          input.url ?? null,
          new Date().toISOString(),
        );
      } catch (error) {
        if (/UNIQUE constraint failed/.test((error as Error).message)) {
          throw new McpServerNameTakenError(`this agent already has an MCP server named ${input.name}`);
        }
        throw error;
      }
      return this.get(id) as McpServerRecord;
    },
    setAutoTools(id: string, tools: string[]): void {
      db.prepare('UPDATE mcp_servers SET auto_tools = ? WHERE id = ?').run(
        JSON.stringify([...new Set(tools)].sort()),
        id,
      );
    },
    remove(id: string): boolean {
      return db.prepare('DELETE FROM mcp_servers WHERE id = ?').run(id).changes > 0;
    },
  };
}

export type McpServersRepository = ReturnType<typeof createMcpServersRepository>;
