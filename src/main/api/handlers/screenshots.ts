import fs from 'node:fs';
import path from 'node:path';
import type { Core } from '../../core';
import { ApiRefusal, type Handlers } from '../router';
import { requireAgent } from './context';

const MAX_PNG_BYTES = 20 * 1024 * 1024;

// Screenshots live in <data>/files; the window may read back only a PNG from there, by its own name.
export function screenshotHandlers(core: Core): Pick<Handlers, 'screenshots.read'> {
  return {
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
