// Issue 13: an agent's network is no longer all or nothing. The old per-agent `network: "on"`
// shared the host's whole network (its loopback included); it is dropped, so such an agent starts
// offline, and the owner allows single domains instead (`allowedDomains`, through Paddock's proxy).
export const migration010 = {
  version: 10,
  name: 'sandbox_allowed_domains',
  sql: `
UPDATE settings
SET value = (SELECT json_group_object(key, json_remove(json(value), '$.network')) FROM json_each(settings.value))
WHERE key = 'sandbox.agentChoices' AND json_valid(value) AND json_type(value) = 'object';
`,
};
