// The owner's answers about the project's instruction files: what waits for them, accepting the text
// they were shown (pinned by its sha256), and the pins Settings → Developer lists with Forget.
import { CoreRefusal, type DomainApi } from '../api/coreApi';
import { InstructionRefusal } from '../owner/projectInstructions';
import type { InstructionPin } from '../store/instructionPins';
import type { InstructionPinView } from '../../shared/ipc';
import { requireAgentWorkspace } from './lookups';
import type { CoreServices } from './services';

function pinView(pin: InstructionPin): InstructionPinView {
  const firstLine =
    pin.content
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 120) ?? '';
  return {
    directory: pin.directory,
    relPath: pin.relPath,
    kind: pin.kind,
    sha256: pin.sha256,
    acceptedAt: pin.acceptedAt,
    firstLine,
  };
}

export function instructionsCalls(core: CoreServices): DomainApi<'instructions'> {
  const instructions = core.projectInstructions;
  return {
    waiting(request) {
      const workspace = core.workspaces.get(request.agentId);
      if (!core.agents.get(request.agentId)) throw new CoreRefusal('not-found', 'there is no such agent');
      return workspace ? instructions.waiting(workspace, request.conversationId ?? null) : [];
    },
    accept(request) {
      const { workspace } = requireAgentWorkspace(core, request.agentId);
      try {
        const pin = instructions.accept(workspace, request.relPath, request.sha256, request.conversationId ?? null);
        core.events.emit({ type: 'instructions.changed', agentId: request.agentId });
        return pinView(pin);
      } catch (error) {
        if (error instanceof InstructionRefusal)
          throw new CoreRefusal(error.code === 'instructions-changed' ? 'conflict' : 'refused', error.message);
        throw error;
      }
    },
    pins: () => instructions.list().map(pinView),
    forget(request) {
      const forgotten = instructions.forget(request.directory, request.relPath);
      if (forgotten) core.events.emit({ type: 'instructions.changed', agentId: null });
      return { forgotten };
    },
  };
}
