// The owner's Screenshot button takes a new picture of the agent's own process, by the same path as
// the tool (its port, its origin only), and shows it like the tool's. Screenshots live in
// <data>/files; the window may read back only a PNG from there, by its own name.
import { randomUUID } from 'node:crypto';
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { eventsAfter } from '../tools/facts';
import { readScreenshotFile } from '../tools/screenshot';
import { requireAgent } from './lookups';
import type { CoreServices } from './services';

export function screenshotsCalls(core: CoreServices): DomainApi<'screenshots'> {
  return {
    async take(request) {
      const agent = requireAgent(core, request.agentId);
      const tool = core.dispatcher.toolByName('screenshot');
      if (!tool) throw new CoreRefusal('refused', 'refused: screenshots are not installed in this Paddock');
      const result = await tool.run(
        { name: request.name },
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
      for (const event of eventsAfter(tool, { agentId: agent.id, args: { name: request.name }, data: result.data }))
        core.events.emit(event);
      return { file };
    },
    read(request) {
      requireAgent(core, request.agentId);
      const read = readScreenshotFile(core.options.dataDir, request.file);
      if (!read.ok) throw new CoreRefusal(read.code, read.reason);
      return { dataUrl: `data:image/png;base64,${read.data.toString('base64')}` };
    },
  };
}
