// The owner's actions in an agent's workspace (issue 15 item 2): files, processes, previews, the
// terminal, screenshots, Summary, Pull and Run tests. Containment, ownership, the terminal's shell
// and environment and the test-run orchestration are decided here, never in a handler.
import { randomUUID } from 'node:crypto';
import { CoreRefusal, type CoreApi } from '../api/coreApi';
import { isInside } from '../sandbox/profile';
import { eventsAfter } from '../tools/facts';
import { sameAsHead } from '../git/sameAsHead';
import { openForOwner } from '../owner/openInEditor';
import { ownerTerminalLaunch, runOwnerPull, runOwnerTests } from '../owner/ownerActions';
import { workspaceFile, workspaceTree } from '../owner/ownerFiles';
import { runsProcessNamed } from '../preview/ownership';
import { readScreenshotFile } from '../tools/screenshot';
import { requireAgent, requireAgentWorkspace, requirePathContext } from './lookups';
import type { CoreServices } from './services';

/** The owner's editor command (Settings), argv; null: the system's default opener. */
export const EDITOR_KEY = 'editor.command';

type WorkspaceActions =
  | 'fileTree'
  | 'readFile'
  | 'sameAsHead'
  | 'listProcesses'
  | 'stopProcess'
  | 'stopAllProcesses'
  | 'processOutput'
  | 'previewTickets'
  | 'checkPreview'
  | 'openTerminal'
  | 'writeTerminal'
  | 'resizeTerminal'
  | 'closeTerminal'
  | 'takeScreenshot'
  | 'readScreenshot'
  | 'summary'
  | 'failingTests'
  | 'openInEditor'
  | 'pull'
  | 'runOwnerTests';

