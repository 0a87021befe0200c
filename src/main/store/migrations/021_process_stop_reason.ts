// Why Paddock stopped a process itself (an always-card entry appeared in its workspace while it
// ran): kept on its row so the window says it after a reload or a restart, until the owner
// dismisses it or the name is started again. Rows stopped before this have none.
export const migration021 = {
  version: 21,
  name: 'process_stop_reason',
  sql: `
ALTER TABLE processes ADD COLUMN stop_reason TEXT;
`,
};
