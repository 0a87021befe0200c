// Every process group Paddock starts for an agent (issue 14 §3): pid and OS start time, so that a
// restart after a crash (kill -9 included) ends what the last run left, and never a stranger.
// `tag` marks the environment of every descendant, so that those which left the group (setsid,
// double fork) are found too where no sandbox holds them.
export const migration002 = {
  version: 2,
  name: 'spawned_groups',
  sql: `
CREATE TABLE spawned_groups (
  pgid INTEGER NOT NULL,
  start_time TEXT NOT NULL,
  tag TEXT NOT NULL,
  purpose TEXT NOT NULL,
  agent_id TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (pgid, start_time)
) STRICT;
`,
};