export function workspaceActions(core: CoreServices): Pick<CoreApi, WorkspaceActions> {
  const { terminals, preview } = core.services;
  const requireTerminal = (terminalId: string): void => {
    if (!terminals.has(terminalId)) throw new CoreRefusal('not-found', 'that terminal is closed');
  };
  // A preview is the agent's own running process, or nothing (SPEC §9).
  const requireOwnProcess = (agentId: string, name: string): void => {
    const agent = requireAgent(core, agentId);
    if (!runsProcessNamed(core.supervisor, agent.id, name)) throw new CoreRefusal('not-found', `${agent.handle} has no running process named ${name}`);
  };
  const refused = (error: unknown): never => {
    throw new CoreRefusal('refused', (error as Error).message);
  };
  const ownerEnv = { home: core.options.home, from: core.options.env };

  return {
    fileTree(agentId, path, depth) {
      const context = requirePathContext(core, agentId);
      core.watchers.ensure(agentId, context.workspace);
      const tree = workspaceTree(context, path ?? '.', depth ?? 4);
      if (!tree.ok) throw new CoreRefusal('refused', tree.error);
      return tree.value;
    },
    async sameAsHead(agentId, paths) {
      const { workspace } = requireAgentWorkspace(core, agentId);
      if (!workspace.gitBinary) return { paths: [] };
      try {
        return { paths: await sameAsHead({ gitBinary: workspace.gitBinary, workspace: workspace.directory, dataDir: core.options.dataDir }, paths) };
      } catch {
        // A repository the hardened runner refuses is one whose files it cannot vouch for: no dot is dropped.
        return { paths: [] };
      }
    },
    readFile(agentId, path) {
      const file = workspaceFile(requirePathContext(core, agentId), path);
      if (!file.ok) throw new CoreRefusal('refused', file.error);
      return file.value;
    },

    listProcesses: () =>
      core.supervisor.list().map((row) => ({
        name: row.name,
        agentId: row.agentId,
        pid: row.pid,
        argv: row.argv,
        cwd: row.cwd,
        port: row.port,
        status: row.status,
        exitCode: row.exitCode,
        startedAt: row.startedAt,
      })),
    async stopProcess(agentId, name) {
      requireAgent(core, agentId);
      try {
        const row = await core.supervisor.stop(agentId, name);
        return { stopped: row.status !== 'running' };
      } catch (error) {
        return refused(error);
      }
    },
    async stopAllProcesses() {
      const running = core.supervisor.list().filter((row) => row.status === 'running').length;
      await core.supervisor.stopAll();
      return { stopped: running };
    },
    processOutput(agentId, name, since) {
      try {
        const chunk = core.supervisor.output(agentId, name, since);
        return { text: chunk.text, next: chunk.next, running: chunk.running };
      } catch (error) {
        return refused(error);
      }
    },

    // The way into a preview (SPEC §9): the window asks for a single-use ticket URL; the model never sees one.
    previewTickets(agentId, name) {
      requireOwnProcess(agentId, name);
      return () => preview.issueTicket(agentId, name);
    },
    async checkPreview(agentId, name) {
      requireOwnProcess(agentId, name);
      return preview.check(name);
    },

    // The owner's own terminal in the workspace (issue 6): never a model tool, opened only from the window.
    openTerminal(agentId, cols, rows) {
      const { workspace } = requireAgentWorkspace(core, agentId, 'has no workspace to open a terminal in');
      const terminalId = randomUUID();
      terminals.open(terminalId, { ...ownerTerminalLaunch(workspace, ownerEnv), cols, rows });
      return { terminalId };
    },
    writeTerminal(terminalId, data) {
      requireTerminal(terminalId);
      terminals.write(terminalId, data);
    },
    resizeTerminal(terminalId, cols, rows) {
      requireTerminal(terminalId);
      terminals.resize(terminalId, cols, rows);
    },
    closeTerminal: (terminalId) => terminals.close(terminalId),

    // The owner's Screenshot button takes a new picture of the agent's own process, by the same
    // path as the tool (its port, its origin only), and shows it like the tool's.
    async takeScreenshot(agentId, name) {
      const agent = requireAgent(core, agentId);
      const tool = core.dispatcher.toolByName('screenshot');
      if (!tool) throw new CoreRefusal('refused', 'refused: screenshots are not installed in this Paddock');
      const result = await tool.run(
        { name },
        {
          agent,
          workspace: core.workspaces.get(agent.id),
          home: core.options.home,
          dataDir: core.options.dataDir,
          callId: `owner-screenshot-${randomUUID()}`,
          conversationId: '',
          signal: AbortSignal.timeout(60_000),
        },
      );
      if (!result.ok) throw new CoreRefusal('refused', result.error);
      const file = (result.data as { file?: unknown } | undefined)?.file;
      if (typeof file !== 'string') throw new CoreRefusal('refused', 'the screenshot produced no file');
      for (const event of eventsAfter(tool, { agentId: agent.id, args: { name }, data: result.data })) core.events.emit(event);
      return { file };
    },
    // Screenshots live in <data>/files; the window may read back only a PNG from there, by its own name.
    readScreenshot(agentId, file) {
      requireAgent(core, agentId);
      const read = readScreenshotFile(core.options.dataDir, file);
      if (!read.ok) throw new CoreRefusal(read.code, read.reason);
      return { dataUrl: `data:image/png;base64,${read.data.toString('base64')}` };
    },

    summary(agentId) {
      const { agent, workspace } = requireAgentWorkspace(core, agentId);
      return core.summaryFor(agent, workspace);
    },
    failingTests: (agentId) => core.failingTestsFor(agentId, core.workspaces.get(requireAgent(core, agentId).id)),
    openInEditor(agentId, path) {
      const opened = openForOwner(requirePathContext(core, agentId), path ?? '.', core.settings.get<string[] | null>(EDITOR_KEY, null));
      if (!opened.ok) throw new CoreRefusal('refused', opened.reason);
    },
    async pull(agentId) {
      const { workspace } = requireAgentWorkspace(core, agentId);
      // Pull's checkout writes files as the owner: never while contained code could swap a folder of
      // the workspace for a link (into ~/.ssh, say), which git would follow.
      const running = core.sandbox.longLivedIn(workspace.directory);
      if (running > 0) {
        const names = core.supervisor.list().filter((row) => row.status === 'running' && isInside(workspace.directory, row.cwd)).map((row) => `\`${row.name}\``);
        const which = names.length > 0 ? `the agent's ${names.join(', ')}` : `${running} of the agent's processes`;
        throw new CoreRefusal(
          'conflict',
          `Pull writes files in this folder as you, and ${which} still ${running === 1 ? 'runs' : 'run'} in it: contained code could swap a folder for a link while git writes, and git would follow it out of the folder. Stop ${running === 1 ? 'it' : 'them'} (Processes), then pull.`,
        );
      }
      const result = await runOwnerPull(core.lock, workspace, { dataDir: core.options.dataDir, sshAuthSock: core.options.env.SSH_AUTH_SOCK });
      if (!result.ok) throw new CoreRefusal('conflict', result.reason);
      core.events.emit({ type: 'summary.changed', agentId });
      return { ok: result.exitCode === 0, output: result.output };
    },
    async runOwnerTests(agentId, command) {
      const { agent, workspace } = requireAgentWorkspace(core, agentId);
      const result = await runOwnerTests(core.lock, workspace, command, ownerEnv, (run) => core.recordTestRun(run), core.ledger);
      if (!result.ok) throw new CoreRefusal(result.code, result.reason);
      core.events.emit({ type: 'summary.changed', agentId: agent.id });
      return { ok: result.exitCode === 0, output: result.output };
    },
  };
}
