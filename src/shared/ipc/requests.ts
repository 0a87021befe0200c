// The request schema of every call of the contract (contract.ts): what the core validates on
// arrival, shapes only (every rule is the core's). docs/ipc.md says how to add a call.
import { z } from 'zod';
import { ACCEPTANCE_POLICIES, MODES, PROVIDERS, SCOPES } from '../domain';

const id = z.string().min(1).max(200);
const none = z.object({}).strict();
/** What a folder the owner picks is for: the system dialog's title says it. */
export const DIRECTORY_PURPOSES = ['workspace', 'worktrees'] as const;
export type DirectoryPurpose = (typeof DIRECTORY_PURPOSES)[number];

const budgetLimit = z.object({ dollars: z.number().nullable(), tokens: z.number().nullable() }).strict();

export const requestSchemas = {
  'app.info': none,
  'agents.list': none,
  'agents.create': z
    .object({
      name: z.string().trim().min(1).max(80),
      handle: z
        .string()
        .trim()
        .regex(/^@?[a-z0-9][a-z0-9_-]{0,39}$/i, 'a handle is letters, digits, - and _'),
      provider: z.enum(PROVIDERS).optional(),
      model: z.string().trim().min(1).max(200).optional(),
      scopes: z.array(z.enum(SCOPES)).optional(),
      mode: z.enum(MODES).optional(),
    })
    .strict(),
  'agents.update': z
    .object({
      agentId: id,
      mode: z.enum(MODES).optional(),
      acceptancePolicy: z.enum(ACCEPTANCE_POLICIES).optional(),
      scopes: z.array(z.enum(SCOPES)).optional(),
      maxOutputTokens: z.number().int().optional(),
      /** Extended thinking budget (Anthropic); 0 turns it off. */
      thinkingBudget: z.number().int().min(0).max(64_000).optional(),
      provider: z.enum(PROVIDERS).optional(),
      model: z.string().trim().min(1).max(200).optional(),
      // The agent's API key is sent to this address: an http(s) URL, nothing a client would read as a file.
      baseUrl: z
        .string()
        .trim()
        .max(500)
        .regex(/^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i, 'a base URL is an http:// or https:// address')
        .nullable()
        .optional(),
      // The owner's confirmation that a stored key may go to this origin (required when it changes).
      confirmKeyTo: z.string().max(600).optional(),
    })
    .strict(),
  'agents.remove': z.object({ agentId: id }).strict(),
  'agents.vocabulary': z.object({ agentId: id }).strict(),
  'workspaces.set': z.object({ agentId: id, directory: z.string().min(1).max(4096) }).strict(),
  'workspaces.pickDirectory': z.object({ purpose: z.enum(DIRECTORY_PURPOSES).optional() }).strict(),
  'settings.setSwitches': z
    .object({ coding_tools: z.boolean().optional(), file_edit: z.boolean().optional(), shell: z.boolean().optional() })
    .strict(),
  'settings.setTailscale': z.object({ enabled: z.boolean() }).strict(),
  'settings.setAgentSandbox': z
    .object({
      agentId: id,
      allowedDomains: z.array(z.string().max(260)).max(100).optional(),
      uncontainedShell: z.boolean().optional(),
      runListOnly: z.boolean().optional(),
    })
    .strict(),
  'cards.list': none,
  'cards.answer': z
    .object({
      cardId: id,
      decision: z.enum(['approve', 'deny']),
      baseHash: z.string().max(128).nullable().optional(),
      remember: z.enum(['exact', 'prefix']).optional(),
      choice: z.enum(['stop-processes', 'allow-domains', 'remember-file']).optional(),
      acceptedHunks: z.array(z.string().min(1).max(32)).max(10_000).optional(),
    })
    .strict(),
  'toolCalls.list': z.object({ conversationId: id }).strict(),
  'remembered.list': none,
  'commands.list': z.object({ agentId: id }).strict(),
  'commands.accept': z
    .object({ agentId: id, relPath: z.string().min(1).max(4096), sha256: z.string().regex(/^[0-9a-f]{64}$/) })
    .strict(),
  'commands.run': z
    .object({ conversationId: id, name: z.string().min(1).max(64), arguments: z.string().max(20_000) })
    .strict(),
  'plans.list': z.object({ conversationId: id }).strict(),
  'plans.answer': z
    .object({
      planId: id,
      decision: z.enum(['edit', 'run', 'revise']),
      message: z.string().trim().min(1).max(20_000).optional(),
    })
    .strict(),
  'todos.list': z.object({ conversationId: id }).strict(),
  'instructions.waiting': z.object({ agentId: id, conversationId: id.optional() }).strict(),
  'instructions.accept': z
    .object({
      agentId: id,
      relPath: z.string().min(1).max(4096),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      conversationId: id.optional(),
    })
    .strict(),
  'instructions.pins': none,
  'instructions.forget': z
    .object({ directory: z.string().min(1).max(4096), relPath: z.string().min(1).max(4096) })
    .strict(),
  'remembered.forget': z.object({ id: z.number().int().positive() }).strict(),
  'processes.list': none,
  'processes.stop': z.object({ agentId: id, name: z.string().min(1).max(64) }).strict(),
  'processes.stopAll': none,
  'processes.dismiss': z.object({ agentId: id, name: z.string().min(1).max(64) }).strict(),
  'processes.output': z
    .object({ agentId: id, name: z.string().min(1).max(64), since: z.number().int().nonnegative().optional() })
    .strict(),
  'agents.setApiKey': z.object({ agentId: id, apiKey: z.string().min(1).max(500) }).strict(),
  'agents.clearApiKey': z.object({ agentId: id }).strict(),
  'conversations.list': z.object({ agentId: id }).strict(),
  'conversations.create': z.object({ agentId: id, title: z.string().trim().min(1).max(200).optional() }).strict(),
  'conversations.messages': z
    .object({
      conversationId: id,
      before: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(500).optional(),
    })
    .strict(),
  // when: a message while a turn works joins its next step ("now") or opens the next turn ("queue").
  // mode: the owner chose plan for this one turn (the composer's "Plan first").
  'conversations.send': z
    .object({
      conversationId: id,
      text: z.string().trim().min(1).max(200_000),
      when: z.enum(['now', 'queue']).optional(),
      mode: z.enum(['plan']).optional(),
      /** Pictures pasted or dropped into the composer (base64, no data: prefix); decoded and bounded by the core. */
      images: z
        .array(z.object({ base64: z.string().min(1).max(11_200_000) }).strict())
        .max(4)
        .optional(),
    })
    .strict(),
  'conversations.cancel': z.object({ conversationId: id }).strict(),
  'files.tree': z
    .object({ agentId: id, path: z.string().max(4096).optional(), depth: z.number().int().min(1).max(8).optional() })
    .strict(),
  'files.read': z.object({ agentId: id, path: z.string().min(1).max(4096) }).strict(),
  'files.sameAsHead': z.object({ agentId: id, paths: z.array(z.string().min(1).max(4096)).max(1000) }).strict(),
  'terminal.open': z
    .object({ agentId: id, cols: z.number().int().min(10).max(500), rows: z.number().int().min(5).max(300) })
    .strict(),
  'terminal.write': z.object({ terminalId: id, data: z.string().max(65_536) }).strict(),
  'terminal.resize': z
    .object({ terminalId: id, cols: z.number().int().min(10).max(500), rows: z.number().int().min(5).max(300) })
    .strict(),
  'terminal.close': z.object({ terminalId: id }).strict(),
  'preview.link': z.object({ agentId: id, name: z.string().min(1).max(64) }).strict(),
  'preview.check': z.object({ agentId: id, name: z.string().min(1).max(64) }).strict(),
  'summary.get': z.object({ agentId: id }).strict(),
  'summary.openInEditor': z.object({ agentId: id, path: z.string().max(4096).optional() }).strict(),
  'tests.failing': z.object({ agentId: id }).strict(),
  'owner.pull': z.object({ agentId: id }).strict(),
  'owner.runTests': z.object({ agentId: id, command: z.string().trim().min(1).max(1000) }).strict(),
  'repositories.clone': z.object({ agentId: id, url: z.string().trim().min(1).max(2000) }).strict(),
  'repositories.create': z.object({ agentId: id }).strict(),
  'screenshots.read': z.object({ agentId: id, file: z.string().min(1).max(4096) }).strict(),
  'screenshots.take': z.object({ agentId: id, name: z.string().min(1).max(64) }).strict(),
  'conversations.usage': z.object({ conversationId: id }).strict(),
  'agents.models': z.object({ agentId: id }).strict(),
  'preview.showInView': z
    .object({
      agentId: id,
      name: z.string().min(1).max(64),
      bounds: z
        .object({
          x: z.number().int().min(0),
          y: z.number().int().min(0),
          width: z.number().int().min(0).max(20_000),
          height: z.number().int().min(0).max(20_000),
        })
        .strict(),
    })
    .strict(),
  'preview.hideView': none,
  'models.tables': none,
  // Shapes only: every rule (prefix spelling, ranges, all four prices or none) is the core's (agent/models.ts).
  'models.setOverrides': z
    .object({
      contextWindows: z.record(z.string().max(200), z.number().nullable()),
      prices: z.record(z.string().max(200), z.record(z.string().max(40), z.number().nullable())),
    })
    .strict(),
  'checkpoints.list': z.object({ conversationId: id }).strict(),
  'checkpoints.undo': z.object({ checkpointId: z.number().int().positive() }).strict(),
  'checkpoints.restoreBefore': z.object({ conversationId: id, messageId: z.number().int().positive() }).strict(),
  'checkpoints.usage': none,
  'checkpoints.clear': z.object({ workspace: z.string().min(1).max(4096) }).strict(),
  // Find and branch (issue 32 §4): search every conversation; rename, archive, delete, fork one.
  'conversations.search': z
    .object({ text: z.string().max(500), limit: z.number().int().min(1).max(200).optional() })
    .strict(),
  'conversations.rename': z.object({ conversationId: id, title: z.string().trim().min(1).max(200) }).strict(),
  'conversations.archive': z.object({ conversationId: id, archived: z.boolean() }).strict(),
  'conversations.delete': z.object({ conversationId: id }).strict(),
  'conversations.fork': z.object({ conversationId: id, messageId: z.number().int().positive() }).strict(),
  'checkpoints.setOptions': z
    .object({
      includeIgnored: z.boolean().optional(),
      maxFileBytes: z
        .number()
        .int()
        .min(1024)
        .max(1024 * 1024 * 1024)
        .optional(),
      budgetBytes: z
        .number()
        .int()
        .min(1024 * 1024)
        .max(1024 * 1024 * 1024 * 1024)
        .optional(),
    })
    .strict(),
  'mcp.list': z.object({ agentId: id }).strict(),
  'mcp.add': z.discriminatedUnion('transport', [
    z
      .object({
        agentId: id,
        name: z.string().trim().min(1).max(24),
        transport: z.literal('stdio'),
        command: z.string().trim().min(1).max(2000),
      })
      .strict(),
    z
      .object({
        agentId: id,
        name: z.string().trim().min(1).max(24),
        transport: z.literal('http'),
        url: z
          .string()
          .trim()
          .max(2000)
          .regex(/^https?:\/\/[^\s/?#]+([/?#]\S*)?$/i, 'an MCP server URL is an http:// or https:// address'),
        headers: z
          .record(
            z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name is letters, digits and -'),
            z.string().max(4000),
          )
          .optional(),
      })
      .strict(),
  ]),
  'mcp.remove': z.object({ serverId: id }).strict(),
  'mcp.setAuto': z.object({ serverId: id, tool: z.string().min(1).max(128), auto: z.boolean() }).strict(),
  'mcp.restart': z.object({ serverId: id }).strict(),
  'delegation.helpers': z.object({ agentId: id }).strict(),
  'delegation.setHelpers': z.object({ agentId: id, helpers: z.array(id).max(50) }).strict(),
  'delegation.get': z.object({ callId: id }).strict(),
  'tasks.list': none,
  'tasks.start': z
    .object({
      fromAgentId: id,
      name: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,49}$/, 'a task name is lower-case letters, digits and . _ -'),
      base: z.string().min(1).max(100).optional(),
      folder: z.string().min(1).max(4096).optional(),
    })
    .strict(),
  'tasks.archive': z.object({ taskId: id }).strict(),
  'tasks.delete': z.object({ taskId: id }).strict(),
  'tasks.summary': z.object({ taskId: id }).strict(),
  'tasks.diff': z.object({ taskId: id }).strict(),
  'tasks.revertHunks': z
    .object({
      taskId: id,
      files: z
        .array(
          z
            .object({
              path: z.string().min(1).max(4096),
              fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
              hunkIds: z.array(z.string().min(1).max(40)).min(1).max(2000),
            })
            .strict(),
        )
        .min(1)
        .max(500),
    })
    .strict(),
  'tasks.setupScripts': none,
  'tasks.setSetupScript': z
    .object({ repository: z.string().min(1).max(4096), script: z.string().max(20_000) })
    .strict(),
  'settings.setSetupDone': z.object({ done: z.boolean() }).strict(),
  'workspaces.inspect': z.object({ directory: z.string().min(1).max(4096) }).strict(),
  'workspaces.complete': z.object({ prefix: z.string().min(1).max(4096) }).strict(),
  'agents.testConnection': z.object({ agentId: id, apiKey: z.string().min(1).max(500).optional() }).strict(),
  // Spending limits (issue 32): shapes only; the core checks the numbers (agent/budgets.ts).
  'budgets.get': none,
  'budgets.set': z
    .object({
      conversation: budgetLimit.optional(),
      agentDay: budgetLimit.optional(),
      totalDay: budgetLimit.optional(),
    })
    .strict(),
  'budgets.status': z.object({ conversationId: id }).strict(),
  'budgets.continue': z.object({ conversationId: id }).strict(),
  // What needs the owner (issue 32): notification choices, and the count the dock or taskbar badge shows.
  'attention.get': none,
  'attention.set': z
    .object({
      enabled: z.boolean().optional(),
      sound: z.boolean().optional(),
      kinds: z
        .object({
          card: z.boolean().optional(),
          finished: z.boolean().optional(),
          failed: z.boolean().optional(),
          limit: z.boolean().optional(),
        })
        .strict()
        .optional(),
    })
    .strict(),
  'attention.setCount': z.object({ count: z.number().int().min(0).max(100_000) }).strict(),
} as const;
