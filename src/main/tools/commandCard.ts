// A prepared command's tier and card (run, start): both read the call's one preparation
// (commandCall.ts), never the command again.
import type { CardPreview, TierDecision, ToolCallContext } from '../../shared/domain';
import type { CommandDecision } from '../policy/types';
import { commandDanger } from '../policy/danger';
import { executesWorkspaceCode, networkNeedLine } from '../sandbox/containment';
import { needsNetwork, parseDomainList } from '../sandbox/domains';
import type { CommandToolDeps, PreparedCommandCall } from './commandCall';

/** The card's lines for a command decided by its parts: one part a line, the deciding one marked. */
export function partLines(decision: CommandDecision): string[] {
  const parts = decision.shellParts;
  if (!parts || parts.length < 2) return [];
  return [
    'The command, part by part (▶ decided the card):',
    ...parts.map((p) => `${p.decides ? '▶' : '  '} ${p.text}`),
  ];
}

export function commandTier(prepared: PreparedCommandCall, ctx: ToolCallContext, deps: CommandToolDeps): TierDecision {
  const { decision, containment } = prepared;
  if (!decision || !containment) {
    return { tier: 'gated', reason: 'this agent has no workspace, so there is no directory to run commands in' };
  }
  if (decision.rememberedId !== undefined) deps.rememberedUsed?.(decision.rememberedId);
  if (decision.shellParts) return { tier: decision.tier, reason: decision.reason };
  if (decision.tier === 'auto') {
    // Auto means contained (issue 13 §4): the project's own code runs without a card only in the sandbox.
    const lexed = prepared.reading.lexed;
    const program = lexed.ok ? lexed.argv[0] : '';
    if (!containment.contained && executesWorkspaceCode(program!)) {
      return {
        tier: 'gated',
        reason: `\`${program}\` runs this project's own code, and ${containment.why}: outside the sandbox that code runs as you, so it needs your approval`,
      };
    }
  }
  return { tier: decision.tier, reason: decision.reason };
}

export function commandPreview(prepared: PreparedCommandCall, ctx: ToolCallContext): CardPreview {
  const { containment, decision, spawn, reading } = prepared;
  const containmentLine = containment ? [containment.line] : [];
  if (!spawn) return { cwd: prepared.cwd ?? '.', rememberable: false, details: containmentLine };
  // It would fail after an approval just the same (no shell for a pipe, no such program): no card.
  if (!spawn.ok) return { refusal: spawn.error };
  const { argv, program, cwdShown, venvOnPath } = spawn.command;
  const rememberable = reading.lexed.ok;
  // The contained rule's decision offers "Allow <domain>" (a shell form, or a plain command it decided).
  const offer =
    decision && (spawn.command.shell || prepared.contained !== undefined) ? allowDomainsOffer(decision) : {};
  if (spawn.command.shell && decision?.shellParts) {
    // Decided by the contained rule: its parts, the deciding one marked; a destroyer is a danger card.
    const lines = [`runs with /bin/sh in the sandbox`, ...partLines(decision)];
    if (containment && (decision.code === 'needs-network' || (reading.lexed.ok && needsNetwork(reading.lexed.argv))))
      containmentLine.push(networkNeedLine(containment));
    return {
      argv,
      cwd: cwdShown,
      rememberable: rememberable && decision.code !== 'danger',
      details: [...lines, ...containmentLine],
      ...(decision.code === 'danger' ? { danger: decision.reason } : {}),
      ...offer,
    };
  }
  const danger = ctx.workspace
    ? commandDanger(argv, { workspace: ctx.workspace.directory, cwd: spawn.command.cwd, home: ctx.home })
    : null;
  const details = [`runs ${program}`];
  if (venvOnPath && ctx.workspace?.venv)
    details.push(`PATH begins with the project's virtualenv: ${ctx.workspace.venv}/bin`);
  // A command that fetches (npm install, pip install, …) says whether and where it may reach (issue 13 §3).
  if (containment && needsNetwork(argv)) containmentLine.push(networkNeedLine(containment));
  return {
    argv,
    cwd: cwdShown,
    rememberable: rememberable && danger === null,
    details: [...details, ...containmentLine],
    ...(danger ? { danger } : {}),
    ...(danger ? {} : offer),
  };
}

/**
 * A needs-network card whose rule names the domains (an install, `git fetch` of a named host, a
 * URL): "Allow <domains> for this agent" beside Approve, which adds them to the agent's allowed
 * domains (Settings → Developer → Sandbox) and runs the command. Only entries that list accepts.
 */
function allowDomainsOffer(decision: CommandDecision): Pick<CardPreview, 'choices' | 'allowDomains'> {
  if (
    decision.tier !== 'gated' ||
    decision.code !== 'needs-network' ||
    !decision.domains ||
    decision.domains.length === 0
  )
    return {};
  const parsed = parseDomainList(decision.domains.join(' '));
  if (parsed.refused.length > 0 || parsed.entries.length === 0) return {};
  return {
    choices: [{ kind: 'allow-domains', label: `Allow ${parsed.entries.join(', ')} for this agent` }],
    allowDomains: parsed.entries,
  };
}
