import type { CoreApi } from '../coreApi';
import type { Handlers } from '../router';

// The project's instruction files: what waits for the owner, their answer, and the pins with Forget.
export function instructionHandlers(core: CoreApi): Pick<Handlers, 'instructions.waiting' | 'instructions.accept' | 'instructions.pins' | 'instructions.forget'> {
  return {
    'instructions.waiting': (request) => core.waitingInstructions(request.agentId, request.conversationId),
    'instructions.accept': (request) => core.acceptInstructions(request),
    'instructions.pins': () => core.listInstructionPins(),
    'instructions.forget': (request) => core.forgetInstructionPin(request.directory, request.relPath),
  };
}
