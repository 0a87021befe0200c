// MCP servers the owner added for an agent (issue 21): a stdio command run in the workspace, or a
// streamable HTTP URL (its headers, which may carry a token, live with the API keys, not here), and
// the tools the owner marked auto (every other call of the server's tools is a card).
export const migration009 = {
  version: 9,
  name: 'mcp_servers',
  sql: `
CREATE TABLE mcp_servers (
  id TEXT PRIMARY KEY,
  agent_id TEXT NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (name GLOB '[a-zA-Z0-9]*' AND length(name) BETWEEN 1 AND 24),
  transport TEXT NOT NULL CHECK (transport IN ('stdio', 'http')),
  command TEXT,
  url TEXT,
  auto_tools TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  UNIQUE (agent_id, name),
  CHECK ((transport = 'stdio' AND command IS NOT NULL) OR (transport = 'http' AND url IS NOT NULL))
) STRICT;
`,
};
