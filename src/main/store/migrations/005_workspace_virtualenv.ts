// The project's Python virtualenv, detected when the workspace is assigned (issue 24 §4): its
// directory (absolute, inside the workspace), or NULL when the project has none.
export const migration005 = {
  version: 5,
  name: 'workspace_virtualenv',
  sql: `
ALTER TABLE workspaces ADD COLUMN venv TEXT;
`,
};
