import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { CoreApi } from '../coreApi';
import { ApiRefusal, type Handlers } from '../router';
import { requireAgent } from './context';
import { showInWindow } from '../../events';

const MAX_PNG_BYTES = 20 * 1024 * 1024;

// Screenshots live in <data>/files; the window may read back only a PNG from there, by its own name.
export function screenshotHandlers(core: CoreApi): Pick<Handlers, 'screenshots.read' | 'screenshots.take'> {
  return {
    // The owner's Screenshot button takes a new picture of the agent's own process, by the same
    // path as the tool (its port, its origin only), and shows it like the tool's.
    'screenshots.take': async (request) => {
      const agent = requireAgent(core, request.agentId);
      const tool = core.dispatcher.toolByName('screenshot');
      if (!tool) throw new ApiRefusal('refused', 'refused: screenshots are not installed in this Paddock');
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
      if (!result.ok) throw new ApiRefusal('refused', result.error);
      const file = (result.data as { file?: unknown } | undefined)?.file;
      if (typeof file !== 'string') throw new ApiRefusal('refused', 'the screenshot produced no file');
      showInWindow(core.events, 'screenshot', agent.id, { name: request.name }, result.data);
      return { file };
    },
    'screenshots.read': (request) => {
      requireAgent(core, request.agentId);
      const dir = fs.realpathSync(path.join(core.options.dataDir, 'files'));
      const name = path.basename(request.file);
      const file = path.join(dir, name);
      if (!name.endsWith('.png') || path.dirname(request.file) !== dir) {
        throw new ApiRefusal('refused', 'refused: only a screenshot in Paddock’s files directory can be shown');
      }
      let data: Buffer;
      try {
        const stat = fs.lstatSync(file);
        if (!stat.isFile() || stat.size > MAX_PNG_BYTES) throw new Error('not a regular file of a screenshot’s size');
        data = fs.readFileSync(file);
      } catch (error) {
        throw new ApiRefusal('not-found', `that screenshot cannot be read: ${(error as Error).message}`);
      }
      return { dataUrl: `data:image/png;base64,${data.toString('base64')}` };
    },
  };
}
