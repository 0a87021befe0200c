// The window's first module, kept small so it runs the moment it arrives: it asks the core the
// start's questions and, once the core has said which screen opens, fetches that screen's chunk,
// all while React and the stores (start.tsx) are still loading. The stores take these answers
// (api.ts askEarly) and the events heard meanwhile (holdEvents) when they start.
import { askEarly, holdEvents } from './api';
import { agentToSelect } from './lib/agentSelection';
import { markStart } from './lib/startMarks';
import { firstScreen, loadScreen } from './screens';

/** What the window's start asks the core (eventRouter.ts startWindow asks the same, and takes these answers). */
export function askTheCore(): void {
  markStart('entry-run');
  holdEvents();
  // The agents first: the composer waits for the shown agent's conversations, asked as soon as
  // the agents are known (the core answers in order).
  void askEarly('agents.list', {}).then((answer) => {
    markStart('agents-answer');
    const agentId = answer.ok ? agentToSelect(answer.value, null) : null;
    if (agentId) void askEarly('conversations.list', { agentId }).then(() => markStart('conversations-answer'));
  });
  // Which screen opens. index.html may already have fetched its chunk (the host names it there).
  void askEarly('app.info', {}).then((answer) => {
    markStart('first-answer');
    return loadScreen(firstScreen(answer.ok ? answer.value : null));
  });
  void askEarly('cards.list', {});
  void askEarly('processes.list', {});
  void askEarly('remembered.list', {});
  void askEarly('attention.get', {});
}
