// What a command printed in all and what of it each place kept (issue 35 §6): the run row says it
// after a restart too, from this record, not from the model's text.
export const migration015 = {
  version: 15,
  name: 'tool_call_output',
  sql: `
ALTER TABLE tool_calls ADD COLUMN output_account TEXT;
`,
};
